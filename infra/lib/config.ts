import * as z from 'zod';
import {
  type EnvironmentConfig,
  type EnvironmentSettings,
  environmentNameSchema,
  settingsSchema,
} from './environment-settings';

/**
 * The one typed, validated place for per-environment settings. The values live in cdk.json under
 * the context key `ccsc:environments` (one entry per environment name); `-c env=<name>` picks one.
 * Everything else in infra/ receives an `EnvironmentConfig` and never reads context or
 * `process.env` itself.
 */
export const ENVIRONMENTS_CONTEXT_KEY = 'ccsc:environments';
export const ENVIRONMENT_CONTEXT_KEY = 'env';

export {
  type EnvironmentConfig,
  type EnvironmentSettings,
  identityCovers,
} from './environment-settings';

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
  /**
   * Settings given on the command line (`-c mail.from=no-reply@acme-trials.com`), by their
   * dotted name (OVERRIDABLE_SETTINGS); they replace the environment's values in cdk.json.
   */
  readonly overrides?: Readonly<Record<string, unknown>>;
}

/**
 * The settings that differ per account and may be given with `-c <name>=<value>` instead of in
 * cdk.json (the lists take comma-separated values): what a platform engineer must fill in for a
 * real deployment, and the account-specific ARNs.
 */
export const OVERRIDABLE_SETTINGS = [
  'account',
  'supportEmail',
  'bootstrapAdminEmail',
  'mail.from',
  'mail.verifiedIdentity',
  'alarms.emails',
  'siteWebAclArn',
  'cognitoDomainPrefix',
  'apiGatewayCloudWatchRole',
  'customDomain.domainName',
  'customDomain.certificateArn',
] as const;
const LIST_SETTINGS: ReadonlySet<string> = new Set(['alarms.emails']);
/** What a placeholder setting takes, for the message that asks for it. */
const SETTING_VALUE_KINDS: Readonly<Record<string, string>> = {
  'customDomain.domainName': 'domain',
  'mail.verifiedIdentity': 'domain or address',
};

const withOverrides = (
  raw: unknown,
  overrides: Readonly<Record<string, unknown>>,
): Record<string, unknown> => {
  const out = structuredClone(z.record(z.string(), z.unknown()).catch({}).parse(raw));
  for (const [path, given] of Object.entries(overrides)) {
    if (given === undefined) continue;
    const keys = path.split('.');
    let at: Record<string, unknown> = out;
    for (const key of keys.slice(0, -1)) {
      const next = at[key];
      at[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
      at = at[key] as Record<string, unknown>;
    }
    // The CLI gives strings: an empty one (`-c mail.verifiedIdentity=`) unsets the setting.
    const value =
      given === ''
        ? undefined
        : LIST_SETTINGS.has(path) && typeof given === 'string'
          ? given
              .split(',')
              .map((v) => v.trim())
              .filter((v) => v !== '')
          : given;
    at[keys[keys.length - 1] ?? path] = value;
  }
  return out;
};

/**
 * Domains reserved for examples and tests (RFC 2606, RFC 6761) and local names: nobody receives
 * mail there, so a real environment must not name them.
 */
const PLACEHOLDER_DOMAIN =
  /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost|local|localdomain)$/i;

export const isPlaceholder = (addressOrDomain: string): boolean =>
  PLACEHOLDER_DOMAIN.test(addressOrDomain.slice(addressOrDomain.lastIndexOf('@') + 1));

/** The settings of a real environment that still name a placeholder, as [dotted name, value]. */
const placeholdersOf = (s: EnvironmentSettings): [string, string][] => {
  const named: [string, string | undefined][] = [
    ['bootstrapAdminEmail', s.bootstrapAdminEmail],
    ['supportEmail', s.supportEmail],
    ['mail.from', s.mail.from],
    ['mail.verifiedIdentity', s.mail.verifiedIdentity],
    ['customDomain.domainName', s.customDomain?.domainName],
    ...s.alarms.emails.map((e): [string, string] => ['alarms.emails', e]),
  ];
  return named.filter((n): n is [string, string] => n[1] !== undefined && isPlaceholder(n[1]));
};

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
  const settings = settingsSchema.safeParse(withOverrides(raw, input.overrides ?? {}));
  if (!settings.success) {
    throw new ConfigError(
      `Settings of environment "${name.data}" (cdk.json context."${ENVIRONMENTS_CONTEXT_KEY}".${name.data}) ` +
        `are not valid:\n${formatIssues(settings.error.issues)}`,
    );
  }
  const s = settings.data;
  const placeholders = s.synthesisOnly ? [] : placeholdersOf(s);
  if (placeholders.length > 0) {
    const where = `context."${ENVIRONMENTS_CONTEXT_KEY}".${name.data}`;
    throw new ConfigError(
      `Environment "${name.data}" still has placeholder settings, and a deployment with them cannot ` +
        `work (nobody receives mail at a reserved or local domain). Give the real values:\n` +
        placeholders
          .map(
            ([setting, value]) =>
              `  - ${setting}: ${value} is a placeholder. Give it on the command line with ` +
              `-c ${setting}=<${SETTING_VALUE_KINDS[setting] ?? 'address'}>` +
              `${LIST_SETTINGS.has(setting) ? '[,<address>...]' : ''} or set it in cdk.json at ${where}.${setting}.`,
          )
          .join('\n') +
        `\nAn environment that only exists to be synthesized (tests, npm run synth) sets ` +
        `"synthesisOnly": true, like "test" in cdk.json; it cannot be deployed.`,
    );
  }
  return {
    ...s,
    environmentName: name.data,
    account: s.account ?? input.defaultAccount,
    stackName: `ccsc-console-${name.data}`,
    namePrefix: `ccsc-${name.data}`,
  };
};
