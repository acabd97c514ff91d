import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditRecord, AuditView } from '@ccsc/contract';
import { AUDIT_CHAIN_PK, sortKeyOf } from '@ccsc/lambdas/adapters';
import { AUDIT_VERIFICATION_KEY, TABLES, tableName } from '@ccsc/lambdas/data-model';
import { callApi } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  dynamodbDocuments,
  type EnrolledTestUser,
  failureOf,
  type TestUser,
} from '../support/aws';
import { issueCredential } from '../support/oauth';
import { must, newOrganisation, newSystem, ok } from '../support/registry';
import { srpSignIn } from '../support/srp-client';

/**
 * The audit trail's views (issue 18) through the offline console: security events and
 * administrative changes of a fresh organisation, listed from the views' indexes with a `total`
 * equal to the records, for a PlatformAdmin (every organisation) and the organisation's OrgAdmin
 * (theirs alone), the chain still intact with the index attributes on its records, and the last
 * verification kept.
 */

const c = inject('console');
const idp = cognito(c);
const documents = dynamodbDocuments(c);
const AUDIT_TABLE = tableName('local', TABLES.audit);
const MAIN_TABLE = tableName('local', TABLES.main);

interface ListData {
  records: AuditRecord[];
  count: number;
  nextCursor: string | null;
  total: number | null;
}

/** Every page of a list: its records, and the total each page answered. */
const listAll = async (caller: EnrolledTestUser, query: Record<string, unknown>) => {
  const records: AuditRecord[] = [];
  const totals = new Set<number | null>();
  let cursor: string | null = null;
  do {
    const res = await callApi(c, 'list-audit-records', {
      token: caller.idToken,
      body: { ...query, limit: 100, ...(cursor === null ? {} : { cursor }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = (res.body as { data: ListData }).data;
    records.push(...data.records);
    totals.add(data.total);
    cursor = data.nextCursor;
  } while (cursor !== null);
  expect(totals.size, 'every page answers the same total').toBe(1);
  return { records, total: [...totals][0] ?? null };
};

/** The index is eventually consistent (in AWS): a record appended a moment ago may lag. */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (done(value) || attempt >= 20) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const failSignIn = (user: TestUser) =>
  failureOf(
    srpSignIn(idp, {
      userPoolId: c.userPoolId,
      clientId: c.userPoolClientId,
      username: user.email,
      password: `${user.password}-wrong`,
    }),
  );

const lockout = (user: TestUser) =>
  callApi(c, 'accountLockout', { body: { clientId: c.userPoolClientId, email: user.email } });

describe('the audit views', () => {
  let admin: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  let otherAdmin: EnrolledTestUser;
  let failing: EnrolledTestUser;
  let locked: EnrolledTestUser;
  let orgId = '';
  let since = '';

  beforeAll(async () => {
    admin = await createEnrolledUser(c, 'PlatformAdmin');
    since = new Date(Date.now() - 1000).toISOString();
    const suffix = Math.random().toString(36).slice(2, 8);
    const org = await newOrganisation(c, admin, `Audit Views Site ${suffix}`, 'site');
    const other = await newOrganisation(c, admin, `Audit Views Sponsor ${suffix}`, 'sponsor');
    orgId = org.organisationId;
    [orgAdmin, otherAdmin, failing, locked] = await Promise.all([
      createEnrolledUser(c, 'OrgAdmin', orgId),
      createEnrolledUser(c, 'OrgAdmin', other.organisationId),
      createEnrolledUser(c, 'Auditor', orgId),
      createEnrolledUser(c, 'Auditor', orgId),
    ]);

    // Two failed sign-ins (recorded when the login screen asks accountLockout).
    for (let i = 0; i < 2; i += 1) await failSignIn(failing);
    expect((await lockout(failing)).status).toBe(200);
    // Five more, and a lockout.
    for (let i = 0; i < 5; i += 1) await failSignIn(locked);
    expect((await lockout(locked)).body).toEqual({ status: 'success', data: { locked: true } });
    // An administrator's MFA reset: a security event and a change.
    const reset = await callApi(c, 'reset-user-mfa', {
      token: orgAdmin.idToken,
      body: { userName: failing.userName, userRole: 'Auditor' },
    });
    expect(reset.status).toBe(200);
    // A change, and a credential issued and revoked.
    const system = await newSystem(c, admin, orgId, `Audit Views EDC ${suffix}`, 'edc');
    await issueCredential(c, admin, system.systemId, ['ccsc-api/system.read']);
    const [credential] = (
      await ok<{ credentials: { apiId: string; revision: number }[] }>(
        c,
        admin,
        'list-api-credentials',
        { systemId: system.systemId },
      )
    ).credentials;
    await ok(c, admin, 'deleteApiCredential', {
      apiId: must(credential).apiId,
      revision: must(credential).revision,
      reason: 'audit views integration test',
    });
  });

  const expected: Record<Exclude<AuditView, 'changes'>, { action: string; count: number }> = {
    'failed-sign-ins': { action: 'session.login-failed', count: 7 },
    lockouts: { action: 'account.locked', count: 1 },
    'mfa-resets': { action: 'user.mfa-reset', count: 1 },
    'credential-revocations': { action: 'api-credential.revoked', count: 1 },
  };

  it('serves the organisation’s OrgAdmin each view of it with a total equal to its records', async () => {
    for (const [view, { action, count }] of Object.entries(expected)) {
      const { records, total } = await eventually(
        () => listAll(orgAdmin, { view, from: since }),
        (out) => out.records.length >= count,
      );
      expect(
        records.map((r) => r.action),
        view,
      ).toEqual(Array(count).fill(action));
      expect(total, view).toBe(count);
      expect(new Set(records.map((r) => r.organisationId))).toEqual(new Set([orgId]));
      const ats = records.map((r) => r.at);
      expect(ats, view).toEqual([...ats].sort().reverse());
    }
    const failedTargets = (await listAll(orgAdmin, { view: 'failed-sign-ins', from: since }))
      .records;
    expect(failedTargets.filter((r) => r.target?.id === failing.userName)).toHaveLength(2);
    expect(failedTargets.filter((r) => r.target?.id === locked.userName)).toHaveLength(5);

    const changes = await listAll(orgAdmin, { view: 'changes', from: since });
    expect(changes.total).toBe(changes.records.length);
    expect(changes.records.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'organisation.created',
        'user.mfa-reset',
        'system.created',
        'api-credential.issued',
        'api-credential.revoked',
      ]),
    );
    // Nothing a sign-in, a job or nobody did.
    expect(changes.records.every((r) => r.actor !== null && r.outcome === 'success')).toBe(true);
    expect(changes.records.map((r) => r.action)).not.toContain('session.login-failed');
  });

  it('shows another organisation’s OrgAdmin none of them', async () => {
    for (const view of [...Object.keys(expected), 'changes']) {
      const { records, total } = await listAll(otherAdmin, { view, from: since });
      expect(
        records.filter((r) => r.organisationId === orgId),
        view,
      ).toEqual([]);
      expect(total, view).toBe(records.length);
    }
    const failed = await listAll(otherAdmin, { view: 'failed-sign-ins', from: since });
    expect(failed).toEqual({ records: [], total: 0 });
  });

  it('serves a PlatformAdmin every organisation’s, the total equal to the records', async () => {
    for (const [view, { count }] of Object.entries(expected)) {
      const { records, total } = await listAll(admin, { view, from: since });
      expect(total, view).toBe(records.length);
      expect(
        records.filter((r) => r.organisationId === orgId),
        view,
      ).toHaveLength(count);
    }
    const changes = await listAll(admin, { view: 'changes', from: since });
    expect(changes.total).toBe(changes.records.length);
    // The other organisation's creation is a change too.
    expect(changes.records.filter((r) => r.action === 'organisation.created')).toHaveLength(2);
  });

  it('has no total once another filter applies, and exports a view’s records', async () => {
    const byTarget = await listAll(orgAdmin, {
      view: 'failed-sign-ins',
      from: since,
      target: locked.email,
    });
    expect(byTarget.records).toHaveLength(5);
    expect(byTarget.total).toBeNull();
    expect((await listAll(orgAdmin, { from: since, action: 'account.locked' })).total).toBeNull();

    const res = await callApi(c, 'export-audit-records', {
      token: orgAdmin.idToken,
      body: { view: 'failed-sign-ins', from: since },
    });
    expect(res.status).toBe(200);
    expect((res.body as { data: { rows: number } }).data.rows).toBe(7);
  });

  it('keeps the index attributes beside the hashed content, the chain intact, the check recorded', async () => {
    const [revocation] = (await listAll(orgAdmin, { view: 'credential-revocations', from: since }))
      .records;
    const item = (
      await documents.send(
        new GetCommand({
          TableName: AUDIT_TABLE,
          Key: { pk: AUDIT_CHAIN_PK, sk: sortKeyOf(must(revocation).seq) },
        }),
      )
    ).Item;
    expect(item).toMatchObject({
      gSec: 'credential-revocations',
      gSecOrg: `${orgId}#credential-revocations`,
      gChg: 'CHANGE',
      gChgOrg: orgId,
      gAt: `${must(revocation).at}#${sortKeyOf(must(revocation).seq)}`,
    });
    // The index answers DynamoDB's own way too: a Query of the organisation's partition.
    const queried = await documents.send(
      new QueryCommand({
        TableName: AUDIT_TABLE,
        IndexName: 'securityByOrg',
        KeyConditionExpression: 'gSecOrg = :p AND gAt >= :from',
        ExpressionAttributeValues: { ':p': `${orgId}#lockouts`, ':from': since },
        Select: 'COUNT',
      }),
    );
    expect(queried.Count).toBe(1);

    const verified = await callApi(c, 'verify-audit-chain', { token: admin.idToken, body: {} });
    expect(verified.status).toBe(200);
    const verdict = (
      verified.body as { data: { intact: boolean; records: number; checkedAt: string } }
    ).data;
    expect(verdict).toMatchObject({ intact: true });
    const last = (
      await documents.send(
        new GetCommand({
          TableName: MAIN_TABLE,
          Key: AUDIT_VERIFICATION_KEY,
          ConsistentRead: true,
        }),
      )
    ).Item;
    expect(last).toMatchObject({
      ...AUDIT_VERIFICATION_KEY,
      checkedAt: verdict.checkedAt,
      intact: true,
      records: verdict.records,
      brokenAt: null,
      reason: null,
      by: { email: admin.email },
      source: 'console',
    });
  });
});
