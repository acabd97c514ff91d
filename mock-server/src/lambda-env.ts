import { PASSWORD_POLICY } from '@ccsc/contract/password-policy';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import { openIdConfiguration } from './cognito';
import type { StackInfo } from './stack';

export interface LambdaEnvInput {
  stack: StackInfo;
  tables: { main: string; audit: string; documents: string };
  buckets: { documents: string; artifacts: string; exports: string };
  mailFrom: string;
  environmentName: string;
  /**
   * The console's own origin, offline the partner API's too; by default the console's default
   * address, http://localhost:3000 (startConsole passes the real one).
   */
  consoleUrl?: string;
  /**
   * Where the handlers reach S3, which every presigned link then names: the public address
   * browsers reach it at (S3_PUBLIC_URL); by default the stack's own endpoint.
   */
  s3Url?: string;
}

/** The AWS SDK's own settings offline: the region, and each client pointed at its stand-in. */
type LocalSdkEnvironment = Readonly<{
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID: string;
  AWS_SECRET_ACCESS_KEY: string;
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: string;
  AWS_ENDPOINT_URL_DYNAMODB: string;
  AWS_ENDPOINT_URL_S3: string;
  AWS_ENDPOINT_URL_SESV2: string;
}>;

/**
 * Powertools offline: the product metrics (EMF lines, read by CloudWatch in AWS) are not printed,
 * so the console's output stays its log lines. The logger and the tracer need nothing: the one
 * prints the same JSON lines as in AWS, the other is never loaded outside Lambda.
 */
type LocalPowertoolsEnvironment = Readonly<{ POWERTOOLS_METRICS_DISABLED: 'true' }>;

const DEFAULT_CONSOLE_URL = 'http://localhost:3000';

/**
 * What the partner API's handlers describe themselves with (the OpenAPI document's server and
 * token URL, the scope document): in AWS the API's custom domain and the
 * user pool domain's token endpoint.
 */
type PartnerApiEnvironment = Readonly<{
  /** The token endpoint of the client_credentials grant, as the pool's discovery document names it. */
  OAUTH_TOKEN_URL: string;
  /** The origin the partner API is called at (its paths begin /ccsc/api/v1/), no trailing slash. */
  PARTNER_API_BASE_URL: string;
}>;

/**
 * The environment the Lambda handlers get offline: the same variables CDK sets in AWS (typed once
 * as `LambdaEnvironment` in @ccsc/lambdas/env, so a missing or misspelt name does not compile),
 * plus the SDK's own AWS_ENDPOINT_URL_<SERVICE> overrides that point each client at its local
 * stand-in, and Powertools' metrics switched off. The credentials are the placeholder the local
 * emulators accept, not real ones.
 */
export const lambdaEnvFor = (
  i: LambdaEnvInput,
): LambdaEnvironment & LocalSdkEnvironment & PartnerApiEnvironment & LocalPowertoolsEnvironment => {
  const sdk: LocalSdkEnvironment = {
    AWS_REGION: i.stack.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: i.stack.endpoints.cognito,
    AWS_ENDPOINT_URL_DYNAMODB: i.stack.endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: i.s3Url ?? i.stack.endpoints.s3,
    // The SDK derives the name from the client's service id, "SESv2".
    AWS_ENDPOINT_URL_SESV2: i.stack.endpoints.ses,
  };
  // Whether or not @ccsc/lambdas/env declares the partner API's names yet, they come from here.
  const partner: PartnerApiEnvironment = {
    // Where partners reach Cognito (the tokens' issuer prefix), not the console's own way to it.
    OAUTH_TOKEN_URL: openIdConfiguration(i.stack.endpoints.cognitoPublic, i.stack.userPoolId)
      .token_endpoint,
    PARTNER_API_BASE_URL: new URL(i.consoleUrl ?? DEFAULT_CONSOLE_URL).origin,
  };
  // The partner functions check access tokens themselves (issue 36): the offline pool's issuer
  // (where partners reach it) and its keys (where this process reaches them).
  const tokens = { TOKEN_ISSUER: i.stack.issuer, TOKEN_JWKS_URL: i.stack.jwksUrl };
  const lambda: Omit<LambdaEnvironment, keyof PartnerApiEnvironment> = {
    S3_FORCE_PATH_STYLE: 'true',
    // Issue 36: offline, webhooks may go to this machine (the simulated partner systems).
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    ENVIRONMENT_NAME: i.environmentName,
    USER_POOL_ID: i.stack.userPoolId,
    USER_POOL_CLIENT_ID: i.stack.userPoolClientId,
    MAIN_TABLE: i.tables.main,
    AUDIT_TABLE: i.tables.audit,
    DOCUMENTS_TABLE: i.tables.documents,
    DOCUMENTS_BUCKET: i.buckets.documents,
    ARTIFACTS_BUCKET: i.buckets.artifacts,
    EXPORTS_BUCKET: i.buckets.exports,
    /** The sender of the product's own e-mail (SesMailer), as CDK sets it. */
    MAIL_FROM: i.mailFrom,
    // Offline the console and the API share one origin: no other origin is allowed.
    ALLOWED_ORIGINS: '',
    // The offline pool's TemporaryPasswordValidityDays (provision/user-pool.ts: the contract's
    // password policy), so the user list tells when an invitation expires as the pool does. One
    // process runs every handler offline, so every one has it (CDK sets it on those that read it).
    TEMPORARY_PASSWORD_DAYS: String(PASSWORD_POLICY.temporaryPasswordValidityDays),
    ...tokens,
  };
  return { ...sdk, ...lambda, ...partner, POWERTOOLS_METRICS_DISABLED: 'true' };
};
