import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ENV_NAMES_MATCH_SCHEMAS,
  LAMBDA_ENV_NAMES,
  OPTIONAL_LAMBDA_ENV_NAMES,
  parseLambdaEnv,
  type LambdaEnvironment,
  type LambdaEnvName,
  tokenIssuer,
} from './env';

const complete: LambdaEnvironment = {
  ENVIRONMENT_NAME: 'sit',
  USER_POOL_ID: 'us-west-2_abc123',
  USER_POOL_CLIENT_ID: 'client',
  MAIN_TABLE: 'ccsc-sit-main',
  AUDIT_TABLE: 'ccsc-sit-audit',
  DOCUMENTS_TABLE: 'ccsc-sit-documents',
  DOCUMENTS_BUCKET: 'ccsc-sit-documents-1',
  ARTIFACTS_BUCKET: 'ccsc-sit-artifacts-1',
  EXPORTS_BUCKET: 'ccsc-sit-exports-1',
  MAIL_FROM: 'no-reply@example.com',
  ALLOWED_ORIGINS: 'https://console.example.com',
  OAUTH_TOKEN_URL: 'https://ccsc-sit.auth.us-west-2.amazoncognito.com/oauth2/token',
  PARTNER_API_BASE_URL: 'https://console.example.com',
};

describe('the Lambda environment names, typed once', () => {
  it('are exactly the names the configuration schemas read (checked at compile time too)', () => {
    expect(ENV_NAMES_MATCH_SCHEMAS).toBe(true);
    expect(new Set([...LAMBDA_ENV_NAMES, ...OPTIONAL_LAMBDA_ENV_NAMES]).size).toBe(
      LAMBDA_ENV_NAMES.length + OPTIONAL_LAMBDA_ENV_NAMES.length,
    );
  });

  it('makes a missing or misspelt name a type error for whoever builds the values', () => {
    expectTypeOf<keyof LambdaEnvironment>().toEqualTypeOf<
      | LambdaEnvName
      | 'LOCKOUT_THRESHOLD'
      | 'TEMPORARY_PASSWORD_DAYS'
      | 'S3_FORCE_PATH_STYLE'
      | 'MAIL_CONFIGURATION_SET'
      | 'DOCUMENT_CONTENT_POLICY'
      | 'WEBHOOK_ALLOW_LOOPBACK'
      | 'WEBHOOK_QUEUE_URL'
      | 'TOKEN_ISSUER'
      | 'TOKEN_JWKS_URL'
    >();
    // @ts-expect-error -- MAIL_FROM is missing
    const missing: LambdaEnvironment = { ...complete, MAIL_FROM: undefined };
    const misspelt: LambdaEnvironment = {
      ...complete,
      // @ts-expect-error -- not a name of LAMBDA_ENV_NAMES
      MAIL_FORM: 'no-reply@example.com',
    };
    expect([missing, misspelt]).toHaveLength(2);
  });

  it('names Cognito’s issuer and keys for the region and pool, or what the offline console set', () => {
    const env = parseLambdaEnv({ ...complete, AWS_REGION: 'us-west-2' });
    expect(tokenIssuer(env)).toEqual({
      issuer: 'https://cognito-idp.us-west-2.amazonaws.com/us-west-2_abc123',
      jwksUrl: 'https://cognito-idp.us-west-2.amazonaws.com/us-west-2_abc123/.well-known/jwks.json',
    });
    const offline = parseLambdaEnv({
      ...complete,
      AWS_REGION: 'us-west-2',
      TOKEN_ISSUER: 'http://localhost:9229/us-west-2_abc123',
      TOKEN_JWKS_URL: 'http://cognito:9229/us-west-2_abc123/.well-known/jwks.json',
    });
    expect(tokenIssuer(offline)).toEqual({
      issuer: 'http://localhost:9229/us-west-2_abc123',
      jwksUrl: 'http://cognito:9229/us-west-2_abc123/.well-known/jwks.json',
    });
  });

  it('is read back whole from a complete environment (AWS_REGION comes from the runtime)', () => {
    const env = parseLambdaEnv({ ...complete, AWS_REGION: 'us-west-2' });
    expect(env.MAIN_TABLE).toBe('ccsc-sit-main');
    expect(env.LOCKOUT_THRESHOLD).toBe(5);
    // The contract's password policy, the offline pool's own validity, unless told otherwise.
    expect(env.TEMPORARY_PASSWORD_DAYS).toBe(7);
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('reads the temporary passwords’ validity as CDK sets it, and refuses one Cognito would not take', () => {
    const base = { ...complete, AWS_REGION: 'us-west-2' };
    expect(parseLambdaEnv({ ...base, TEMPORARY_PASSWORD_DAYS: '3' }).TEMPORARY_PASSWORD_DAYS).toBe(
      3,
    );
    for (const bad of ['0', '366', 'three']) {
      expect(() => parseLambdaEnv({ ...base, TEMPORARY_PASSWORD_DAYS: bad }), bad).toThrow(
        'TEMPORARY_PASSWORD_DAYS',
      );
    }
  });

  it('refuses an environment that lacks any required name', () => {
    for (const name of LAMBDA_ENV_NAMES) {
      if (name === 'ALLOWED_ORIGINS') continue; // read on its own; empty means "same origin"
      const source: Record<string, string | undefined> = { ...complete, AWS_REGION: 'us-west-2' };
      source[name] = undefined;
      expect(() => parseLambdaEnv(source), name).toThrow(name);
    }
  });
});
