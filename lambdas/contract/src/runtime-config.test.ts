import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from './runtime-config';

const VALID = {
  region: 'us-west-2',
  userPoolId: 'us-west-2_Example1',
  userPoolClientId: 'exampleclientid',
  apiBaseUrl: '/ccsc/ui/',
  productName: 'CCSC Admin Console',
  supportEmail: 'support@example.com',
  environmentName: 'sit',
  idleTimeoutSeconds: 1800,
  accountName: 'CCSC SIT',
};

describe('runtimeConfigSchema (/config.json)', () => {
  it('accepts a deployment’s configuration', () => {
    expect(runtimeConfigSchema.parse(VALID)).toEqual(VALID);
  });

  it('wants the account name (SPEC §2 header, §3 authenticator issuer)', () => {
    const withoutAccount: Partial<typeof VALID> = { ...VALID };
    delete withoutAccount.accountName;
    expect(runtimeConfigSchema.safeParse(withoutAccount).success).toBe(false);
    expect(runtimeConfigSchema.safeParse({ ...VALID, accountName: '' }).success).toBe(false);
  });
});
