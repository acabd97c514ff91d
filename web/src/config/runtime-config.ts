import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@ccsc/contract';
import { env } from './env';

/**
 * /config.json, fetched once at start: one build serves every environment.
 *
 * Its shape is the contract's `runtimeConfigSchema` (@ccsc/contract), from which the mock
 * server and the CDK deployment write the file. The web app checks it here by hand instead of with
 * that zod schema because the check runs before the login screen, whose first load has a budget:
 * zod in the entry chunk costs 15-23 KB gzip (README, "Size budget"). The type is the contract's,
 * so a field added there fails to compile here until it is checked; runtime-config.test.ts runs
 * both checks over the same samples so that they accept and refuse alike.
 */
export type { RuntimeConfig };

type Check = (value: unknown) => boolean;

const nonEmptyString: Check = (value) => typeof value === 'string' && value !== '';
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const absoluteUrl: Check = (value) => {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
// The same address shape zod's z.email() accepts.
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const email: Check = (value) => typeof value === 'string' && EMAIL.test(value);
const positiveInteger: Check = (value) => Number.isInteger(value) && (value as number) > 0;

const MALWARE_ENGINES: readonly unknown[] = ['guardduty', 'clamd', 'stand-in'];
const malwareScanning: Check = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const engine: unknown = Reflect.get(value, 'engine');
  const version: unknown = Reflect.get(value, 'version');
  return MALWARE_ENGINES.includes(engine) && optional(nonEmptyString)(version);
};

const FIELDS = {
  region: nonEmptyString,
  userPoolId: nonEmptyString,
  userPoolClientId: nonEmptyString,
  cognitoEndpoint: optional(absoluteUrl),
  apiBaseUrl: nonEmptyString,
  productName: nonEmptyString,
  supportEmail: email,
  environmentName: nonEmptyString,
  idleTimeoutSeconds: positiveInteger,
  accountName: nonEmptyString,
  malwareScanning: optional(malwareScanning),
} as const satisfies Record<keyof RuntimeConfig, Check>;

export type RuntimeConfigParse =
  { success: true; data: RuntimeConfig } | { success: false; problems: string[] };

/** Checks a parsed /config.json; unknown fields are dropped, as the contract's schema does. */
export const parseRuntimeConfig = (value: unknown): RuntimeConfigParse => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { success: false, problems: ['(root): expected an object'] };
  }
  const record = value as Record<string, unknown>;
  const problems = Object.entries(FIELDS)
    .filter(([field, check]) => !check(record[field]))
    .map(([field]) => `${field}: invalid or missing`);
  if (problems.length > 0) return { success: false, problems };
  const known = Object.keys(FIELDS).filter((field) => record[field] !== undefined);
  // Every field was checked against the type above.
  const data = Object.fromEntries(known.map((field) => [field, record[field]])) as RuntimeConfig;
  return { success: true, data };
};

export const RUNTIME_CONFIG_URL = `${env.basePath}config.json`;

/** /config.json could not be fetched or is not valid; `message` says which, for the error page. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

let loaded: RuntimeConfig | undefined;

export const loadRuntimeConfig = async (
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<RuntimeConfig> => {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} could not be fetched`);
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} answered HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is not JSON`);
  }
  const parsed = parseRuntimeConfig(body);
  if (!parsed.success) {
    throw new RuntimeConfigError(
      `${RUNTIME_CONFIG_URL} is not valid: ${parsed.problems.join('; ')}`,
    );
  }
  loaded = parsed.data;
  return parsed.data;
};

let loading: Promise<RuntimeConfig> | undefined;

/**
 * The configuration once it is there: main.tsx starts the one download without waiting for it (the
 * login screen renders meanwhile), and lib/auth.ts waits here should the user sign in before.
 */
export const whenRuntimeConfigLoaded = (): Promise<RuntimeConfig> =>
  loaded ? Promise.resolve(loaded) : (loading ??= loadRuntimeConfig());

/** For modules outside React (lib/auth.ts, lib/api.ts); components use `useRuntimeConfig`. */
export const getRuntimeConfig = (): RuntimeConfig => {
  if (!loaded) throw new Error('The runtime configuration is read before it was loaded');
  return loaded;
};

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);
export const RuntimeConfigProvider = RuntimeConfigContext.Provider;

/** The configuration, or null while it loads: for what shows before it (the login screen). */
export const useOptionalRuntimeConfig = (): RuntimeConfig | null =>
  useContext(RuntimeConfigContext);

export const useRuntimeConfig = (): RuntimeConfig => {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig is used outside RuntimeConfigProvider');
  return config;
};
