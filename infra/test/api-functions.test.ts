import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, operations, routes, type Operation } from '@ccsc/contract';
import { LAMBDA_ENV_NAMES, parseLambdaEnv } from '@ccsc/lambdas/env';
import { PARTNER_FUNCTIONS, STAGE_NAME } from '../lib/constructs/api';
import { functionNameOf } from '../lib/constructs/operation-functions';
import { implemented } from '@ccsc/lambdas/handlers';
import { areaOf, FEATURE_AREA_NAMES, FEATURE_AREAS } from '../lib/feature-areas';
import {
  inParentTerms,
  logicalId,
  resourcesAround,
  resourcesOf,
  stacksOf,
  templateOf,
} from './support/stacks';
import { template, stack, app, routeMethods, functionOf } from './support/api-kit';

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
      // + the four scheduled jobs and the scan verdicts' function (issue 34), + the events'
      // fan-out, the notification digest, the distributions' reminders and the document
      // follow-ups (issue 35), + the webhook deliveries and their queue's consumer (issue 36), +
      // the SES identity check (sit names a verified identity), + CDK's cross-region reader (the
      // site's web ACL) and writer (in the edge stack)
      operations.length + PARTNER_FUNCTIONS.length + 16,
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
    // Two per feature area (the partner API's among them): its functions and its routes'
    // methods (Routes-<area>); the routes' permissions and models (RouteExtras); besides the
    // API's, the jobs' and the alarms' (Jobs, Monitoring).
    for (const area of FEATURE_AREA_NAMES) {
      expect(stack.api.routeStacks[area].nestedStackParent, area).toBe(stack);
    }
    expect(resourcesOf(template, 'AWS::CloudFormation::Stack')).toSatisfy(
      (r: object) => Object.keys(r).length === 2 * FEATURE_AREA_NAMES.length + 3,
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
        // A person resolves an import's conflict (issue 34).
        's3documents/import-resolve',
        's3documents/imports',
        's3documents/import-get',
        's3documents/import-download',
        // A document sent back: rejected, recalled, a recall answered (issue 35).
        's3documents/return',
        // Expected documents and document requests (issue 35).
        'expected-documents/get',
        'expected-documents/save',
        'document-requests/create',
        'document-requests/cancel',
        'document-requests/list',
        // The dashboard (issue 18).
        'dashboard/needs-action',
        'dashboard/activity',
        'dashboard/security',
        'dashboard/recent-changes',
        // Notifications (issue 35).
        'notifications/list',
        'notifications/unread-count',
        'notifications/mark-read',
        'notifications/mark-all-read',
        'notifications/preferences',
        'notifications/update-preferences',
        // Safety-letter distributions (issue 35).
        'distributions/create',
        'distributions/list',
        'distributions/get',
        'distributions/acknowledge',
        'distributions/export',
        // A system's webhook endpoints in the console (issue 36).
        'list-webhook-endpoints',
        'create-webhook-endpoint',
        'update-webhook-endpoint',
        'rotate-webhook-secret',
        'delete-webhook-endpoint',
        'list-webhook-deliveries',
        'redeliver-webhook',
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
