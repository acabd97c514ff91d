import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';
import { DOCUMENT_CONTENT_KINDS } from '@ccsc/contract/document-constants';
import { PARTNER_RATE_LIMIT } from '@ccsc/contract/scopes';

// The settings of one environment, as cdk.json (or the command line) gives them, checked;
// lib/config.ts resolves an environment's settings from these.

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

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Whether an SES identity covers an address as Cognito's sender: the address itself, or exactly
 * its domain (Cognito's SourceArn names that identity; CDK checks the domain is the sender's).
 */
export const identityCovers = (identity: string, address: string): boolean => {
  const id = identity.toLowerCase();
  const addr = address.toLowerCase();
  if (id.includes('@')) return id === addr;
  return addr.slice(addr.lastIndexOf('@') + 1) === id;
};

export const environmentNameSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9]{1,9}$/,
    'an environment name is 2-10 lower-case letters or digits, starting with a letter ' +
      '(it becomes part of stack, table, bucket and function names)',
  );

export const settingsSchema = z
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
        /** Sender of every mail: the product's own (one-time links, notices) and, with SES, Cognito's. */
        from: email,
        /**
         * An SES identity (a domain, or the address itself) that is already verified for sending in
         * this account and region, and covers `from`. Given: the stack uses it as it is (creates
         * no identity), Cognito sends its invitation and verification mails through SES from
         * `from` (EmailSendingAccount DEVELOPER), and the deployment first checks with SES that
         * the identity is really verified, failing early with a message if it is not. Omitted: the
         * stack creates an e-mail identity for `from` (verified once someone clicks SES's link) and
         * Cognito keeps its own sender (50 mails a day, from Cognito's address).
         */
        verifiedIdentity: z
          .string()
          .trim()
          .toLowerCase()
          .refine(
            (v) => z.email().safeParse(v).success || DOMAIN.test(v),
            'must be a domain (acme-trials.com) or an e-mail address verified in SES',
          )
          .optional(),
      })
      .strict()
      .superRefine((m, ctx) => {
        if (m.verifiedIdentity !== undefined && !identityCovers(m.verifiedIdentity, m.from)) {
          ctx.addIssue({
            code: 'custom',
            path: ['verifiedIdentity'],
            message: `must cover mail.from (${m.from}): the address itself or its domain`,
          });
        }
      }),
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
     * Optional (issue 34): the kinds of file a completed document may really be, fewer than all
     * (the content check's allow-list, DOCUMENT_CONTENT_POLICY); absent: every kind the contract
     * knows. Programs, scripts, archives and macro-enabled Office files are refused regardless.
     */
    documentContentPolicy: z
      .array(z.enum(DOCUMENT_CONTENT_KINDS))
      .min(1, 'must allow at least one kind of file')
      .optional(),
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
        partnerRequestsPerFiveMinutes: int(10, 2000000000).default(PARTNER_RATE_LIMIT.requests),
      })
      .strict(),
    /** The console under a name of your own; the certificate must be in us-east-1 (CloudFront). */
    customDomain: z
      .object({
        domainName: z.string().regex(DOMAIN, 'must be a DNS name'),
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
    /**
     * Requests per client IP per 5 minutes to the console's files (the edge web ACL in us-east-1;
     * a sign-in loads about 15 files, each later page a few).
     */
    siteRequestsPerFiveMinutes: int(100, 2000000000).default(3000),
    /** Prefix of the Cognito domain (<prefix>.auth.<region>.amazoncognito.com); default ccsc-<env>-<account>. */
    cognitoDomainPrefix: z
      .string()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        'must be lower-case letters, digits and hyphens',
      )
      .refine((p) => !/aws|amazon|cognito/.test(p), 'must not contain aws, amazon or cognito')
      .optional(),
    /**
     * API Gateway keeps ONE CloudWatch Logs role per account and region, shared by every API
     * there. 'create' (default): this stack creates a role and sets it as that account setting,
     * replacing whatever role was set (the role is kept when the stack is destroyed). 'existing':
     * the account already has one (another environment's, or the platform team's); the stack
     * leaves the setting alone — the API's access and execution logs need it to be set.
     */
    apiGatewayCloudWatchRole: z.enum(['create', 'existing']).default('create'),
    /**
     * true only for an environment that exists to be synthesized (tests, `npm run synth`): its
     * addresses may be placeholders, and a deployment of it is refused by CloudFormation itself.
     */
    synthesisOnly: z.boolean().default(false),
    /**
     * Who is told when an alarm fires, and the thresholds of the alarms that are not simply "it
     * happened once" (infra/README.md, "Alarms, the dashboard and what to do when an alarm
     * fires"). Each address gets an e-mail subscription to `<prefix>-alarms` and must confirm it.
     * prefault: an environment without `alarms` gets every default below.
     */
    alarms: z
      .object({
        emails: z.array(email).max(10).default([]),
        /** API 5xx answers, in % of the stage's requests over 5 minutes. */
        apiServerErrorPercent: z.number().min(0.1).max(100).default(5),
        /** Fewer requests than this in 5 minutes never raise the 5xx or latency alarm. */
        apiMinimumRequests: int(1, 1000000).default(20),
        /** API latency p99 (ms) held for 15 minutes; the eTMF-EMS export and import take up to 29 s. */
        apiLatencyP99Ms: int(100, 29000).default(5000),
        /** Read or write throttle events of one table in 5 minutes (the SDK retries a few). */
        tableThrottleEvents: int(1, 1000000).default(10),
        /** Requests the API's web ACL blocks in 5 minutes. */
        wafBlockedPerFiveMinutes: int(1, 100000000).default(300),
        /** Failed sign-ins in 5 minutes (all accounts together). */
        failedSignInsPerFiveMinutes: int(1, 1000000).default(50),
        /** Accounts locked in one hour. */
        lockoutsPerHour: int(1, 100000).default(5),
      })
      .strict()
      .prefault({}),
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
