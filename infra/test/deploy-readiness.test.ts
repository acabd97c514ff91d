import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENTS_CONTEXT_KEY,
  identityCovers,
  isPlaceholder,
  resolveEnvironment,
} from '../lib/config';
import { REPOSITORY_ROOT } from '../lib/paths';
import { handler, verdictOf, type CheckEvent } from '../lambda/ses-identity-check';
import {
  CDK_JSON,
  logicalId,
  resourcesOf,
  SIT_DEPLOY_SETTINGS,
  sitStack,
  testEnvironmentStack,
  variantStack,
} from './support/stacks';
import { configErrorOf, runApp } from './support/cli';

// A real deployment's settings, its mail through SES and the identity check (its stacks:
// deploy-readiness-stacks.test.ts).
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
