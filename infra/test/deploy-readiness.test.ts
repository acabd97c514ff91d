import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '@ccsc/contract/security-headers';
import {
  ENVIRONMENTS_CONTEXT_KEY,
  identityCovers,
  isPlaceholder,
  resolveEnvironment,
} from '../lib/config';
import { EDGE_REGION } from '../lib/edge-stack';
import { REPOSITORY_ROOT } from '../lib/paths';
import { handler, verdictOf, type CheckEvent } from '../lambda/ses-identity-check';
import {
  CDK_JSON,
  FIXTURE_WEB_BUILD,
  logicalId,
  resourcesOf,
  SIT_DEPLOY_SETTINGS,
  sitStack,
  stacksOf,
  synthesize,
  templateOf,
  testEnvironmentStack,
  variantStack,
} from './support/stacks';
import { configErrorOf, runApp } from './support/cli';

const environments = CDK_JSON.context[ENVIRONMENTS_CONTEXT_KEY];

describe('no placeholders in a real environment', () => {
  it('refuses cdk.json’s sit as it is, naming each placeholder and how to give it', () => {
    const message = configErrorOf(() =>
      resolveEnvironment({ environmentName: 'sit', environments }),
    );
    expect(message).toContain('Environment "sit" still has placeholder settings');
    for (const setting of ['bootstrapAdminEmail', 'supportEmail', 'mail.from']) {
      expect(message).toContain(`-c ${setting}=<address>`);
      expect(message).toContain(`context."ccsc:environments".sit.${setting}`);
    }
    expect(message).toContain('admin@example.com is a placeholder');
  });

  it('takes the real values from the command line (-c), lists comma-separated', () => {
    const config = resolveEnvironment({
      environmentName: 'sit',
      environments,
      overrides: SIT_DEPLOY_SETTINGS,
    });
    expect(config.bootstrapAdminEmail).toBe('first.admin@acme-trials.com');
    expect(config.mail).toEqual({
      from: 'no-reply@acme-trials.com',
      verifiedIdentity: 'acme-trials.com',
    });
    expect(config.alarms.emails).toEqual([
      'platform-oncall@acme-trials.com',
      'clinops-it@acme-trials.com',
    ]);
  });

  it('an empty value on the command line unsets an optional setting', () => {
    const config = resolveEnvironment({
      environmentName: 'sit',
      environments,
      overrides: { ...SIT_DEPLOY_SETTINGS, 'mail.verifiedIdentity': '' },
    });
    expect(config.mail).toEqual({ from: 'no-reply@acme-trials.com' });
  });

  it('names a placeholder among the alarm subscribers too', () => {
    const message = configErrorOf(() =>
      resolveEnvironment({
        environmentName: 'sit',
        environments,
        overrides: {
          ...SIT_DEPLOY_SETTINGS,
          'alarms.emails': 'oncall@acme-trials.com,ops@ccsc.local',
        },
      }),
    );
    expect(message).toContain('alarms.emails: ops@ccsc.local is a placeholder');
    expect(message).not.toContain('bootstrapAdminEmail');
  });

  it('knows the reserved and local names, and nothing else', () => {
    for (const p of [
      'a@example.com',
      'a@mail.example.org',
      'example.net',
      'a@ccsc.local',
      'a@x.test',
      'a@x.invalid',
      'a@localhost',
      'a@x.example',
    ])
      expect(isPlaceholder(p), p).toBe(true);
    for (const r of ['a@acme-trials.com', 'a@example-cro.com', 'a@examples.org', 'local.acme.io'])
      expect(isPlaceholder(r), r).toBe(false);
  });

  it('lets the synthesis-only "test" environment keep them; npm run synth uses it', () => {
    expect(resolveEnvironment({ environmentName: 'test', environments }).synthesisOnly).toBe(true);
    const pkg = JSON.parse(
      readFileSync(join(REPOSITORY_ROOT, 'infra', 'package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(pkg.scripts.synth).toContain('-c env=test');
  });

  it('a synthesis-only environment cannot be deployed: CloudFormation’s rule refuses it', () => {
    const rules = variantStack().template.toJSON().Rules as Record<string, unknown>;
    expect(rules.SynthesisOnly).toEqual({
      Assertions: [
        {
          Assert: { 'Fn::Equals': [{ Ref: 'EnvironmentPurpose' }, 'deployable'] },
          AssertDescription: expect.stringContaining('synthesisOnly') as unknown,
        },
      ],
    });
    expect(variantStack().template.toJSON().Parameters).toMatchObject({
      EnvironmentPurpose: { Type: 'String', Default: 'synthesis-only' },
    });
    // Both stacks of the test environment: nothing of it is deployed, the edge stack first.
    const { edge } = testEnvironmentStack();
    const edgeRules = Template.fromStack(edge ?? variantStack().stack).toJSON().Rules as object;
    expect(Object.keys(edgeRules)).toContain('SynthesisOnly');
    expect(Object.keys(sitStack().template.toJSON().Rules as object)).not.toContain(
      'SynthesisOnly',
    );
  });

  it('the CLI stops a deployment of sit with the message and exit code 1', () => {
    const result = runApp({ env: 'sit', 'mail.from': 'no-reply@acme-trials.com' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('bootstrapAdminEmail: admin@example.com is a placeholder');
    // The value given with -c is taken: mail.from is no longer among them.
    expect(result.stderr).not.toContain('mail.from:');
  });
});

describe('mail: Cognito through SES when the environment names a verified identity', () => {
  it('sit (mail.verifiedIdentity given): DEVELOPER sending from mail.from, after the check', () => {
    const { template, stack } = sitStack();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: Match.stringLikeRegexp('no-reply@acme-trials\\.com'),
        SourceArn: {
          'Fn::Join': ['', Match.arrayWith([':identity/acme-trials.com'])],
        },
        ConfigurationSet: { Ref: Match.stringLikeRegexp('^MailConfigurationSet') },
      },
    });
    // The stack creates no identity: the account's is used as it is.
    expect(Object.keys(resourcesOf(template, 'AWS::SES::EmailIdentity'))).toHaveLength(0);
    const checks = resourcesOf(template, 'Custom::SesIdentityCheck');
    const [checkId, check] = Object.entries(checks)[0] ?? [];
    expect(check?.Properties).toMatchObject({
      Identity: 'acme-trials.com',
      From: 'no-reply@acme-trials.com',
      Region: 'us-west-2',
    });
    const pool = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'))[0];
    expect(pool?.DependsOn).toEqual(expect.arrayContaining([checkId]));
    // The check may read that identity, nothing else.
    const policies = resourcesOf(template, 'AWS::IAM::Policy');
    const checkPolicy = Object.entries(policies).find(([id]) => id.includes('IdentityCheck'));
    const statements = (
      checkPolicy?.[1].Properties?.PolicyDocument as { Statement: { Action: unknown }[] }
    ).Statement;
    expect(statements.map((s) => s.Action)).toContainEqual('ses:GetEmailIdentity');
    expect(logicalId(stack, stack.mail.configurationSet)).toBeTruthy();
  });

  it('without it (test): Cognito keeps its own sender, and the stack creates the e-mail identity', () => {
    const { template } = testEnvironmentStack();
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@example.com',
    });
    expect(Object.keys(resourcesOf(template, 'Custom::SesIdentityCheck'))).toHaveLength(0);
  });

  it('refuses an identity that does not cover the sender', () => {
    expect(identityCovers('acme-trials.com', 'no-reply@acme-trials.com')).toBe(true);
    // CDK and Cognito name the sender's own domain as the identity: no subdomains.
    expect(identityCovers('acme-trials.com', 'no-reply@console.acme-trials.com')).toBe(false);
    expect(identityCovers('no-reply@acme-trials.com', 'no-reply@acme-trials.com')).toBe(true);
    expect(identityCovers('acme-trials.com', 'no-reply@acme-trials.co')).toBe(false);
    expect(identityCovers('trials.com', 'no-reply@acme-trials.com')).toBe(false);
    const message = configErrorOf(() =>
      resolveEnvironment({
        environmentName: 'sit',
        environments,
        overrides: { ...SIT_DEPLOY_SETTINGS, 'mail.verifiedIdentity': 'other-cro.com' },
      }),
    );
    expect(message).toContain('mail.verifiedIdentity: must cover mail.from');
  });
});

describe('the deployment check of the SES identity', () => {
  const props = {
    Identity: 'acme-trials.com',
    From: 'no-reply@acme-trials.com',
    Region: 'us-west-2',
  };

  it('fails, saying what to do, when the identity is missing or unverified', () => {
    const missing = verdictOf({ found: false }, props);
    expect(missing.ok).toBe(false);
    expect(missing.reason).toContain('"acme-trials.com", which is not configured in us-west-2');
    expect(missing.reason).toContain('aws sesv2 create-email-identity');
    const pending = verdictOf({ found: true, verifiedForSending: false, status: 'PENDING' }, props);
    expect(pending.ok).toBe(false);
    expect(pending.reason).toContain('not verified for sending (status PENDING)');
    expect(verdictOf({ found: true, verifiedForSending: true, status: 'SUCCESS' }, props).ok).toBe(
      true,
    );
  });

  it('answers CloudFormation on its presigned URL, with no content type', async () => {
    const received: { method?: string; type?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ method: req.method, type: req.headers['content-type'], body });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const event: CheckEvent = {
      RequestType: 'Delete',
      ResponseURL: `http://127.0.0.1:${String(port)}/response?X-Amz-Signature=x`,
      StackId: 'arn:aws:cloudformation:us-west-2:123456789012:stack/ccsc-console-sit/1',
      RequestId: 'req-1',
      LogicalResourceId: 'MailIdentityVerified',
      PhysicalResourceId: 'ses-identity-check-acme-trials.com',
      ResourceProperties: props,
    };
    try {
      await handler(event);
    } finally {
      server.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('PUT');
    expect(received[0]?.type ?? '').toBe('');
    expect(JSON.parse(received[0]?.body ?? '{}')).toEqual({
      Status: 'SUCCESS',
      Reason: expect.any(String) as unknown,
      PhysicalResourceId: 'ses-identity-check-acme-trials.com',
      StackId: event.StackId,
      RequestId: 'req-1',
      LogicalResourceId: 'MailIdentityVerified',
    });
  });
});

describe('the site’s web ACL, from the edge stack in us-east-1', () => {
  it('is a CLOUDFRONT-scope ACL in us-east-1 with the managed rules and a rate limit', () => {
    const { edge } = sitStack();
    expect(edge?.region).toBe(EDGE_REGION);
    expect(edge?.stackName).toBe('ccsc-console-sit-edge');
    const template = Template.fromStack(edge ?? sitStack().stack);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Name: 'ccsc-sit-site',
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Name: 'RateLimitPerIp',
          Action: { Block: {} },
          Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 3000 } },
        }),
        Match.objectLike({ Name: 'AWSManagedRulesAmazonIpReputationList' }),
        Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet' }),
        Match.objectLike({ Name: 'AWSManagedRulesKnownBadInputsRuleSet' }),
      ],
    });
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
    });
  });

  it('is attached to the distribution through CDK’s cross-region reference', () => {
    const { template, stack } = sitStack();
    expect(stack.region).toBe('us-west-2');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        WebACLId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ExportsReader'), Match.anyValue()] },
      },
    });
    expect(Object.keys(resourcesOf(template, 'Custom::CrossRegionExportReader'))).toHaveLength(1);
    const edge = Template.fromStack(sitStack().edge ?? stack);
    expect(Object.keys(resourcesOf(edge, 'Custom::CrossRegionExportWriter'))).toHaveLength(1);
  });

  it('an existing ACL (siteWebAclArn) is used instead, and no edge stack is made', () => {
    const { edge, template } = variantStack();
    expect(edge).toBeUndefined();
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        WebACLId:
          'arn:aws:wafv2:us-east-1:123456789012:global/webacl/console/11111111-2222-3333-4444-555555555555',
      },
    });
  });
});

describe('account hygiene', () => {
  it('sends a Permissions-Policy beside the CSP', () => {
    sitStack().template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        CustomHeadersConfig: {
          Items: [{ Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true }],
        },
      },
    });
  });

  it('sets API Gateway’s account CloudWatch role only when told to create it', () => {
    expect(Object.keys(resourcesOf(sitStack().template, 'AWS::ApiGateway::Account'))).toHaveLength(
      1,
    );
    const { template } = synthesize({
      environmentName: 'test',
      webBuildDir: FIXTURE_WEB_BUILD,
      overrides: { apiGatewayCloudWatchRole: 'existing' },
    });
    expect(Object.keys(resourcesOf(template, 'AWS::ApiGateway::Account'))).toHaveLength(0);
    const roles = resourcesOf(template, 'AWS::IAM::Role');
    expect(
      Object.values(roles).filter((r) =>
        JSON.stringify(r.Properties).includes('AmazonAPIGatewayPushToCloudWatchLogs'),
      ),
    ).toHaveLength(0);
  });

  it('the identity pool’s signed-in role may do nothing, and guests get no role', () => {
    const { template } = sitStack();
    template.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: false,
    });
    const roles = resourcesOf(template, 'AWS::IAM::Role');
    const [roleId, role] =
      Object.entries(roles).find(([id]) => id.includes('IdentityPoolAuthenticatedRole')) ?? [];
    expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
    expect(role?.Properties?.Policies).toBeUndefined();
    const attached = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties?.Roles ?? []).includes(String(roleId)),
    );
    expect(attached).toHaveLength(0);
    template.hasResourceProperties('AWS::Cognito::IdentityPoolRoleAttachment', {
      Roles: { authenticated: Match.anyValue(), unauthenticated: Match.absent() },
    });
  });
});

describe('`cdk synth` of sit with real settings given on the command line', () => {
  // The app as the CLI runs it (bin/app.ts, cdk.json's context plus -c values), once.
  const outdir = mkdtempSync(join(tmpdir(), 'ccsc-sit-cli-'));
  const run = () => runApp({ env: 'sit', ...SIT_DEPLOY_SETTINGS }, outdir, 240_000);
  let result: ReturnType<typeof run> | undefined;
  const synthesized = () => (result ??= run());
  const template = (file: string) =>
    JSON.parse(readFileSync(join(outdir, file), 'utf8')) as {
      Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    };
  const resources = (type: string) =>
    readdirSync(outdir)
      // The stacks and their nested stacks (ccscconsolesit<...>.nested.template.json).
      .filter((f) => /^ccsc-?console-?sit/.test(f) && f.endsWith('.template.json'))
      .flatMap((f) => Object.values(template(f).Resources).filter((r) => r.Type === type));

  it('synthesizes both stacks, the edge one in us-east-1', () => {
    const r = synthesized();
    expect(r.status, r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; environment?: string }>;
    };
    expect(manifest.artifacts['ccsc-console-sit-edge']?.environment).toMatch(/\/us-east-1$/);
    expect(manifest.artifacts['ccsc-console-sit']?.environment).toMatch(/\/us-west-2$/);
  });

  it('shows the us-east-1 web ACL attached to the distribution, and SES for Cognito’s mail', () => {
    synthesized();
    const acls = Object.values(template('ccsc-console-sit-edge.template.json').Resources).filter(
      (r) => r.Type === 'AWS::WAFv2::WebACL',
    );
    expect(acls.map((a) => a.Properties?.Scope)).toEqual(['CLOUDFRONT']);
    const [distribution] = resources('AWS::CloudFront::Distribution');
    expect(
      JSON.stringify(
        (distribution?.Properties?.DistributionConfig as { WebACLId: unknown }).WebACLId,
      ),
    ).toMatch(/ExportsReader/);
    const [pool] = resources('AWS::Cognito::UserPool');
    expect(pool?.Properties?.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
    });
  });

  it('shows the alarm topic with its subscribers, the alarms, and JSON logs on every function', () => {
    synthesized();
    const [topic] = resources('AWS::SNS::Topic');
    expect(JSON.stringify(topic?.Properties)).toContain('platform-oncall@acme-trials.com');
    expect(resources('AWS::CloudWatch::Alarm').length).toBeGreaterThan(100);
    const functions = resources('AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(90);
    for (const fn of functions)
      expect((fn.Properties?.LoggingConfig as { LogFormat?: string } | undefined)?.LogFormat).toBe(
        'JSON',
      );
  });
});

describe('the edge stack’s alarm', () => {
  it('notifies its own us-east-1 topic, with the environment’s subscribers, of blocked spikes', () => {
    const edge = Template.fromStack(sitStack().edge ?? sitStack().stack);
    edge.hasResourceProperties('AWS::SNS::Topic', {
      TopicName: 'ccsc-sit-alarms',
      KmsMasterKeyId: Match.anyValue(),
      Subscription: [
        { Protocol: 'email', Endpoint: 'platform-oncall@acme-trials.com' },
        { Protocol: 'email', Endpoint: 'clinops-it@acme-trials.com' },
      ],
    });
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'ccsc-sit-site-waf-blocked-spike',
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'ccsc-sit-site' },
      ],
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^AlarmTopic') }],
    });
  });
});

describe('Powertools: one layer for every function that runs a lambdas/ bundle', () => {
  it('is in the environment’s top stack, and every API, partner and job function carries it', () => {
    const { app, stack } = sitStack();
    // (BucketDeployment brings CDK's own AWS CLI layers.)
    const layers = Object.entries(
      resourcesOf(sitStack().template, 'AWS::Lambda::LayerVersion'),
    ).filter(([id]) => id.startsWith('PowertoolsLayer'));
    expect(layers).toHaveLength(1);
    expect(layers[0]?.[1].Properties?.CompatibleArchitectures).toEqual(['arm64']);
    const nameOf = (f: { Properties?: Record<string, unknown> }) =>
      typeof f.Properties?.FunctionName === 'string' ? f.Properties.FunctionName : '';
    const ours = stacksOf(app)
      .flatMap((s) => Object.values(resourcesOf(templateOf(s), 'AWS::Lambda::Function')))
      .filter((f) => nameOf(f).startsWith('ccsc-sit-') && !nameOf(f).includes('ses-identity'));
    expect(ours.length).toBeGreaterThan(90);
    for (const fn of ours) expect(fn.Properties?.Layers, nameOf(fn)).toHaveLength(1);
    expect(stack.nestedStackParent).toBeUndefined();
  });
});
