import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '@ccsc/contract/security-headers';
import { EDGE_REGION } from '../lib/edge-stack';
import {
  FIXTURE_WEB_BUILD,
  resourcesOf,
  SIT_DEPLOY_SETTINGS,
  sitStack,
  stacksOf,
  synthesize,
  templateOf,
  variantStack,
} from './support/stacks';
import { runApp } from './support/cli';

// What a real deployment's stacks hold: the site's web ACL in us-east-1, account hygiene, the
// CLI's synthesis, the edge alarm, Powertools.

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
