import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS_CONTEXT_KEY, resolveEnvironment } from '../lib/config';
import { configErrorOf, runApp } from './support/cli';
import { CDK_JSON } from './support/stacks';

const environments = CDK_JSON.context[ENVIRONMENTS_CONTEXT_KEY];
/** cdk.json's sit with the real addresses a deployment is given (its own are placeholders). */
const sit: Record<string, unknown> = {
  ...(environments.sit as Record<string, unknown>),
  bootstrapAdminEmail: 'first.admin@acme-trials.com',
  supportEmail: 'console-support@acme-trials.com',
  mail: { from: 'no-reply@acme-trials.com' },
};

const resolveWith = (settings: Record<string, unknown>, name = 'test') =>
  resolveEnvironment({ environmentName: name, environments: { [name]: settings } });

describe('environment settings (cdk.json context "ccsc:environments")', () => {
  it('resolves sit: us-west-2, the spec MFA mode, an environment-named stack', () => {
    const config = resolveEnvironment({ environmentName: 'sit', environments: { sit } });
    expect(config.environmentName).toBe('sit');
    expect(config.region).toBe('us-west-2');
    expect(config.mfa).toBe('OPTIONAL');
    expect(config.stackName).toBe('ccsc-console-sit');
    expect(config.namePrefix).toBe('ccsc-sit');
    expect(config.account).toBeUndefined();
    expect(config.idleTimeoutSeconds).toBe(1800);
    expect(config.accountName).toBe('CCSC SIT');
  });

  it('wants an account name (the console header, the authenticator issuer)', () => {
    const without = { ...sit };
    delete without.accountName;
    expect(configErrorOf(() => resolveWith(without))).toContain('accountName');
    expect(configErrorOf(() => resolveWith({ ...sit, accountName: '  ' }))).toContain(
      'accountName: must not be empty',
    );
    expect(resolveWith({ ...sit, accountName: ' CCSC UAT ' }).accountName).toBe('CCSC UAT');
  });

  it('takes the account from the CLI unless the settings pin one', () => {
    expect(
      resolveEnvironment({
        environmentName: 'sit',
        environments: { sit },
        defaultAccount: '111122223333',
      }).account,
    ).toBe('111122223333');
    expect(resolveWith({ ...sit, account: '444455556666' }).account).toBe('444455556666');
  });

  it('takes a narrower content policy for documents, of the kinds the contract knows (issue 34)', () => {
    expect(resolveWith(sit).documentContentPolicy).toBeUndefined();
    expect(
      resolveWith({ ...sit, documentContentPolicy: ['pdf', 'xml'] }).documentContentPolicy,
    ).toEqual(['pdf', 'xml']);
    expect(configErrorOf(() => resolveWith({ ...sit, documentContentPolicy: ['exe'] }))).toContain(
      'documentContentPolicy',
    );
    expect(configErrorOf(() => resolveWith({ ...sit, documentContentPolicy: [] }))).toContain(
      'must allow at least one kind of file',
    );
  });

  it('gives every environment its own stack name and name prefix, so they live side by side', () => {
    const a = resolveWith(sit, 'uat');
    const b = resolveWith(sit, 'prod');
    expect(a.stackName).not.toBe(b.stackName);
    expect(a.namePrefix).not.toBe(b.namePrefix);
  });

  it('fills the defaults of optional settings', () => {
    const minimal = { ...sit };
    delete minimal.allowedOrigins;
    delete minimal.mfa;
    delete minimal.terminationProtection;
    const config = resolveWith(minimal);
    expect(config.allowedOrigins).toEqual([]);
    expect(config.mfa).toBe('OPTIONAL');
    expect(config.terminationProtection).toBe(true);
  });

  it('refuses an unknown environment, naming the known ones', () => {
    const message = configErrorOf(() =>
      resolveEnvironment({ environmentName: 'nosuch', environments }),
    );
    expect(message).toContain('Unknown environment "nosuch"');
    expect(message).toContain('Known environments: sit, test');
  });

  it('refuses a missing environment name, saying how to give one', () => {
    expect(
      configErrorOf(() => resolveEnvironment({ environmentName: undefined, environments })),
    ).toMatch(/-c env=<name>/);
  });

  it('refuses an environment name that cannot become part of resource names', () => {
    expect(
      configErrorOf(() => resolveEnvironment({ environmentName: 'Prod_1', environments })),
    ).toContain('is not valid');
  });

  it('lists every wrong or missing setting with its path', () => {
    const broken = {
      ...sit,
      region: 'Oregon',
      supportEmail: 'nope',
      tokens: { idTokenMinutes: 1 },
    };
    delete (broken as Record<string, unknown>).bootstrapAdminEmail;
    const message = configErrorOf(() => resolveWith(broken, 'broken'));
    expect(message).toContain('Settings of environment "broken"');
    expect(message).toContain('region: must be an AWS region');
    expect(message).toContain('supportEmail: must be an e-mail address');
    expect(message).toContain('bootstrapAdminEmail');
    expect(message).toContain('tokens.idTokenMinutes: must be at least 5');
    expect(message).toContain('tokens.accessTokenMinutes');
  });

  it('refuses unknown settings (a typo is not silently ignored)', () => {
    expect(configErrorOf(() => resolveWith({ ...sit, idleTimeout: 5 }))).toContain('idleTimeout');
  });

  it('checks settings against each other', () => {
    expect(
      configErrorOf(() =>
        resolveWith({
          ...sit,
          api: { ...(sit.api as object), publicRequestsPerFiveMinutes: 999999 },
        }),
      ),
    ).toContain('api.publicRequestsPerFiveMinutes');
    expect(
      configErrorOf(() =>
        resolveWith({ ...sit, retention: { ...(sit.retention as object), logDays: 42 } }),
      ),
    ).toContain("CloudWatch's retention periods");
    expect(
      configErrorOf(() =>
        resolveWith({
          ...sit,
          customDomain: {
            domainName: 'console.example.org',
            certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
          },
        }),
      ),
    ).toContain('us-east-1');
  });
});

describe('bin/app.ts', () => {
  it('stops synthesis of an unknown environment with a clear message and exit code 1', () => {
    const result = runApp({ env: 'nosuch' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown environment "nosuch". Known environments: sit, test.');
  });
});
