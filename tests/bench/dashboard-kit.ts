/**
 * The dashboard bench's settings and small tools (`dashboard.ts` describes the bench).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ConsoleInfo } from '../support/console';
import { BUSY_SPONSOR } from './registry-volume';

export const AUDIT_RECORDS = Number(process.env.BENCH_AUDIT_RECORDS ?? 100_000);
export const AUDIT_DAYS = 30;
export const RUNS = 15;
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** How many batches are in flight at once while seeding. */
export const IN_FLIGHT = 16;
export const DAY_MS = 86_400_000;
export const BUDGET_MS = 300;
export const LCP_BUDGET_MS = 1500;
/** Lighthouse's mobile performance score on a signed-in page, at least (issue 37). */
export const PERFORMANCE_BUDGET = 95;
/** Lighthouse's accessibility score on a signed-in page, at least (issue 37). */
export const ACCESSIBILITY_BUDGET = 100;

/** The four calls the page fires at once (web/src/features/dashboard). */
export const CALLS = [
  'dashboard/needs-action',
  'dashboard/activity',
  'dashboard/security',
  'dashboard/recent-changes',
] as const;

/**
 * The signed-in pages Lighthouse measures (issue 37: dashboard, users, documents), each with the
 * calls that show it is the signed-in page and not the login page or a session's end.
 */
export const LIGHTHOUSE_PAGES = [
  {
    name: 'dashboard',
    path: '/admin/dashboard',
    calls: CALLS,
  },
  { name: 'users', path: '/admin/user-management', calls: ['list-all-users'] },
  { name: 'documents', path: '/admin/documents', calls: ['s3documents/list'] },
] as const;
export type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

/** The offline seed's organisations (users.ts spreads its users over them too). */
export const SEED_ORGANISATIONS = [
  'site-berlin-mitte',
  'site-hamburg-nord',
  'site-ankara-city',
  'site-izmir-ege',
  'sponsor-nordlicht',
  'sponsor-anatolia',
];
/** The registry's sponsors are numbered from 1 (registry.ts `volume`); there are some 250. */
const sponsorId = (k: number) => `bench-sponsor-${String(k).padStart(5, '0')}`;

/** A fifth of the users in the busiest organisation, two fifths each elsewhere. */
export const organisationOf = (n: number): string =>
  n % 5 === 0
    ? BUSY_SPONSOR
    : n % 5 <= 2
      ? sponsorId(2 + (n % 99))
      : (SEED_ORGANISATIONS[n % SEED_ORGANISATIONS.length] ?? 'site-berlin-mitte');

// ---------- small tools ----------

/** mulberry32: a small generator with a fixed seed, so every run seeds the same trail. */
export const generator = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** `work` on every item, at most `size` at a time. */
export const inPool = async <T>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<void>,
) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await work(item);
      }
    }),
  );
};

/** The console's DynamoDB (dynalite), straight. */
export const localDynamo = (c: ConsoleInfo) => {
  const raw = new DynamoDBClient({
    region: c.region,
    endpoint: c.dynamodbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    db: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }),
    close: () => {
      raw.destroy();
    },
  };
};
