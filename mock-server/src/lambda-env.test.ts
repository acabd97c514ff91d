import { describe, expect, it } from 'vitest';
import { LAMBDA_ENV_NAMES, parseLambdaEnv } from '@ccsc/lambdas/env';
import { lambdaEnvFor } from './lambda-env';
import type { StackInfo } from './stack';

const stack = {
  region: 'us-west-2',
  userPoolId: 'us-west-2_local1',
  userPoolClientId: 'client-1',
  endpoints: {
    cognito: 'http://127.0.0.1:9229',
    cognitoPublic: 'http://localhost:9229',
    dynamodb: 'http://127.0.0.1:8000',
    s3: 'http://127.0.0.1:4569',
    ses: 'http://127.0.0.1:8005',
  },
} as unknown as StackInfo;

const env = lambdaEnvFor({
  stack,
  tables: { main: 'ccsc-local-main', audit: 'ccsc-local-audit', documents: 'ccsc-local-documents' },
  buckets: {
    documents: 'ccsc-local-documents',
    artifacts: 'ccsc-local-artifacts',
    exports: 'ccsc-local-exports',
  },
  mailFrom: 'no-reply@ccsc.local',
  environmentName: 'local',
  consoleUrl: 'http://localhost:3123',
});

describe('lambdaEnvFor: the handlers’ environment offline', () => {
  it('sets every variable CDK sets in AWS (LAMBDA_ENV_NAMES of @ccsc/lambdas/env)', () => {
    for (const name of LAMBDA_ENV_NAMES) expect(env, name).toHaveProperty(name);
  });

  it('is what the handlers read: it parses, with path-style S3 for the local stand-in', () => {
    const parsed = parseLambdaEnv(env);
    expect(parsed).toMatchObject({
      AWS_REGION: 'us-west-2',
      ENVIRONMENT_NAME: 'local',
      USER_POOL_ID: 'us-west-2_local1',
      MAIN_TABLE: 'ccsc-local-main',
      AUDIT_TABLE: 'ccsc-local-audit',
      EXPORTS_BUCKET: 'ccsc-local-exports',
      MAIL_FROM: 'no-reply@ccsc.local',
      S3_FORCE_PATH_STYLE: true,
      // The offline pool's validity of a temporary password (the contract's password policy).
      TEMPORARY_PASSWORD_DAYS: 7,
    });
    // Offline the console and the API share one origin.
    expect(env.ALLOWED_ORIGINS).toBe('');
  });

  it('points each AWS SDK client at its local stand-in', () => {
    expect(env).toMatchObject({
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://127.0.0.1:9229',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569',
      AWS_ENDPOINT_URL_SESV2: 'http://127.0.0.1:8005',
    });
  });

  it('points S3 at its public address when browsers reach it elsewhere (S3_PUBLIC_URL)', () => {
    const published = lambdaEnvFor({
      stack,
      tables: { main: 'm', audit: 'a', documents: 'd' },
      buckets: { documents: 'd', artifacts: 'r', exports: 'e' },
      mailFrom: 'no-reply@ccsc.local',
      environmentName: 'local',
      s3Url: 'http://localhost:14569',
    });
    // A presigned link is signed for the host it names: the handlers sign and call there.
    expect(published.AWS_ENDPOINT_URL_S3).toBe('http://localhost:14569');
  });

  it('switches off the product metrics’ EMF lines, which only CloudWatch reads', () => {
    expect(env.POWERTOOLS_METRICS_DISABLED).toBe('true');
  });

  it('tells the partner API handlers where partners get tokens and call the API', () => {
    // The discovery document's token_endpoint: where partners reach Cognito, not the console.
    expect(env.OAUTH_TOKEN_URL).toBe('http://localhost:9229/oauth2/token');
    expect(env.PARTNER_API_BASE_URL).toBe('http://localhost:3123');
    const bare = lambdaEnvFor({
      stack,
      tables: { main: 'm', audit: 'a', documents: 'd' },
      buckets: { documents: 'd', artifacts: 'r', exports: 'e' },
      mailFrom: 'no-reply@ccsc.local',
      environmentName: 'local',
      consoleUrl: 'http://localhost:3000/',
    });
    expect(bare.PARTNER_API_BASE_URL).toBe('http://localhost:3000');
  });
});
