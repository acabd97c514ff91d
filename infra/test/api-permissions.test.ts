import { describe, expect, it } from 'vitest';
import { operations, routes, type Operation } from '@ccsc/contract';
import { PARTNER_FUNCTIONS } from '../lib/constructs/api';
import {
  AUDIT_TABLE_DENIED_ACTIONS,
  isMfaGated,
  OPERATION_PERMISSIONS,
  PERMISSIONS,
} from '../lib/permissions';
import { logicalId, resourcesAround } from './support/stacks';
import {
  READ_ACCOUNT_ACTIONS,
  allowedOf,
  asArray,
  auditAppend,
  auditArn,
  inOneOrder,
  mailSender,
  mainTable,
  policyOf,
  poolArn,
  senderArns,
  stack,
  statement,
} from './support/api-kit';

describe('Api: least privilege per operation', () => {
  it('has a row in the permission table for every function, console and partner alike', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...operations, ...PARTNER_FUNCTIONS].sort());
  });

  it('never grants a "*" action, and "*" resources only to X-Ray', () => {
    for (const op of operations) {
      for (const s of policyOf(op)) {
        for (const action of asArray(s.Action)) {
          expect(action, op).not.toMatch(/\*/);
        }
        if (s.Resource === '*') {
          expect(asArray(s.Action).sort(), op).toEqual([
            'xray:PutTelemetryRecords',
            'xray:PutTraceSegments',
          ]);
        }
      }
      const { role: roleConstruct } = stack.api.functions[op];
      const role = resourcesAround(roleConstruct)[logicalId(stack, roleConstruct)]?.Properties;
      expect(role?.ManagedPolicyArns, op).toBeUndefined();
    }
  });

  it('denies every function updates and deletes on the audit trail', () => {
    for (const op of operations) {
      const deny = policyOf(op).find((s) => s.Effect === 'Deny');
      expect(deny, op).toBeDefined();
      expect(asArray(deny?.Action).sort(), op).toEqual([...AUDIT_TABLE_DENIED_ACTIONS].sort());
      expect(deny?.Resource, op).toEqual(auditArn);
    }
  });

  it('grants exactly the permission table', () => {
    const granted = (op: Operation) => allowedOf(policyOf(op));
    const READ = READ_ACCOUNT_ACTIONS;
    // Keeping the user index in step: the row and its change record, the version, the lock read.
    const INDEX_WRITES = [
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ];

    expect(granted('logout')).toEqual([
      statement(0, ['cognito-idp:AdminUserGlobalSignOut'], poolArn),
      auditAppend(1),
    ]);
    expect(granted('redirectUser')).toEqual([
      statement(0, READ, poolArn),
      auditAppend(1),
      statement(2, INDEX_WRITES, mainTable),
    ]);
    // The audit trail's views (issue 18): its indexes, Query only.
    const auditIndexes: unknown = inOneOrder(
      stack.resolve(
        ['security', 'securityByOrg', 'changes', 'changesByOrg'].map(
          (i) => `${stack.data.auditTable.tableArn}/index/${i}`,
        ),
      ) as unknown[],
    );
    expect(granted('export-audit-records')).toEqual([
      statement(0, READ, poolArn),
      auditAppend(1),
      statement(2, ['dynamodb:Query'], auditIndexes),
      statement(
        3,
        ['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject'],
        stack.resolve(stack.data.exportsBucket.arnForObjects('*')),
      ),
    ]);
    // The audit screen reads the trail back: Query only, never a write.
    expect(granted('list-audit-records')).toEqual([
      statement(0, READ, poolArn),
      statement(1, ['dynamodb:Query'], auditArn),
      statement(2, ['dynamodb:Query'], auditIndexes),
    ]);
    // Verifying walks the chain and keeps what it found (main table, AUDIT#VERIFICATION only).
    expect(granted('verify-audit-chain')).toEqual([
      statement(0, READ, poolArn),
      statement(1, ['dynamodb:Query'], auditArn),
      {
        ...statement(2, ['dynamodb:PutItem'], mainTable),
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#VERIFICATION'] },
        },
      },
    ]);
    expect(granted('list-all-users')).toEqual([
      statement(0, [...READ, 'cognito-idp:ListUsers'], poolArn),
      statement(1, [...INDEX_WRITES, 'dynamodb:Query'].sort(), mainTable),
    ]);
    expect(granted('export-users')).toEqual([
      statement(0, [...READ, 'cognito-idp:ListUsers'], poolArn),
      statement(1, [...INDEX_WRITES, 'dynamodb:Query'].sort(), mainTable),
      statement(
        2,
        ['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject'],
        stack.resolve(stack.data.exportsBucket.arnForObjects('*')),
      ),
      auditAppend(3),
    ]);
    expect(granted('accountLockout')).toEqual([
      statement(
        0,
        [
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminListUserAuthEvents',
          'cognito-idp:AdminUserGlobalSignOut',
          'cognito-idp:ListUsersInGroup',
        ],
        poolArn,
      ),
      statement(1, INDEX_WRITES, mainTable),
      auditAppend(2),
    ]);
    expect(granted('confirm-forget-password')).toEqual([
      statement(0, [...READ, 'cognito-idp:AdminListUserAuthEvents'], poolArn),
      statement(1, INDEX_WRITES, mainTable),
      auditAppend(2),
    ]);
    const sendMail = (i: number) => statement(i, ['ses:SendEmail'], mailSender);
    expect(granted('forget-totp')).toEqual([
      statement(0, READ, poolArn),
      statement(1, ['dynamodb:PutItem'], mainTable),
      auditAppend(2),
      sendMail(3),
    ]);
    expect(granted('forget-totp/confirm')).toEqual([
      statement(
        0,
        [
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminSetUserMFAPreference',
          'cognito-idp:AdminUserGlobalSignOut',
        ],
        poolArn,
      ),
      statement(1, INDEX_WRITES, mainTable),
      auditAppend(2),
      sendMail(3),
    ]);
    for (const op of ['forget-totp', 'forget-totp/confirm'] as const) {
      expect(granted(op)[3]?.Resource, op).toHaveLength(senderArns.length);
    }
    // User management: every step of every journaled user write (an interrupted write of any
    // kind is finished by the next write on the same user), the journal and the lease.
    for (const op of [
      'create-user',
      'update-user',
      'enable-user',
      'disable-user',
      'delete-user',
      'reset-user-mfa',
      'resend-invitation',
    ] as const) {
      expect(granted(op), op).toEqual([
        statement(
          0,
          [
            ...READ,
            'cognito-idp:AdminAddUserToGroup',
            'cognito-idp:AdminCreateUser',
            'cognito-idp:AdminDeleteUser',
            'cognito-idp:AdminDeleteUserAttributes',
            'cognito-idp:AdminDisableUser',
            'cognito-idp:AdminEnableUser',
            'cognito-idp:AdminRemoveUserFromGroup',
            'cognito-idp:AdminSetUserMFAPreference',
            'cognito-idp:AdminUpdateUserAttributes',
            'cognito-idp:AdminUserGlobalSignOut',
            'cognito-idp:ListUsersInGroup',
          ].sort(),
          poolArn,
        ),
        statement(1, INDEX_WRITES, mainTable),
        auditAppend(2),
      ]);
    }
    // The registry: only the main table's REGISTRY# partitions (the journal's entry: JOURNAL).
    const within = (partitions: string[], s: ReturnType<typeof statement>) => ({
      ...s,
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions } },
    });
    const registryRead = (i: number) =>
      within(['REGISTRY#*'], statement(i, ['dynamodb:GetItem', 'dynamodb:Query'], mainTable));
    const REGISTRY_COMMIT = [
      'dynamodb:BatchGetItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ];
    const journalEntry = within(
      ['JOURNAL'],
      statement(
        2,
        ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        mainTable,
      ),
    );
    for (const op of [
      'getSiteOrgList',
      'getSponsorList',
      'getOrgSysList',
      'list-organisations',
      'get-organisation',
      'list-studies',
      'list-connections',
      'search-site-directory',
    ] as const) {
      expect(granted(op), op).toEqual([statement(0, READ, poolArn), registryRead(1)]);
    }
    // Issue 35: a registry write emits its events (the organisation's feed, the fan-out's queue).
    const eventsAppend = [
      within(
        ['EVENT#*'],
        statement(4, ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], mainTable),
      ),
      within(['EVENTFANOUT'], statement(5, ['dynamodb:PutItem'], mainTable)),
    ];
    for (const op of [
      'create-organisation',
      'update-organisation',
      'activate-organisation',
      'deactivate-organisation',
      'create-system',
      'update-system',
      'activate-system',
      'deactivate-system',
      'create-study',
      'update-study',
      'invite-site',
      'accept-connection',
      'decline-connection',
      'suspend-connection',
      'resume-connection',
      'end-connection',
    ] as const) {
      expect(granted(op), op).toEqual([
        statement(0, READ, poolArn),
        within(['REGISTRY#*'], statement(1, REGISTRY_COMMIT, mainTable)),
        journalEntry,
        auditAppend(3),
        ...eventsAppend,
      ]);
    }
    for (const op of ['import-organisations', 'import-systems'] as const) {
      expect(granted(op), op).toEqual([
        statement(0, READ, poolArn),
        within(
          ['REGISTRY#*'],
          statement(1, [...REGISTRY_COMMIT, 'dynamodb:BatchWriteItem'].sort(), mainTable),
        ),
        journalEntry,
        auditAppend(3),
        ...eventsAppend,
      ]);
    }
    for (const op of ['export-organisations', 'export-systems', 'export-connections'] as const) {
      expect(granted(op), op).toEqual([
        statement(0, READ, poolArn),
        registryRead(1),
        statement(
          2,
          ['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject'],
          stack.resolve(stack.data.exportsBucket.arnForObjects('*')),
        ),
        auditAppend(3),
      ]);
    }
    // Operations not built yet: only the router's MFA gate (the account read), or nothing if public.
    for (const op of operations) {
      if (OPERATION_PERMISSIONS[op].length > 0) continue;
      expect(granted(op), op).toEqual(isMfaGated(op) ? [statement(0, READ, poolArn)] : []);
    }
  });

  it('lets every MFA-gated function read accounts (AdminGetUser, their groups), and only those routes', () => {
    for (const op of operations) {
      const route = routes[op];
      const gated = route.auth === 'authenticated' && !('allowedBeforeMfa' in route);
      expect(isMfaGated(op), op).toBe(gated);
      const poolActions = PERMISSIONS[op].find((g) => g.on === 'userPool')?.actions ?? [];
      if (gated) expect(poolActions, op).toContain('cognito-idp:AdminGetUser');
      if (gated) expect(poolActions, op).toContain('cognito-idp:AdminListGroupsForUser');
    }
  });

  it('never lets a function update or delete audit records, only append them', () => {
    for (const op of operations) {
      const audit = PERMISSIONS[op].find((g) => g.on === 'auditTable')?.actions ?? [];
      for (const action of audit) {
        expect(['dynamodb:PutItem', 'dynamodb:Query'], op).toContain(action);
      }
    }
  });

  it('lets each function write only to its own log group', () => {
    for (const op of operations) {
      const logs = policyOf(op).find((s) => s.Sid === 'OwnLogGroup');
      expect(logs?.Resource, op).toEqual({
        'Fn::GetAtt': [logicalId(stack, stack.api.functions[op].logGroup), 'Arn'],
      });
    }
  });
});
