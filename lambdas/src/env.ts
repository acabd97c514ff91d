import * as z from 'zod';
import { onContainerReset } from './container';

/**
 * The one place the Lambda code reads its configuration. CDK sets these variables on every
 * function; the mock server sets the same ones (plus AWS_ENDPOINT_URL_* for the local services).
 */
const schema = z.object({
  AWS_REGION: z.string().min(1),
  ENVIRONMENT_NAME: z.string().min(1),
  USER_POOL_ID: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must look like us-west-2_abc123'),
  USER_POOL_CLIENT_ID: z.string().min(1),
  MAIN_TABLE: z.string().min(3),
  AUDIT_TABLE: z.string().min(3),
  DOCUMENTS_BUCKET: z.string().min(3),
  ARTIFACTS_BUCKET: z.string().min(3),
  EXPORTS_BUCKET: z.string().min(3),
  MAIL_FROM: z.email(),
  /**
   * accountLockout: consecutive failed sign-ins (Cognito auth events since the last success)
   * that lock an account. CDK sets it on that function only; the others take the default.
   */
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(50).default(5),
  /** Offline only: the local S3 stand-in serves path-style URLs. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type LambdaEnv = z.infer<typeof schema>;

export const parseLambdaEnv = (source: Record<string, string | undefined>): LambdaEnv => {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Lambda configuration is invalid: ${problems.join('; ')}`);
  }
  return parsed.data;
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
const originsSchema = z.object({
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    ),
});
let origins: readonly string[] | undefined;
export const allowedOrigins = (): readonly string[] =>
  (origins ??= originsSchema.parse(process.env).ALLOWED_ORIGINS);
