import * as z from 'zod';
import { PASSWORD_POLICY } from '@ccsc/contract/password-policy';
import {
  DOCUMENT_CONTENT_KINDS,
  type DocumentContentKind,
} from '@ccsc/contract/document-constants';
import { onContainerReset } from './container';

/**
 * The names of the variables whoever runs the handlers must set: CDK on every function
 * (infra/lib/console-stack.ts), the offline server for its handlers (mock-server/src/lambda-env.ts).
 * Both build their values as a `LambdaEnvironment`, so a missing or misspelt name is a type error
 * there, and this module reads exactly these names (a test checks the schemas against them).
 */
export const LAMBDA_ENV_NAMES = [
  'ENVIRONMENT_NAME',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'MAIN_TABLE',
  'AUDIT_TABLE',
  'DOCUMENTS_TABLE',
  'DOCUMENTS_BUCKET',
  'ARTIFACTS_BUCKET',
  'EXPORTS_BUCKET',
  'MAIL_FROM',
  'ALLOWED_ORIGINS',
  'OAUTH_TOKEN_URL',
  'PARTNER_API_BASE_URL',
] as const;
export type LambdaEnvName = (typeof LAMBDA_ENV_NAMES)[number];

/**
 * Variables that may be set, and are read with a default otherwise: LOCKOUT_THRESHOLD on the
 * accountLockout function only, TEMPORARY_PASSWORD_DAYS on the functions that tell when an
 * invitation expires, S3_FORCE_PATH_STYLE offline only, DOCUMENT_CONTENT_POLICY where an
 * environment accepts fewer kinds of file than a document may be, WEBHOOK_QUEUE_URL on the
 * functions that send webhook deliveries to their queue (AWS only), TOKEN_ISSUER and
 * TOKEN_JWKS_URL offline only (in AWS both follow from the region and the pool: tokenIssuer()).
 */
export const OPTIONAL_LAMBDA_ENV_NAMES = [
  'LOCKOUT_THRESHOLD',
  'TEMPORARY_PASSWORD_DAYS',
  'S3_FORCE_PATH_STYLE',
  'MAIL_CONFIGURATION_SET',
  'DOCUMENT_CONTENT_POLICY',
  'WEBHOOK_ALLOW_LOOPBACK',
  'WEBHOOK_QUEUE_URL',
  'TOKEN_ISSUER',
  'TOKEN_JWKS_URL',
] as const;
export type OptionalLambdaEnvName = (typeof OPTIONAL_LAMBDA_ENV_NAMES)[number];

/**
 * Set by the Lambda runtime itself: AWS_REGION (also by the offline server), AWS_EXECUTION_ENV
 * (in AWS only: `inLambda()`).
 */
export const RUNTIME_ENV_NAMES = ['AWS_REGION', 'AWS_EXECUTION_ENV'] as const;

/** The variables a function is given: every name of LAMBDA_ENV_NAMES, the optional ones at will. */
export type LambdaEnvironment = Readonly<
  Record<LambdaEnvName, string> & Partial<Record<OptionalLambdaEnvName, string>>
>;

/**
 * The one place the Lambda code reads its configuration. CDK sets these variables on every
 * function; the mock server sets the same ones (plus AWS_ENDPOINT_URL_* for the local services).
 */
const schema = z.lazy(() =>
  z.object({
    AWS_REGION: z.string().min(1),
    ENVIRONMENT_NAME: z.string().min(1),
    USER_POOL_ID: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like us-west-2_abc123'),
    USER_POOL_CLIENT_ID: z.string().min(1),
    MAIN_TABLE: z.string().min(3),
    AUDIT_TABLE: z.string().min(3),
    DOCUMENTS_TABLE: z.string().min(3),
    DOCUMENTS_BUCKET: z.string().min(3),
    ARTIFACTS_BUCKET: z.string().min(3),
    EXPORTS_BUCKET: z.string().min(3),
    MAIL_FROM: z.email(),
    /** The user pool domain's token endpoint: where an API credential gets its access tokens. */
    OAUTH_TOKEN_URL: z.url(),
    /** The origin the partner API (/ccsc/api/v1/) is served at: the console's own. */
    PARTNER_API_BASE_URL: z.url(),
    /**
     * accountLockout: consecutive failed sign-ins (Cognito auth events since the last success)
     * that lock an account. CDK sets it on that function only; the others take the default.
     */
    LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(50).default(5),
    /**
     * The user pool's TemporaryPasswordValidityDays (infra config `temporaryPasswordDays`): how
     * long an invitation's temporary password works, so the user list can tell when one expires
     * (lists/users.ts). CDK sets it on the functions that need it (the user list, its export);
     * the default is the contract's password policy, the offline pool's own.
     */
    TEMPORARY_PASSWORD_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365)
      .default(PASSWORD_POLICY.temporaryPasswordValidityDays),
    /**
     * The SES configuration set every mail is sent with (TLS required, bounces and complaints
     * suppressed): CDK sets it on every function; offline there is none.
     */
    MAIL_CONFIGURATION_SET: z.string().min(1).optional(),
    /**
     * The content check's allow-list (documents/content-check.ts): the kinds of file a completed
     * document may really be, comma-separated, of DOCUMENT_CONTENT_KINDS (pdf, docx, xlsx, png,
     * jpg, tif, xml). Unset or empty: all of them. Programs, scripts, archives and macro-enabled
     * Office files are refused whatever it says. Infra sets it from the environment's config.
     */
    DOCUMENT_CONTENT_POLICY: z
      .string()
      .optional()
      .transform((value, ctx): readonly DocumentContentKind[] => {
        if (value === undefined || value.trim() === '') return DOCUMENT_CONTENT_KINDS;
        const named = value.split(',').map((k) => k.trim().toLowerCase());
        const unknown = named.filter((k) => !DOCUMENT_CONTENT_KINDS.some((kind) => kind === k));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `names ${unknown.join(', ')}; the kinds are ${DOCUMENT_CONTENT_KINDS.join(', ')}`,
          });
          return z.NEVER;
        }
        return DOCUMENT_CONTENT_KINDS.filter((kind) => named.includes(kind));
      }),
    /**
     * Offline only (issue 36): webhooks may go to http://localhost and 127.0.0.1, where the
     * simulated partner systems listen (webhooks/webhook-target.ts). Never set in AWS.
     */
    WEBHOOK_ALLOW_LOOPBACK: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /**
     * AWS only (issue 36): the SQS queue the webhook deliveries go through, set by infra on the
     * functions that send to it (the fan-out, the every-minute job, the queue's consumer).
     * Unset (offline): no queue, the console tries the due deliveries itself.
     */
    WEBHOOK_QUEUE_URL: z.url().optional(),
    /**
     * Offline only (issue 36): the user pool's token issuer and where its keys are, which the
     * partner functions check access tokens against (http/access-tokens.ts). In AWS they are
     * unset: the issuer is Cognito's for the region and the pool (tokenIssuer below).
     */
    TOKEN_ISSUER: z.url().optional(),
    TOKEN_JWKS_URL: z.url().optional(),
    /** Offline only: the local S3 stand-in serves path-style URLs. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  }),
);
export type LambdaEnv = z.infer<typeof schema>;

export const parseLambdaEnv = (source: Record<string, string | undefined>): LambdaEnv => {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Lambda configuration is invalid: ${problems.join('; ')}`);
  }
  return parsed.data;
};

/**
 * The issuer of the user pool's tokens and its key set: Cognito's
 * (`https://cognito-idp.<region>.amazonaws.com/<userPoolId>`, keys at
 * `<issuer>/.well-known/jwks.json`), or what the offline console set.
 */
export const tokenIssuer = (env: LambdaEnv): { issuer: string; jwksUrl: string } => {
  const issuer =
    env.TOKEN_ISSUER ?? `https://cognito-idp.${env.AWS_REGION}.amazonaws.com/${env.USER_POOL_ID}`;
  return { issuer, jwksUrl: env.TOKEN_JWKS_URL ?? `${issuer}/.well-known/jwks.json` };
};

let cached: LambdaEnv | undefined;
export const lambdaEnv = (): LambdaEnv => (cached ??= parseLambdaEnv(process.env));
onContainerReset(() => {
  cached = undefined;
  origins = undefined;
});

/**
 * The console's origin(s), comma-separated, for CORS: in AWS the API has an origin of its own.
 * Read on its own (not with the rest) because every handler needs it, even one without deps.
 * Offline the console and the API share an origin and the list is empty.
 */
const originsSchema = z.lazy(() =>
  z.object({
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter((o) => o !== ''),
      ),
  }),
);
let origins: readonly string[] | undefined;
export const allowedOrigins = (): readonly string[] =>
  (origins ??= originsSchema.parse(process.env).ALLOWED_ORIGINS);

/**
 * Whether this process is a Lambda function in AWS (the runtime sets AWS_EXECUTION_ENV, e.g.
 * `AWS_Lambda_nodejs22.x`), not the offline console or a test: the X-Ray tracer is loaded there
 * only (adapters/clients/tracer.ts).
 */
const runtimeSchema = z.lazy(() => z.object({ AWS_EXECUTION_ENV: z.string().default('') }));
export const inLambda = (): boolean => runtimeSchema.parse(process.env).AWS_EXECUTION_ENV !== '';

/** The names the schemas above read, and the names the lists at the top declare: the same. */
type ReadEnvName =
  | keyof z.input<typeof schema>
  | keyof z.input<typeof originsSchema>
  | keyof z.input<typeof runtimeSchema>;
type DeclaredEnvName = LambdaEnvName | OptionalLambdaEnvName | (typeof RUNTIME_ENV_NAMES)[number];
export const ENV_NAMES_MATCH_SCHEMAS: [ReadEnvName] extends [DeclaredEnvName]
  ? [DeclaredEnvName] extends [ReadEnvName]
    ? true
    : 'a name of the lists is not read'
  : 'a name read is not in the lists' = true;
