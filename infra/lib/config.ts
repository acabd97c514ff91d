import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';

/**
 * The one typed, validated place for per-environment settings. The values live in cdk.json under
 * the context key `ccsc:environments` (one entry per environment name); `-c env=<name>` picks one.
 * Everything else in infra/ receives an `EnvironmentConfig` and never reads context or
 * `process.env` itself.
 */
export const ENVIRONMENTS_CONTEXT_KEY = 'ccsc:environments';
export const ENVIRONMENT_CONTEXT_KEY = 'env';

/** CloudWatch Logs accepts only these retention periods (a retention is required: no INFINITE). */
const RETENTIONS = new Map<number, RetentionDays>(
  Object.values(RetentionDays)
    .filter((v): v is RetentionDays => typeof v === 'number' && v !== RetentionDays.INFINITE)
    .map((v) => [v, v]),
);
const LOG_RETENTION_DAYS = [...RETENTIONS.keys()];

const email = z.email('must be an e-mail address');
const httpsOrigin = z
  .string()
  .regex(
    /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/,
    'must be an https origin such as https://console.example.com (no path, no trailing slash)',
  );
const int = (min: number, max: number) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const environmentNameSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9]{1,9}$/,
    'an environment name is 2-10 lower-case letters or digits, starting with a letter ' +
      '(it becomes part of stack, table, bucket and function names)',
  );

const settingsSchema = z
  .object({
    /** Pins the account; without it the account comes from the CLI's credentials (CDK_DEFAULT_ACCOUNT). */
    account: z
      .string()
      .regex(/^\d{12}$/, 'must be a 12-digit AWS account id')
      .optional(),
    region: z
      .string()
      .regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'must be an AWS region such as us-west-2'),
    productName: z.string().trim().min(1, 'must not be empty').max(60),
    /**
     * The deployment's own name (/config.json's accountName): shown in the console's header and
     * the issuer of the authenticator enrolment, with the environment name ("CCSC SIT sit MFA").
     */
    accountName: z.string().trim().min(1, 'must not be empty').max(60),
    supportEmail: email,
    /** The first PlatformAdmin, invited by e-mail when the stack is created. */
    bootstrapAdminEmail: email,
    mail: z
      .object({
        /** Sender of the product's own mails (one-time links, notices); an SES e-mail identity. */
        from: email,
        /**
         * false (default): Cognito sends its invitation and verification mails with its own sender.
         * true: Cognito sends them through SES from `from` — only once that identity is verified
         * and the account has left the SES sandbox, or the pool update fails.
         */
        cognitoUsesSes: z.boolean().default(false),
      })
      .strict(),
    /** Origins besides the console's own that may call the API from a browser. */
    allowedOrigins: z.array(httpsOrigin).max(5).default([]),
    /** SPEC §1/§9: OPTIONAL at the pool; the application enforces TOTP for administrators. */
    mfa: z.enum(['OPTIONAL', 'REQUIRED']).default('OPTIONAL'),
    tokens: z
      .object({
        idTokenMinutes: int(5, 1440),
        accessTokenMinutes: int(5, 1440),
        refreshTokenMinutes: int(60, 5256000),
      })
      .strict(),
    /** SPEC §4/§9: the console's idle countdown, in seconds (written into /config.json). */
    idleTimeoutSeconds: int(60, 86400),
    /** Consecutive failed sign-ins after which accountLockout locks the account. */
    lockoutThreshold: int(3, 20),
    /** How long an invitation's temporary password stays valid. */
    temporaryPasswordDays: int(1, 365),
    /**
     * Cognito threat protection (Plus feature plan). 'full' blocks risky sign-ins, 'audit' only
     * records them; both record the auth events the lockout counts. 'off' keeps the Essentials
     * plan: no auth events, so accountLockout cannot count failures in that environment.
     */
    threatProtection: z.enum(['full', 'audit', 'off']),
    retention: z
      .object({
        logDays: z
          .number()
          .refine((d) => RETENTIONS.has(d), {
            message: `must be one of CloudWatch's retention periods: ${LOG_RETENTION_DAYS.join(', ')}`,
          })
          .transform((d) => RETENTIONS.get(d) ?? RetentionDays.ONE_YEAR),
        /** S3 server-access and CloudFront logs are deleted after this many days. */
        accessLogDays: int(1, 3650),
        /** Earlier versions of documents and artifacts are deleted this many days after replacement. */
        noncurrentVersionDays: int(1, 3650),
      })
      .strict(),
    api: z
      .object({
        throttleRatePerSecond: int(1, 10000),
        throttleBurst: int(1, 5000),
        /** WAF: requests per client IP per 5 minutes, any route. */
        requestsPerFiveMinutes: int(10, 2000000000),
        /** WAF: requests per client IP per 5 minutes to the public (unauthenticated) routes. */
        publicRequestsPerFiveMinutes: int(10, 2000000000),
        /**
         * WAF: requests per access token (the Authorization header) per 5 minutes to the partner
         * API (/ccsc/api/). A token belongs to one API credential's client, so this is a limit per
         * client; WAF cannot read the token's client_id.
         */
        partnerRequestsPerFiveMinutes: int(10, 2000000000).default(600),
      })
      .strict(),
    /** The console under a name of your own; the certificate must be in us-east-1 (CloudFront). */
    customDomain: z
      .object({
        domainName: z
          .string()
          .regex(
            /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
            'must be a DNS name',
          ),
        certificateArn: z
          .string()
          .regex(
            /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/,
            'must be an ACM certificate ARN in us-east-1 (CloudFront only uses certificates there)',
          ),
      })
      .strict()
      .optional(),
    /** An AWS WAF web ACL of scope CLOUDFRONT (created in us-east-1) to put in front of the site. */
    siteWebAclArn: z
      .string()
      .regex(
        /^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\/[\w-]+\/[0-9a-f-]{36}$/,
        'must be the ARN of a CLOUDFRONT-scope web ACL in us-east-1',
      )
      .optional(),
    /** Prefix of the Cognito domain (<prefix>.auth.<region>.amazoncognito.com); default ccsc-<env>-<account>. */
    cognitoDomainPrefix: z
      .string()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        'must be lower-case letters, digits and hyphens',
      )
      .refine((p) => !/aws|amazon|cognito/.test(p), 'must not contain aws, amazon or cognito')
      .optional(),
    terminationProtection: z.boolean().default(true),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.tokens.refreshTokenMinutes * 60 < s.idleTimeoutSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['tokens', 'refreshTokenMinutes'],
        message: 'must outlast idleTimeoutSeconds, or active users are signed out before idling',
      });
    }
    if (s.api.publicRequestsPerFiveMinutes > s.api.requestsPerFiveMinutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['api', 'publicRequestsPerFiveMinutes'],
        message:
          'must not exceed api.requestsPerFiveMinutes: the public routes get the stricter limit',
      });
    }
  });

export type EnvironmentSettings = z.output<typeof settingsSchema>;

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export type EnvironmentConfig = DeepReadonly<
  EnvironmentSettings & {
    environmentName: string;
    /** The account to deploy to, when known (pinned in settings or from the CLI's credentials). */
    account: string | undefined;
    /** Stack name: carries the environment so several live side by side in one account. */
    stackName: string;
    /** Prefix of physical names (tables, buckets, functions): ccsc-<env>. */
    namePrefix: string;
  }
>;

/** A setting that is missing or wrong: synthesis stops with this message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ResolveInput {
  /** The value of `-c env=...`. */
  readonly environmentName: unknown;
  /** The `ccsc:environments` context object. */
  readonly environments: unknown;
  /** CDK_DEFAULT_ACCOUNT, when the CLI found credentials. */
  readonly defaultAccount?: string | undefined;
}

const formatIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .map((i) => `  - ${i.path.length > 0 ? i.path.join('.') : '(settings)'}: ${i.message}`)
    .join('\n');

export const resolveEnvironment = (input: ResolveInput): EnvironmentConfig => {
  const environments = z.record(z.string(), z.unknown()).safeParse(input.environments);
  if (!environments.success) {
    throw new ConfigError(
      `cdk.json has no environments: add an object under context."${ENVIRONMENTS_CONTEXT_KEY}".`,
    );
  }
  const known = Object.keys(environments.data).sort();
  if (input.environmentName === undefined || input.environmentName === '') {
    throw new ConfigError(
      `No environment chosen. Run with -c ${ENVIRONMENT_CONTEXT_KEY}=<name>; known: ${known.join(', ')}.`,
    );
  }
  const name = environmentNameSchema.safeParse(input.environmentName);
  if (!name.success) {
    throw new ConfigError(
      `Environment name ${JSON.stringify(input.environmentName)} is not valid: ${name.error.issues[0]?.message ?? ''}.`,
    );
  }
  const raw = environments.data[name.data];
  if (raw === undefined) {
    throw new ConfigError(
      `Unknown environment "${name.data}". Known environments: ${known.join(', ')}. ` +
        `Add "${name.data}" under context."${ENVIRONMENTS_CONTEXT_KEY}" in cdk.json to create it.`,
    );
  }
  const settings = settingsSchema.safeParse(raw);
  if (!settings.success) {
    throw new ConfigError(
      `Settings of environment "${name.data}" (cdk.json context."${ENVIRONMENTS_CONTEXT_KEY}".${name.data}) ` +
        `are not valid:\n${formatIssues(settings.error.issues)}`,
    );
  }
  const s = settings.data;
  return {
    ...s,
    environmentName: name.data,
    account: s.account ?? input.defaultAccount,
    stackName: `ccsc-console-${name.data}`,
    namePrefix: `ccsc-${name.data}`,
  };
};
