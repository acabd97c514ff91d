import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, operations, routeList, routes, type Operation } from '@ccsc/contract';
import { LAMBDA_ENV_NAMES, parseLambdaEnv } from '@ccsc/lambdas/env';
import {
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  partnerRouteList,
} from '@ccsc/contract/partner-api';
import { PARTNER_FUNCTIONS, type PartnerFunction, STAGE_NAME } from '../lib/constructs/api';
import { functionNameOf } from '../lib/constructs/operation-functions';
import { implemented } from '@ccsc/lambdas/handlers';
import { areaOf, FEATURE_AREA_NAMES, FEATURE_AREAS } from '../lib/feature-areas';
import {
  AUDIT_TABLE_DENIED_ACTIONS,
  isMfaGated,
  OPERATION_PERMISSIONS,
  PERMISSIONS,
} from '../lib/permissions';
import {
  inParentTerms,
  logicalId,
  resourcesAround,
  resourcesOf,
  sitStack,
  stacksOf,
  templateOf,
  type Resource,
} from './support/stacks';

const { template, stack, app } = sitStack();
const all = template.toJSON().Resources as Record<string, Resource>;

/** Full path of an API Gateway resource, from its ParentId chain. */
const pathOf = (resourceRef: unknown): string => {
  const ref = (resourceRef as { Ref?: string }).Ref;
  if (ref === undefined) return ''; // the root: Fn::GetAtt RootResourceId
  const props = all[ref]?.Properties as { ParentId: unknown; PathPart: string };
  return `${pathOf(props.ParentId)}/${props.PathPart}`;
};

const methods = Object.values(resourcesOf(template, 'AWS::ApiGateway::Method')).map((m) => {
  const p = m.Properties as Record<string, unknown>;
  return {
    httpMethod: p.HttpMethod as string,
    path: pathOf(p.ResourceId),
    props: p,
  };
});
/** The console's routes (/ccsc/ui/); the partner API's (/ccsc/api/v1/) are apart. */
const routeMethods = methods.filter(
  (m) => m.httpMethod !== 'OPTIONS' && m.path.startsWith(API_PREFIX),
);
const partnerMethods = methods.filter((m) => m.path.startsWith(PARTNER_API_PREFIX));

/** An operation's function, from the template of the (nested) stack it is in. */
const functionOf = (op: Operation) => {
  const fn = stack.api.functions[op];
  const id = logicalId(stack, fn.function);
  const resource = resourcesAround(fn)[id];
  if (resource?.Type !== 'AWS::Lambda::Function') throw new Error(`no function for ${op}`);
  return { id, construct: fn, props: resource.Properties as Record<string, unknown> };
};
/** An operation's policy statements, in the parent stack's terms (its parameters resolved). */
const policyOf = (op: Operation) => {
  const fn = stack.api.functions[op];
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
const asArray = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : [v]);

describe('Api: routes generated from the contract', () => {
  it('has exactly the contract’s routes: one method per route under /ccsc/ui/', () => {
    const deployed = routeMethods.map((m) => `${m.httpMethod} ${m.path}`).sort();
    const contract = routeList.map((r) => `${r.method} ${API_PREFIX}${r.path}`).sort();
    expect(deployed).toEqual(contract);
  });

  it('turns nested paths into nested resources', () => {
    const resources = Object.values(resourcesOf(template, 'AWS::ApiGateway::Resource'));
    const artifact = resources.filter((r) => r.Properties?.PathPart === 'artifact');
    expect(artifact).toHaveLength(1);
    expect(
      routeMethods.find((m) => m.props.OperationName === 'artifact/list-standards')?.path,
    ).toBe('/ccsc/ui/artifact/list-standards');
  });

  it('puts the Cognito authorizer on every authenticated route and none on the public ones', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [logicalId(stack, stack.auth.userPool), 'Arn'] }],
    });
    for (const route of routeList) {
      const m = routeMethods.find((x) => x.props.OperationName === route.operation);
      if (route.auth === 'authenticated') {
        expect(m?.props.AuthorizationType, route.operation).toBe('COGNITO_USER_POOLS');
        expect(m?.props.AuthorizerId, route.operation).toBeDefined();
      } else {
        expect(m?.props.AuthorizationType, route.operation).toBe('NONE');
        expect(m?.props.AuthorizerId, route.operation).toBeUndefined();
      }
    }
  });

  it('validates requests: body models for body routes, declared query strings for query routes', () => {
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', {
      ValidateRequestBody: true,
      ValidateRequestParameters: true,
    });
    for (const route of routeList) {
      const m = routeMethods.find((x) => x.props.OperationName === route.operation);
      expect(m?.props.RequestValidatorId, route.operation).toBeDefined();
      if (route.input === 'body') {
        expect(m?.props.RequestModels, route.operation).toHaveProperty(['application/json']);
      } else {
        expect(m?.props.RequestModels, route.operation).toBeUndefined();
      }
    }
    const getOrgSys = routeMethods.find((x) => x.props.OperationName === 'getOrgSysList');
    expect(getOrgSys?.props.RequestParameters).toEqual({
      'method.request.querystring.organisationId': false,
      'method.request.querystring.search': false,
      'method.request.querystring.status': false,
      'method.request.querystring.kind': false,
      'method.request.querystring.environment': false,
      'method.request.querystring.cursor': false,
      'method.request.querystring.limit': false,
    });
  });

  it('checks the structure of a body at the gateway and leaves string rules to the Lambda', () => {
    templateOf(stack.api.routeExtras).hasResourceProperties('AWS::ApiGateway::Model', {
      Name: 'ConfirmForgetPasswordBody',
      ContentType: 'application/json',
      Schema: {
        $schema: 'http://json-schema.org/draft-04/schema#',
        type: ['object', 'null'],
        properties: {
          clientId: { type: 'string' },
          email: { type: 'string' },
          newPassword: { type: 'string' },
          confirmationCode: { type: 'string' },
        },
        required: ['clientId', 'email', 'newPassword', 'confirmationCode'],
        additionalProperties: false,
      },
    });
  });

  it('answers CORS preflights for the console’s origin only', () => {
    const distribution = logicalId(stack, stack.site.distribution);
    for (const route of routeList) {
      const preflight = methods.find(
        (m) => m.httpMethod === 'OPTIONS' && m.path === `${API_PREFIX}${route.path}`,
      );
      const params = (
        preflight?.props.Integration as {
          IntegrationResponses: { ResponseParameters: Record<string, unknown> }[];
        }
      ).IntegrationResponses[0]?.ResponseParameters;
      expect(params?.['method.response.header.Access-Control-Allow-Origin']).toEqual({
        'Fn::Join': ['', ["'https://", { 'Fn::GetAtt': [distribution, 'DomainName'] }, "'"]],
      });
      expect(params?.['method.response.header.Access-Control-Allow-Methods']).toBe(
        `'${route.method}'`,
      );
      expect(params?.['method.response.header.Access-Control-Allow-Headers']).toBe(
        "'Authorization,Content-Type'",
      );
    }
  });
});

describe('Api: gateway responses in the contract’s envelope', () => {
  const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse')).map(
    (r) => r.Properties as Record<string, unknown>,
  );
  const byType = (type: string) => responses.find((r) => r.ResponseType === type);

  it('answers 401 exactly as the offline authorizer does', () => {
    const unauthorized = byType('UNAUTHORIZED');
    expect(unauthorized?.StatusCode).toBe('401');
    expect(unauthorized?.ResponseTemplates).toEqual({
      'application/json':
        '{"status":"error","error":{"code":"UNAUTHORIZED","message":"Unauthorized"}}',
    });
  });

  it('covers the defaults, access denied, throttling and validation, each with CORS headers', () => {
    for (const type of [
      'DEFAULT_4XX',
      'DEFAULT_5XX',
      'UNAUTHORIZED',
      'ACCESS_DENIED',
      'THROTTLED',
      'WAF_FILTERED',
      'BAD_REQUEST_BODY',
      'BAD_REQUEST_PARAMETERS',
      'MISSING_AUTHENTICATION_TOKEN',
    ]) {
      const r = byType(type);
      expect(r, type).toBeDefined();
      expect(r?.ResponseParameters, type).toMatchObject({
        'gatewayresponse.header.Access-Control-Allow-Origin': {
          'Fn::Join': [
            '',
            [
              "'https://",
              { 'Fn::GetAtt': [logicalId(stack, stack.site.distribution), 'DomainName'] },
              "'",
            ],
          ],
        },
        'gatewayresponse.header.Vary': "'Origin'",
      });
      const body = (r?.ResponseTemplates as Record<string, string>)['application/json'] ?? '';
      expect(body, type).toMatch(/^\{"status":"error","error":\{"code":"[A-Z_]+","message":/);
    }
    expect(byType('THROTTLED')?.StatusCode).toBe('429');
    expect(byType('MISSING_AUTHENTICATION_TOKEN')?.StatusCode).toBe('404');
  });
});

describe('Api: stage', () => {
  it('throttles, traces, and writes JSON access logs and execution logs (no bodies)', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: STAGE_NAME,
      TracingEnabled: true,
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 50,
          ThrottlingBurstLimit: 100,
          LoggingLevel: 'INFO',
          DataTraceEnabled: false,
          MetricsEnabled: true,
        }),
      ],
      AccessLogSetting: Match.objectLike({ Format: Match.stringLikeRegexp('^\\{"requestId":') }),
    });
  });
});

describe('Api: one function per operation', () => {
  it('deploys a function for every operation of the contract', () => {
    for (const op of operations) {
      expect(functionOf(op).props.Description).toBe(
        `${routes[op].method} ${API_PREFIX}${routes[op].path}`,
      );
      // Its area, then its operation without the area's name again (dashboard/activity ->
      // ccsc-sit-dashboard-activity).
      expect(functionOf(op).props.FunctionName).toBe(
        `ccsc-sit-${areaOf(op)}-${op.replace(/\//g, '-').replace(new RegExp(`^${areaOf(op)}-`), '')}`,
      );
    }
    const everyFunction = stacksOf(app).flatMap((s) =>
      Object.keys(resourcesOf(templateOf(s), 'AWS::Lambda::Function')),
    );
    expect(everyFunction).toHaveLength(
      // + the partner API's, + CDK's own handlers of AwsCustomResource and BucketDeployment,
      // + the four jobs, + the SES identity check (sit names a verified identity), + CDK's
      // cross-region reader (the site's web ACL) and writer (in the edge stack)
      operations.length + PARTNER_FUNCTIONS.length + 9,
    );
  });

  it('puts each feature area’s functions in a nested stack of their own, the API in the parent', () => {
    expect(FEATURE_AREA_NAMES.flatMap((a) => FEATURE_AREAS[a]).sort()).toEqual(
      [...operations, ...PARTNER_FUNCTIONS].sort(),
    );
    for (const area of FEATURE_AREA_NAMES) {
      const nested = stack.api.functionStacks[area];
      expect(nested.nestedStackParent).toBe(stack);
      const names = Object.values(resourcesOf(templateOf(nested), 'AWS::Lambda::Function')).map(
        (f) => f.Properties?.FunctionName,
      );
      expect(names.sort(), area).toEqual(
        FEATURE_AREAS[area].map((op) => functionNameOf('ccsc-sit', area, op)).sort(),
      );
      for (const op of FEATURE_AREAS[area]) {
        expect(Stack.of(stack.api.functions[op]), op).toBe(nested);
      }
    }
    // One per feature area (the partner API's among them), and the routes' permissions and
    // models (RouteExtras); besides the API's, the jobs' and the alarms' (Jobs, Monitoring).
    expect(resourcesOf(template, 'AWS::CloudFormation::Stack')).toSatisfy(
      (r: object) => Object.keys(r).length === FEATURE_AREA_NAMES.length + 3,
    );
  });

  it('has each route invoke its own operation’s function, allowed for that method only', () => {
    // The permissions are in a nested stack of their own, handed each function's ARN.
    const extras = stack.api.routeExtras;
    const extrasResource = extras.nestedStackResource;
    if (extrasResource === undefined) throw new Error('RouteExtras: no nested stack resource');
    const extrasParameters = resourcesOf(template, 'AWS::CloudFormation::Stack')[
      logicalId(stack, extrasResource)
    ]?.Properties?.Parameters as Record<string, unknown>;
    const permissions = Object.values(resourcesOf(templateOf(extras), 'AWS::Lambda::Permission'));
    expect(permissions).toHaveLength(operations.length + PARTNER_FUNCTIONS.length);
    expect(
      Object.values(resourcesOf(template, 'AWS::Lambda::Permission')).filter(
        (p) => p.Properties?.Principal === 'apigateway.amazonaws.com',
      ),
    ).toEqual([]);
    for (const op of operations) {
      const method = routeMethods.find((m) => m.props.OperationName === op);
      const uri = JSON.stringify((method?.props.Integration as { Uri: unknown }).Uri);
      const [, nestedId, output] = /"Fn::GetAtt":\["([^"]+)","Outputs\.([^"]+)"\]/.exec(uri) ?? [];
      const fn = stack.api.functions[op];
      const nested = stack.api.functionStacks[areaOf(op)];
      expect(Stack.of(fn), op).toBe(nested);
      const nestedResource = nested.nestedStackResource;
      if (nestedResource === undefined) throw new Error(`${op}: no nested stack resource`);
      expect(nestedId, op).toBe(logicalId(stack, nestedResource));
      const outputs = templateOf(fn).toJSON().Outputs as Record<string, { Value: unknown }>;
      expect(outputs[output ?? '']?.Value, op).toEqual({
        'Fn::GetAtt': [logicalId(stack, fn.function), 'Arn'],
      });
      const allowed = permissions.filter((p) => {
        const ref = (p.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref ?? '';
        return (
          JSON.stringify(extrasParameters[ref]) ===
          JSON.stringify({ 'Fn::GetAtt': [nestedId, `Outputs.${output ?? ''}`] })
        );
      });
      expect(allowed, op).toHaveLength(1);
      expect(allowed[0]?.Properties).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
      expect(JSON.stringify(allowed[0]?.Properties?.SourceArn), op).toContain(
        `/v1/${routes[op].method}${API_PREFIX}${routes[op].path}"`,
      );
    }
  });

  it('runs each on Node.js 22+ arm64 with tracing, source maps and a log group with retention', () => {
    for (const op of operations) {
      const fn = functionOf(op).props;
      expect(fn.Runtime).toMatch(/^nodejs(2[2-9]|[3-9]\d)\.x$/);
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Handler).toBe('index.handler');
      expect(
        (fn.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS,
      ).toBe('--enable-source-maps');
      const logGroupId = (fn.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(
        resourcesAround(stack.api.functions[op])[logGroupId]?.Properties?.RetentionInDays,
      ).toBe(90);
    }
  });

  it('bundles the implemented operations from their own entries and the rest from not-implemented.ts', () => {
    const codeKey = (op: Operation) =>
      JSON.stringify((functionOf(op).props.Code as { S3Key: unknown }).S3Key);
    const own = operations.filter((op) => op in implemented);
    expect(own.sort()).toEqual(
      [
        'artifact/list-standards',
        'artifact/get-standard',
        'artifact/create-standard',
        'artifact/update-standard',
        'artifact/new-version',
        'artifact/publish-standard',
        'artifact/retire-standard',
        'artifact/diff-standards',
        'artifact/download',
        'artifact/catalogue',
        'logout',
        'redirectUser',
        'accountLockout',
        'confirm-forget-password',
        'forget-totp',
        'forget-totp/confirm',
        'list-all-users',
        'export-users',
        'enable-user',
        'disable-user',
        'delete-user',
        'list-all-groups',
        'get-mob-dial-code',
        'getSiteOrgList',
        'getSponsorList',
        'create-user',
        'update-user',
        'reset-user-mfa',
        'resend-invitation',
        'list-audit-records',
        'export-audit-records',
        'verify-audit-chain',
        // The registry (issue 14).
        'getOrgSysList',
        'list-organisations',
        'get-organisation',
        'create-organisation',
        'update-organisation',
        'activate-organisation',
        'deactivate-organisation',
        'import-organisations',
        'export-organisations',
        'create-system',
        'update-system',
        'activate-system',
        'deactivate-system',
        'import-systems',
        'export-systems',
        'list-studies',
        'create-study',
        'update-study',
        'list-connections',
        'export-connections',
        'search-site-directory',
        'invite-site',
        'accept-connection',
        'decline-connection',
        'suspend-connection',
        'resume-connection',
        'end-connection',
        // API credentials (issue 15).
        'list-api-credentials',
        'generateApiCredential',
        'resendApiCredential',
        'retire-api-credential-secret',
        'deleteApiCredential',
        'downloadApiScope',
        'get-api-credential-link',
        'decription',
        // Documents (issue 17).
        's3documents/list',
        's3documents/get',
        's3documents/download',
        's3documents/retry',
        's3documents/export-etmf',
        'artifact/study-completeness',
        's3documents/import-etmf-upload',
        's3documents/import-etmf',
        's3documents/imports',
        's3documents/import-get',
        's3documents/import-download',
        // The dashboard (issue 18).
        'dashboard/needs-action',
        'dashboard/activity',
        'dashboard/security',
        'dashboard/recent-changes',
      ].sort(),
    );
    const notImplemented = operations.filter((op) => !own.includes(op));
    const shared = new Set(notImplemented.map(codeKey));
    // Every operation of the contract has its own entry.
    expect(notImplemented).toEqual([]);
    expect(shared.size).toBe(0);
    for (const op of own) expect(shared.has(codeKey(op)), op).toBe(false);
    expect(new Set(own.map(codeKey)).size).toBe(own.length);
  });

  it('gives every function the variables of lambdas/src/env.ts', () => {
    const standIns: Record<string, string> = {
      USER_POOL_ID: 'us-west-2_Example1',
      MAIN_TABLE: 'ccsc-sit-main',
      AUDIT_TABLE: 'ccsc-sit-audit',
      DOCUMENTS_TABLE: 'ccsc-sit-documents',
      DOCUMENTS_BUCKET: 'ccsc-sit-documents-1',
      ARTIFACTS_BUCKET: 'ccsc-sit-artifacts-1',
      EXPORTS_BUCKET: 'ccsc-sit-exports-1',
      OAUTH_TOKEN_URL: 'https://ccsc-sit-1.auth.us-west-2.amazoncognito.com/oauth2/token',
      PARTNER_API_BASE_URL: 'https://abc123.execute-api.us-west-2.amazonaws.com/v1',
    };
    // The partner API is API Gateway's stage (CloudFront serves only the console's files).
    const partnerBaseUrl = stack.resolve(`${stack.api.origin}/${STAGE_NAME}`) as unknown;
    const consoleOrigin = {
      'Fn::Join': [
        '',
        ['https://', { 'Fn::GetAtt': [logicalId(stack, stack.site.distribution), 'DomainName'] }],
      ],
    };
    for (const op of operations) {
      const vars = inParentTerms(
        stack.api.functions[op],
        (functionOf(op).props.Environment as { Variables: Record<string, unknown> }).Variables,
      ) as Record<string, unknown>;
      expect(Object.keys(vars), op).toEqual(expect.arrayContaining([...LAMBDA_ENV_NAMES]));
      const env = Object.fromEntries(
        Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' ? v : (standIns[k] ?? 'x')]),
      );
      // AWS_REGION is set by Lambda itself.
      expect(() => parseLambdaEnv({ ...env, AWS_REGION: 'us-west-2' }), op).not.toThrow();
      expect(vars.USER_POOL_ID).toEqual({ Ref: logicalId(stack, stack.auth.userPool) });
      expect(vars.AUDIT_TABLE).toEqual({ Ref: logicalId(stack, stack.data.auditTable) });
      expect(vars.ENVIRONMENT_NAME).toBe('sit');
      expect(vars.MAIL_FROM).toBe('no-reply@acme-trials.com');
      expect(vars).not.toHaveProperty('S3_FORCE_PATH_STYLE');
      expect(vars.ALLOWED_ORIGINS, op).toEqual(consoleOrigin);
      expect(vars.PARTNER_API_BASE_URL, op).toEqual(partnerBaseUrl);
    }
    const lockout = (
      functionOf('accountLockout').props.Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(lockout.LOCKOUT_THRESHOLD).toBe('5');
    // The invitation's validity as the pool has it (sit: temporaryPasswordDays 3), where the
    // user list tells when one expires; the other functions take the default.
    for (const op of ['list-all-users', 'export-users', 'dashboard/needs-action'] as const) {
      const vars = (functionOf(op).props.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(vars.TEMPORARY_PASSWORD_DAYS, op).toBe('3');
    }
    expect(lockout).not.toHaveProperty('TEMPORARY_PASSWORD_DAYS');
  });
});

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
    const auditArn = { 'Fn::GetAtt': [logicalId(stack, stack.data.auditTable), 'Arn'] };
    for (const op of operations) {
      const deny = policyOf(op).find((s) => s.Effect === 'Deny');
      expect(deny, op).toBeDefined();
      expect(asArray(deny?.Action).sort(), op).toEqual([...AUDIT_TABLE_DENIED_ACTIONS].sort());
      expect(deny?.Resource, op).toEqual(auditArn);
    }
  });

  it('grants exactly the permission table', () => {
    const arnOf = (construct: Parameters<typeof logicalId>[1]) => ({
      'Fn::GetAtt': [logicalId(stack, construct), 'Arn'],
    });
    const poolArn = arnOf(stack.auth.userPool);
    const auditArn = arnOf(stack.data.auditTable);
    // A statement's resources are a set: compared in one order, whatever order CDK wrote them in.
    const inOneOrder = (resources: unknown[]) =>
      [...resources].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const mainTable: unknown = inOneOrder(
      stack.resolve([
        stack.data.mainTable.tableArn,
        `${stack.data.mainTable.tableArn}/index/gsi1`,
      ]) as unknown[],
    );
    // The identity and its configuration set, in whatever order CDK writes them.
    const senderArns = stack.resolve([...stack.mail.sendResourceArns]) as unknown[];
    const mailSender: unknown = expect.arrayContaining(senderArns);
    const granted = (op: Operation) =>
      policyOf(op)
        .filter((s) => s.Effect === 'Allow' && s.Sid !== 'OwnLogGroup' && s.Resource !== '*')
        .map((s) => (Array.isArray(s.Resource) ? { ...s, Resource: inOneOrder(s.Resource) } : s));
    const statement = (i: number, actions: string[], resource: unknown) => ({
      Sid: `Operation${String(i)}`,
      Effect: 'Allow',
      Action: actions.length === 1 ? actions[0] : actions,
      Resource: resource,
    });
    const auditAppend = (i: number) =>
      statement(i, ['dynamodb:PutItem', 'dynamodb:Query'], auditArn);
    // Reading an account: the user and its groups (the role is the group).
    const READ = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'];
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

describe('Api: API credentials and the partner API', () => {
  const arnOf = (construct: Parameters<typeof logicalId>[1]) => ({
    'Fn::GetAtt': [logicalId(stack, construct), 'Arn'],
  });
  const poolArn = arnOf(stack.auth.userPool);
  const auditArn = arnOf(stack.data.auditTable);
  const inOneOrder = (resources: unknown[]) =>
    [...resources].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const mainTable: unknown = inOneOrder(
    stack.resolve([
      stack.data.mainTable.tableArn,
      `${stack.data.mainTable.tableArn}/index/gsi1`,
    ]) as unknown[],
  );
  const mailSender: unknown = expect.arrayContaining(
    stack.resolve([...stack.mail.sendResourceArns]) as unknown[],
  );
  const exportsObjects: unknown = stack.resolve(stack.data.exportsBucket.arnForObjects('*'));
  const allowedOf = (statements: Record<string, unknown>[]) =>
    statements
      .filter((s) => s.Effect === 'Allow' && s.Sid !== 'OwnLogGroup' && s.Resource !== '*')
      .map((s) => (Array.isArray(s.Resource) ? { ...s, Resource: inOneOrder(s.Resource) } : s));
  const statement = (i: number, actions: string[], resource: unknown) => ({
    Sid: `Operation${String(i)}`,
    Effect: 'Allow',
    Action: actions.length === 1 ? actions[0] : actions,
    Resource: resource,
  });
  const within = (partitions: string[], s: ReturnType<typeof statement>) => ({
    ...s,
    Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions } },
  });
  const READ = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'];
  const pool = (i: number, actions: string[]) => statement(i, actions.sort(), poolArn);
  const registryRead = (i: number) =>
    within(['REGISTRY#*'], statement(i, ['dynamodb:GetItem', 'dynamodb:Query'], mainTable));
  const auditAppend = (i: number) => statement(i, ['dynamodb:PutItem', 'dynamodb:Query'], auditArn);
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

  it('serves the contract’s partner routes under /ccsc/api/v1/ behind the access-token authorizer with every API scope', () => {
    const deployed = partnerMethods.map((m) => `${m.httpMethod} ${m.path}`).sort();
    expect(deployed).toEqual(
      [
        ...partnerRouteList.map((r) => `${r.method} ${PARTNER_API_PREFIX}${r.path}`),
        `GET ${PARTNER_API_PREFIX}${PARTNER_OPENAPI_PATH}`,
      ].sort(),
    );
    const authorizerId = logicalId(stack, stack.api.partnerAuthorizer);
    expect(all[authorizerId]?.Properties).toMatchObject({
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 0,
    });
    for (const route of partnerRouteList) {
      const method = partnerMethods.find((m) => m.props.OperationName === route.operation);
      expect(method?.path, route.operation).toBe(`${PARTNER_API_PREFIX}${route.path}`);
      expect(method?.props, route.operation).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: { Ref: authorizerId },
        OperationName: route.operation,
      });
      expect(method?.props.AuthorizationScopes, route.operation).toEqual([...API_SCOPE_VALUES]);
    }
    // Not the console's ID-token authorizer, and no console route asks for scopes.
    for (const m of routeMethods) {
      expect(m.props.AuthorizerId, m.path).not.toEqual({ Ref: authorizerId });
      expect(m.props.AuthorizationScopes, m.path).toBeUndefined();
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

describe('Api: WAF', () => {
  const acl = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]?.Properties as {
    Scope: string;
    Rules: { Name: string; Statement: Record<string, unknown> }[];
  };
  const rule = (name: string) => acl.Rules.find((r) => r.Name === name);
  type RateBased = {
    RateBasedStatement: { Limit: number; AggregateKeyType: string; ScopeDownStatement?: unknown };
  };

  it('is associated with the API stage', () => {
    expect(acl.Scope).toBe('REGIONAL');
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: Match.objectLike({
        'Fn::Join': [
          '',
          Match.arrayWith([{ Ref: logicalId(stack, stack.api.restApi.deploymentStage) }]),
        ],
      }),
      WebACLArn: { 'Fn::GetAtt': [logicalId(stack, stack.api.firewall.webAcl), 'Arn'] },
    });
  });

  it('rate-limits every client, and the public routes more strictly', () => {
    const general = (rule('RateLimitAllRoutes')?.Statement as RateBased).RateBasedStatement;
    const strict = (rule('RateLimitPublicRoutes')?.Statement as RateBased).RateBasedStatement;
    expect(general.AggregateKeyType).toBe('IP');
    expect(strict.AggregateKeyType).toBe('IP');
    expect(strict.Limit).toBeLessThan(general.Limit);
    const scoped = JSON.stringify(strict.ScopeDownStatement);
    for (const route of routeList) {
      const path = `"/${STAGE_NAME}${API_PREFIX}${route.path}"`;
      if (route.auth === 'public') expect(scoped, route.operation).toContain(path);
      else expect(scoped, route.operation).not.toContain(path);
    }
  });

  it('rate-limits the partner API per access token (the Authorization header)', () => {
    const partner = rule('RateLimitPartnerApiPerToken') as
      { Action: unknown; Statement: Record<string, unknown> } | undefined;
    expect(partner?.Action).toEqual({ Block: {} });
    expect(partner?.Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [
          {
            Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
          },
        ],
        EvaluationWindowSec: 300,
        Limit: 600,
        ScopeDownStatement: {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'STARTS_WITH',
            SearchString: `/${STAGE_NAME}/ccsc/api/`,
            TextTransformations: [{ Priority: 0, Type: 'URL_DECODE' }],
          },
        },
      },
    });
    expect(`/${STAGE_NAME}${PARTNER_API_PREFIX}`.startsWith(`/${STAGE_NAME}/ccsc/api/`)).toBe(true);
    // Every rule has its own priority.
    const priorities = (acl.Rules as { Priority?: number }[]).map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('uses AWS managed rules and logs without the Authorization header', () => {
    const names = acl.Rules.map((r) => r.Name);
    expect(names).toEqual(
      expect.arrayContaining([
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
      ]),
    );
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
    });
  });
});
