import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { operations, type Operation } from '@ccsc/contract';
import {
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  partnerRouteList,
} from '@ccsc/contract/partner-api';
import { PARTNER_FUNCTIONS, type PartnerFunction, STAGE_NAME } from '../lib/constructs/api';
import { AUDIT_TABLE_DENIED_ACTIONS, PERMISSIONS } from '../lib/permissions';
import {
  inParentTerms,
  logicalId,
  resourcesAround,
  resourcesOf,
  templateOf,
} from './support/stacks';
import {
  READ_ACCOUNT_ACTIONS,
  all,
  allowedOf,
  asArray,
  auditAppend,
  auditArn,
  mailSender,
  mainTable,
  partnerMethods,
  policyOf,
  poolArn,
  routeMethods,
  stack,
  statement,
} from './support/api-kit';

describe('Api: API credentials and the partner API', () => {
  const exportsObjects: unknown = stack.resolve(stack.data.exportsBucket.arnForObjects('*'));
  const within = (partitions: string[], s: ReturnType<typeof statement>) => ({
    ...s,
    Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions } },
  });
  const READ = READ_ACCOUNT_ACTIONS;
  const pool = (i: number, actions: string[]) => statement(i, actions.sort(), poolArn);
  const registryRead = (i: number) =>
    within(['REGISTRY#*'], statement(i, ['dynamodb:GetItem', 'dynamodb:Query'], mainTable));
  const sendMail = (i: number) => statement(i, ['ses:SendEmail'], mailSender);
  // The credential partitions, each exactly (no CREDENTIAL* prefix).
  const readOne = (i: number) =>
    within(['CREDENTIAL', 'CREDENTIAL#USED'], statement(i, ['dynamodb:GetItem'], mainTable));
  const change = (i: number) =>
    within(['CREDENTIAL'], statement(i, ['dynamodb:PutItem'], mainTable));

  /** A partner function's policy statements, in the parent stack's terms. */
  const partnerPolicyOf = (name: PartnerFunction) => {
    const fn = stack.api.functions[name];
    const roleId = logicalId(stack, fn.role);
    const policies = Object.values(resourcesOf(templateOf(fn), 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties?.Roles).includes(`"${roleId}"`),
    );
    expect(policies).toHaveLength(1);
    const document = policies[0]?.Properties?.PolicyDocument as {
      Statement: Record<string, unknown>[];
    };
    return inParentTerms(fn, document.Statement) as Record<string, unknown>[];
  };

  it('grants each credential call exactly the steps its core takes', () => {
    const granted = (op: Operation) => allowedOf(policyOf(op));
    expect(granted('list-api-credentials')).toEqual([
      pool(0, READ),
      within(['CREDENTIAL', 'CREDENTIAL#USED'], statement(1, ['dynamodb:Query'], mainTable)),
      registryRead(2),
    ]);
    // Every change a journaled write (issue 32): its entry, the record read and changed, the
    // audit record appended once (Query: looked for after an interruption).
    const journal = (i: number) =>
      within(
        ['JOURNAL'],
        statement(
          i,
          ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          mainTable,
        ),
      );
    const outbox = (i: number) =>
      within(['OUTBOX'], statement(i, ['dynamodb:PutItem', 'dynamodb:UpdateItem'], mainTable));
    const written = (from: number) => [
      journal(from),
      readOne(from + 1),
      change(from + 2),
      auditAppend(from + 3),
    ];
    expect(granted('generateApiCredential')).toEqual([
      pool(0, [
        ...READ,
        'cognito-idp:CreateUserPoolClient',
        'cognito-idp:DeleteUserPoolClient',
        'cognito-idp:ListUserPoolClients',
      ]),
      registryRead(1),
      ...written(2),
      within(['CREDENTIAL', 'CREDENTIAL#CLIENT'], statement(6, ['dynamodb:PutItem'], mainTable)),
      within(['CREDENTIAL#CLIENT'], statement(7, ['dynamodb:GetItem'], mainTable)),
      outbox(8),
      sendMail(9),
    ]);
    expect(granted('resendApiCredential')).toEqual([
      pool(0, READ),
      registryRead(1),
      ...written(2),
      outbox(6),
      sendMail(7),
    ]);
    expect(granted('retire-api-credential-secret')).toEqual([
      pool(0, [
        ...READ,
        'cognito-idp:DeleteUserPoolClientSecret',
        'cognito-idp:ListUserPoolClientSecrets',
      ]),
      registryRead(1),
      ...written(2),
    ]);
    expect(granted('deleteApiCredential')).toEqual([
      pool(0, [...READ, 'cognito-idp:DeleteUserPoolClient']),
      registryRead(1),
      ...written(2),
    ]);
    expect(granted('downloadApiScope')).toEqual([
      pool(0, READ),
      readOne(1),
      registryRead(2),
      statement(3, ['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject'], exportsObjects),
      auditAppend(4),
    ]);
    // The public link page: no account to read, nothing written but the reveal's own steps.
    expect(granted('get-api-credential-link')).toEqual([readOne(0), registryRead(1)]);
    expect(granted('decription')).toEqual([
      registryRead(0),
      ...written(1),
      pool(5, [
        'cognito-idp:AddUserPoolClientSecret',
        'cognito-idp:DeleteUserPoolClientSecret',
        'cognito-idp:DescribeUserPoolClient',
        'cognito-idp:ListUserPoolClientSecrets',
      ]),
    ]);
  });

  it('grants the partner functions the credential lookup, the last-use write and the registry only', () => {
    const partnerCall = [
      within(
        ['CREDENTIAL', 'CREDENTIAL#CLIENT', 'CREDENTIAL#USED'],
        statement(0, ['dynamodb:GetItem'], mainTable),
      ),
      within(['CREDENTIAL#USED'], statement(1, ['dynamodb:PutItem'], mainTable)),
      registryRead(2),
    ];
    expect(allowedOf(partnerPolicyOf('partner-me'))).toEqual(partnerCall);
    expect(allowedOf(partnerPolicyOf('partner-connections'))).toEqual(partnerCall);
    expect(allowedOf(partnerPolicyOf('partner-openapi'))).toEqual([]);
    for (const name of PARTNER_FUNCTIONS) {
      const statements = partnerPolicyOf(name);
      // Never the user pool (machines have no account), never a "*" beyond X-Ray.
      expect(JSON.stringify(statements), name).not.toContain('cognito-idp');
      for (const s of statements.filter((x) => x.Resource === '*')) {
        for (const a of asArray(s.Action)) expect(String(a), name).toMatch(/^xray:/);
      }
      const deny = statements.find((s) => s.Effect === 'Deny');
      expect(asArray(deny?.Action).sort(), name).toEqual([...AUDIT_TABLE_DENIED_ACTIONS].sort());
      expect(deny?.Resource, name).toEqual(auditArn);
    }
  });

  it('never grants a Cognito wildcard, and the client actions only where a core calls them', () => {
    const clientActions = new Map<string, string[]>();
    for (const [name, grants] of [
      ...operations.map((op) => [op, PERMISSIONS[op]] as const),
      ...PARTNER_FUNCTIONS.map((n) => [n, PERMISSIONS[n]] as const),
    ]) {
      for (const action of grants.flatMap((g) => g.actions)) {
        expect(action, name).not.toMatch(/\*/);
        if (/UserPoolClient/.test(action)) {
          clientActions.set(action, [...(clientActions.get(action) ?? []), name].sort());
        }
      }
    }
    expect(Object.fromEntries(clientActions)).toEqual({
      'cognito-idp:CreateUserPoolClient': ['generateApiCredential'],
      // An issue cut short finds the client it made by name (issue 32).
      'cognito-idp:ListUserPoolClients': ['generateApiCredential'],
      // A refused issue deletes the client it made.
      'cognito-idp:DeleteUserPoolClient': ['deleteApiCredential', 'generateApiCredential'],
      'cognito-idp:DescribeUserPoolClient': ['decription'],
      'cognito-idp:AddUserPoolClientSecret': ['decription'],
      'cognito-idp:ListUserPoolClientSecrets': ['decription', 'retire-api-credential-secret'],
      'cognito-idp:DeleteUserPoolClientSecret': ['decription', 'retire-api-credential-secret'],
    });
  });

  it('serves the contract’s partner routes under /ccsc/api/v1/ with no gateway authorizer: each function checks the token', () => {
    const deployed = partnerMethods.map((m) => `${m.httpMethod} ${m.path}`).sort();
    expect(deployed).toEqual(
      [
        ...partnerRouteList.map((r) => `${r.method} ${PARTNER_API_PREFIX}${r.path}`),
        `GET ${PARTNER_API_PREFIX}${PARTNER_OPENAPI_PATH}`,
      ].sort(),
    );
    // Issue 36: the function answers 401 with RFC 6750's challenge (a gateway response cannot).
    for (const route of partnerRouteList) {
      const method = partnerMethods.find((m) => m.props.OperationName === route.operation);
      expect(method?.path, route.operation).toBe(`${PARTNER_API_PREFIX}${route.path}`);
      expect(method?.props, route.operation).toMatchObject({
        AuthorizationType: 'NONE',
        OperationName: route.operation,
      });
      expect(method?.props.AuthorizerId, route.operation).toBeUndefined();
      expect(method?.props.AuthorizationScopes, route.operation).toBeUndefined();
      // The token before the input: no gateway check answers a call without a token first.
      expect(method?.props.RequestValidatorId, route.operation).toBeUndefined();
    }
    // No authorizer takes access tokens: the API's one is the console's, for ID tokens.
    const authorizers = Object.values(all).filter((r) => r.Type === 'AWS::ApiGateway::Authorizer');
    expect(authorizers).toHaveLength(1);
    expect(authorizers[0]?.Properties).toMatchObject({ Type: 'COGNITO_USER_POOLS' });
    for (const m of routeMethods) expect(m.props.AuthorizationScopes, m.path).toBeUndefined();
  });

  it('tells each partner function how to check the pool’s tokens: region and pool, no issuer override', () => {
    for (const name of PARTNER_FUNCTIONS) {
      const fn = stack.api.functions[name];
      const variables =
        (
          resourcesAround(fn)[logicalId(stack, fn.function)]?.Properties?.Environment as
            { Variables?: Record<string, unknown> } | undefined
        )?.Variables ?? {};
      expect(variables.USER_POOL_ID, name).toBeDefined();
      expect(variables.TOKEN_ISSUER, name).toBeUndefined();
      expect(variables.TOKEN_JWKS_URL, name).toBeUndefined();
    }
  });

  it('serves openapi.json without an authorizer', () => {
    const openapi = partnerMethods.find(
      (m) => m.path === `${PARTNER_API_PREFIX}${PARTNER_OPENAPI_PATH}`,
    );
    expect(openapi?.props.AuthorizationType).toBe('NONE');
    expect(openapi?.props.AuthorizerId).toBeUndefined();
    expect(openapi?.props.AuthorizationScopes).toBeUndefined();
  });

  it('runs each partner call in its own function, invoked for that method only', () => {
    for (const name of PARTNER_FUNCTIONS) {
      const fn = stack.api.functions[name];
      expect(Stack.of(fn), name).toBe(stack.api.functionStacks.partner);
      const props = resourcesAround(fn)[logicalId(stack, fn.function)]?.Properties ?? {};
      expect(props.FunctionName, name).toBe(`ccsc-sit-partner-${name.replace(/^partner-/, '')}`);
      expect(props.Architectures, name).toEqual(['arm64']);
      // The method proxies to the function's ARN, an output of the partner functions' stack.
      const nested = stack.api.functionStacks.partner.nestedStackResource;
      if (nested === undefined) throw new Error('partner functions: no nested stack resource');
      const integration = partnerMethods.find((m) => m.props.OperationName === name)?.props
        .Integration as { Type?: string; Uri?: unknown } | undefined;
      expect(integration?.Type, name).toBe('AWS_PROXY');
      expect(JSON.stringify(integration?.Uri), name).toContain(`"${logicalId(stack, nested)}"`);
      // Its invoke permission (RouteExtras) allows exactly that method and path.
      const permission = stack.api.routeExtras.partnerPermissions[name];
      expect(permission, name).toBeDefined();
      const method = partnerMethods.find((m) => m.props.OperationName === name);
      const path = (method?.path ?? '').replace(/\{[^}]*\}/g, '*');
      expect(JSON.stringify(stack.resolve(permission?.sourceArn)), name).toContain(
        `/${STAGE_NAME}/${method?.httpMethod ?? ''}${path}"`,
      );
    }
  });
});
