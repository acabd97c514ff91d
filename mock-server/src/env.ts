import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { PARTNER_RATE_LIMIT } from '@ccsc/contract/scopes';

/** The repository root, found from this file's location so the default does not depend on cwd. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const PORT_NUMBER = 'must be a port number (0-65535; 0 picks a free port)';

const port = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, PORT_NUMBER)
    .default(String(fallback))
    .transform(Number)
    .refine((n) => n <= 65535, PORT_NUMBER);

/** A port without a default: undefined when unset. */
const optionalPort = z
  .string()
  .trim()
  .regex(/^\d+$/, PORT_NUMBER)
  .transform(Number)
  .refine((n) => n <= 65535, PORT_NUMBER)
  .optional();

/** An http(s) origin a browser is given: scheme, host and port, no path. */
const origin = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` })
    .refine((url) => {
      if (!URL.canParse(url)) return true; // said above
      const { pathname, search, hash } = new URL(url);
      return pathname === '/' && search === '' && hash === '';
    }, `must be an origin, without a path (such as ${example})`)
    .transform((url) => (URL.canParse(url) ? new URL(url).origin : url));

const FALSY = new Set(['', '0', 'false', 'no', 'off']);

const schema = z.object({
  PORT: port(3000),
  /** Relative paths are resolved against the repository root, not the working directory. */
  DATA_DIR: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default('.data')
    .transform((dir) => (isAbsolute(dir) ? dir : resolve(REPOSITORY_ROOT, dir))),
  COGNITO_PORT: port(9229),
  SMTP_PORT: port(1025),
  MAIL_UI_PORT: port(1080),
  DYNAMODB_PORT: port(8000),
  S3_PORT: port(4569),
  /** The SES stand-in; unset, a free port (only the handlers call it, told where). */
  SES_PORT: optionalPort,
  BOOTSTRAP_ADMIN_EMAIL: z.email('must be an e-mail address').default('admin@example.com'),
  MAIL_FROM: z.email('must be an e-mail address').default('no-reply@ccsc.local'),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  PRODUCT_NAME: z.string().trim().min(1, 'must not be empty').default('CCSC Admin Console'),
  /** The deployment's own name (/config.json's accountName): the header, the authenticator issuer. */
  ACCOUNT_NAME: z.string().trim().min(1, 'must not be empty').default('CCSC Local'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@ccsc.local'),
  IDLE_TIMEOUT_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of seconds')
    .default('1800')
    .transform(Number),
  /**
   * How often the scheduled jobs pass (reconciler, held documents, distribution reminders…):
   * every minute by default, as `npm start` runs them. The end-to-end journeys set it shorter so
   * that a reminder due (its distribution's date moved back) comes within seconds, not a minute.
   */
  JOBS_EVERY_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of seconds')
    .default('60')
    .transform(Number),
  /**
   * The partner API's limit per access token in any 5 minutes (AWS: the web ACL's rate-based
   * rule, infra's api.partnerRequestsPerFiveMinutes), over which a call gets 429 and Retry-After.
   */
  PARTNER_REQUESTS_PER_FIVE_MINUTES: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of calls')
    .default(String(PARTNER_RATE_LIMIT.requests))
    .transform(Number),
  /**
   * The simulated partner systems (src/partner-systems/): a site system and a sponsor system
   * exchanging documents through the partner API. Unset: on for `npm start` with its own
   * stand-ins (the demo data), off for a console the tests start and with separate services.
   */
  SIMULATED_PARTNERS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === '' ? undefined : !FALSY.has(v.trim().toLowerCase()),
    ),
  /** Seconds between two documents the simulated site sends. */
  SIMULATED_PARTNERS_EVERY_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, 'must be a positive whole number of seconds')
    .default('45')
    .transform(Number),
  /** The simulated sponsor's webhook receiver, on 127.0.0.1; unset, a free port. */
  SIMULATED_PARTNERS_WEBHOOK_PORT: port(0),
  /**
   * docker-compose.yml runs each stand-in as a service of its own: these name where they are.
   * When COGNITO_ENDPOINT is set the console starts no stand-in and uses these instead.
   */
  COGNITO_ENDPOINT: z.url().optional(),
  /** Where browsers reach Cognito (and the tokens' issuer), if not COGNITO_ENDPOINT. */
  COGNITO_PUBLIC_URL: z.url().optional(),
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  /**
   * Where browsers reach S3, if not where the console does (S3_ENDPOINT, or the embedded
   * stand-in): every presigned link names it, and the handlers call S3 there too, so that the
   * link's signature is for the host the browser sends (console.ts: on a loopback address the
   * console relays it to S3 itself, as docker-compose.yml needs).
   */
  S3_PUBLIC_URL: origin('http://localhost:4569').optional(),
  /** Where browsers reach the console (a published port), if not where it listens. */
  CONSOLE_PUBLIC_URL: origin('http://localhost:3000').optional(),
  /** Without it, the console starts an SES stand-in of its own, relaying to SMTP_HOST. */
  SES_ENDPOINT: z.url().optional(),
  /** Where browsers reach the inbox, if not on this host. */
  MAIL_UI_URL: z.url().optional(),
  /** Where the Cognito stand-in sends its e-mails when it runs on its own. */
  SMTP_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * What scans the documents (docs/malware-scan.md): `auto` spawns clamd (Debian's
   * clamav-daemon) when installed, else the EICAR-only stand-in; `clamd` insists on it (the start
   * fails without); `stand-in` never spawns clamd. Scanning cannot be turned off: a document is
   * delivered only after a clean verdict.
   */
  MALWARE_SCANNER: z.enum(['auto', 'clamd', 'stand-in']).default('auto'),
  /**
   * A clamd already running (docker-compose.yml's clamd service): `tcp://host:port` or the path
   * of its unix socket. Nothing is spawned then.
   */
  CLAMD_ENDPOINT: z
    .string()
    .trim()
    .regex(
      /^(tcp:\/\/[^\s:/]+:\d{1,5}|\/\S+)$/,
      'must be tcp://host:port or the absolute path of a unix socket',
    )
    .optional(),
  /** The clamd binary, if not /usr/sbin/clamd or on PATH. */
  CLAMD_PATH: z.string().trim().min(1).optional(),
  /**
   * For the crash tests only (tests/crash/): failpoints to arm, comma-separated, or `trace`
   * (lambdas/src/core/failpoints.ts). The process kills itself when it reaches an armed one.
   */
  FAILPOINTS: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9:._,-]*$/,
      'must be failpoint names (such as journal:credential.issue:client), comma-separated',
    )
    .default('')
    .transform((v) => v.split(',').filter((n) => n !== '')),
  /** Any value but empty/0/false/no/off turns verbose logging on (DEBUG=* style values included). */
  DEBUG: z
    .string()
    .optional()
    .transform((v) => v !== undefined && !FALSY.has(v.trim().toLowerCase())),
});

export type MockEnv = z.infer<typeof refined>;

const refined = schema.refine(
  (e) =>
    e.COGNITO_ENDPOINT === undefined ||
    (e.DYNAMODB_ENDPOINT !== undefined && e.S3_ENDPOINT !== undefined),
  {
    message: 'with COGNITO_ENDPOINT set, DYNAMODB_ENDPOINT and S3_ENDPOINT are needed too',
    path: ['COGNITO_ENDPOINT'],
  },
);

/**
 * The one place mock-server reads its configuration. Every invalid variable is reported at once,
 * so a developer fixes them in one go rather than one restart per mistake.
 */
export const readEnv = (source: Record<string, string | undefined> = process.env): MockEnv => {
  const picked = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, source[key]] as const),
  );
  const parsed = refined.safeParse(picked);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = issue.path.join('.');
    return `  ${key}=${JSON.stringify(picked[key] ?? '')}: ${issue.message}`;
  });
  throw new Error(`Invalid mock-server configuration:\n${problems.join('\n')}`);
};

const auditVerifySchema = z.object({
  /**
   * `npm run audit:verify`: a deployed audit table to check (with the usual AWS_REGION /
   * AWS_PROFILE / credentials of the AWS SDK) instead of the running offline console's.
   */
  AUDIT_TABLE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')
    .optional(),
});

/** The audit table `npm run audit:verify` is asked to check, if not the offline console's. */
export const readAuditTable = (
  source: Record<string, string | undefined> = process.env,
): string | undefined => {
  const parsed = auditVerifySchema.safeParse({ AUDIT_TABLE: source.AUDIT_TABLE || undefined });
  if (parsed.success) return parsed.data.AUDIT_TABLE;
  throw new Error(
    `Invalid configuration:\n  AUDIT_TABLE=${JSON.stringify(source.AUDIT_TABLE)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
  );
};
