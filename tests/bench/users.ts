/**
 * The user list at 10,000 users (issue 5): seeds the offline directory, builds the user index
 * through the console's own rebuild, then times list-all-users (first page, a search, a filter)
 * and export-users as the browser calls them, and samples this process's heap during the export.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startConsole, type RunningConsole } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import { createEnrolledUser } from '../support/aws';
import { consoleInfo, testEnv } from '../support/console';
import { median } from './support';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  budget: number;
  /** The budget is a floor (a score), not a ceiling. */
  atLeast?: boolean;
}

export const USERS = 10_000;
const RUNS = 15;
const ROLES = ['OrgAdmin', 'OrgAdmin', 'OrgAdmin', 'Auditor'] as const;
const ORGS = [
  'site-berlin-mitte',
  'site-hamburg-nord',
  'site-ankara-city',
  'site-izmir-ege',
  'sponsor-nordlicht',
  'sponsor-anatolia',
];
const GIVEN = [
  'Ada',
  'Grace',
  'Zeynep',
  'Jonas',
  'Elif',
  'Lena',
  'Mehmet',
  'Sophie',
  'Can',
  'Marie',
];
const FAMILY = [
  'Lovelace',
  'Hopper',
  'Kaya',
  'Schmidt',
  'Yilmaz',
  'Fischer',
  'Demir',
  'Weber',
  'Aydin',
  'Wagner',
];

type PoolUser = Record<string, unknown>;

/** A user record as cognito-local keeps it (its JSON data file), as varied as a real directory. */
/** The user's role: the group seedPool puts them in (the role is the group alone). */
const roleOf = (n: number) => ROLES[n % ROLES.length] ?? 'OrgAdmin';

const poolUser = (n: number, created: Date, organisationId: string): PoolUser => {
  const sub = randomUUID();
  const given = GIVEN[n % GIVEN.length] ?? 'Ada';
  const family = FAMILY[Math.floor(n / GIVEN.length) % FAMILY.length] ?? 'Lovelace';
  const waiting = n % 17 === 0;
  const enrolled = !waiting && n % 11 !== 0;
  const at = new Date(created.getTime() + n * 60_000).toISOString();
  return {
    Username: sub,
    Password: `Bench-${n}-Pw1`,
    Attributes: [
      { Name: 'sub', Value: sub },
      { Name: 'email', Value: `${given}.${family}.${n}@bench.example`.toLowerCase() },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: given },
      { Name: 'family_name', Value: family },
      { Name: 'custom:organisationId', Value: organisationId },
    ],
    Enabled: n % 23 !== 0,
    UserStatus: waiting ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
    UserCreateDate: at,
    UserLastModifiedDate: at,
    RefreshTokens: [],
    ...(enrolled
      ? {
          UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
          PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
          SoftwareTokenMfaConfiguration: { Secret: 'JBSWY3DPEHPK3PXP', Verified: true },
        }
      : {}),
  };
};

/** A user seedPool wrote, as the dashboard's bench picks some to lock or invite. */
export interface SeededUser {
  userName: string;
  email: string;
  role: (typeof ROLES)[number];
  organisationId: string;
  enabled: boolean;
  /** Waiting for the first sign-in (FORCE_CHANGE_PASSWORD). */
  waiting: boolean;
}

/**
 * Writes the users into the stopped console's pool file (one write, not 10,000 API calls), the
 * n-th in `organisationOf(n)` (by default the offline seed's organisations in turn).
 */
export const seedPool = async (
  dataDir: string,
  userPoolId: string,
  organisationOf: (n: number) => string = (n) => ORGS[n % ORGS.length] ?? 'site-berlin-mitte',
): Promise<SeededUser[]> => {
  const file = join(dataDir, 'cognito', 'db', `${userPoolId}.json`);
  const pool = JSON.parse(await readFile(file, 'utf8')) as {
    Users: Record<string, PoolUser>;
    Groups: Record<string, { members?: string[] }>;
  };
  const created = new Date('2025-01-01T08:00:00Z');
  const seeded: SeededUser[] = [];
  for (let n = 0; n < USERS; n += 1) {
    const user = poolUser(n, created, organisationOf(n));
    const sub = user.Username as string;
    pool.Users[sub] = user;
    const group = pool.Groups[roleOf(n)];
    if (group) group.members = [...(group.members ?? []), sub];
    const attribute = (name: string) =>
      (user.Attributes as { Name: string; Value: string }[]).find((a) => a.Name === name)?.Value ??
      '';
    seeded.push({
      userName: sub,
      email: attribute('email'),
      role: roleOf(n),
      organisationId: attribute('custom:organisationId'),
      enabled: user.Enabled === true,
      waiting: user.UserStatus === 'FORCE_CHANGE_PASSWORD',
    });
  }
  await writeFile(file, JSON.stringify(pool));
  return seeded;
};

export const measureUserList = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> => {
  const env = testEnv(dataDir);
  let running: RunningConsole = await startConsole(env, {});
  const { userPoolId } = running.stack;
  await running.stop();
  const seedStarted = performance.now();
  await seedPool(dataDir, userPoolId);
  log(
    `seeded ${USERS} users into the offline directory in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  running = await startConsole(env, {});
  try {
    const c = consoleInfo(running, env);
    const admin = await createEnrolledUser(c, 'PlatformAdmin');
    const list = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const res = await callApi(c, 'list-all-users', { token: admin.idToken, body });
      const ms = performance.now() - started;
      if (res.status !== 200)
        throw new Error(
          `list-all-users ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`,
        );
      return { ms, data: (res.body as { data: { total: number; count: number } }).data };
    };
    // The first call finds the index never built and builds it from the directory.
    const build = await list({});
    log(
      `user index built from the directory (${build.data.total} users) in ${(build.ms / 1000).toFixed(1)} s`,
    );
    // A change makes the next reader take a fresh copy: that read is timed on its own.
    await callApi(c, 'update-user', {
      token: admin.idToken,
      body: { userName: admin.userName, userAttributes: { givenName: 'Bench' } },
    });
    const cold = await list({});
    log(`first page after a change (copy caught up from the change log): ${cold.ms.toFixed(0)} ms`);

    const time = async (body: Record<string, unknown>) => {
      const runs: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const r = await list(body);
        runs.push(r.ms);
        total = r.data.total;
      }
      return { median: median(runs), total };
    };
    const first = await time({});
    const search = await time({ search: 'zeynep kay' });
    const filtered = await time({
      status: 'MFA_NOT_ENROLLED',
      organisationId: 'site-ankara-city',
      sort: 'name',
    });
    log(`first page: median ${first.median.toFixed(0)} ms of ${RUNS} (${first.total} users)`);
    log(`search "zeynep kay": median ${search.median.toFixed(0)} ms (${search.total} matches)`);
    log(
      `filter status+organisation, sorted by name: median ${filtered.median.toFixed(0)} ms (${filtered.total} matches)`,
    );

    // The export, with this process's heap sampled (the console runs in this process): a sixth of
    // the users, then all of them. Streaming shows as a peak that does not grow with the rows.
    const exportOnce = async (body: Record<string, unknown>) => {
      (globalThis as { gc?: () => void }).gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const sampler = setInterval(() => {
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }, 5);
      const started = performance.now();
      const exported = await callApi(c, 'export-users', { token: admin.idToken, body });
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (exported.status !== 200) throw new Error(`export-users: ${exported.status}`);
      const { url, rows } = (exported.body as { data: { url: string; rows: number } }).data;
      const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
      const growth = (heapPeak - heapBefore) / (1024 * 1024);
      log(
        `export: ${rows} rows, ${(bytes / 1024 / 1024).toFixed(2)} MB of CSV in ${(ms / 1000).toFixed(2)} s, ` +
          `heap growth at peak ${growth.toFixed(1)} MB`,
      );
      return growth;
    };
    await exportOnce({ organisationId: 'site-ankara-city' });
    const growth = await exportOnce({});
    return [
      {
        name: `user list first page, ${USERS} users (median)`,
        value: first.median,
        unit: 'ms',
        budget: 300,
      },
      {
        name: `user list search, ${USERS} users (median)`,
        value: search.median,
        unit: 'ms',
        budget: 300,
      },
      {
        name: `user list filter + sort, ${USERS} users (median)`,
        value: filtered.median,
        unit: 'ms',
        budget: 300,
      },
      {
        name: `user CSV export, ${USERS} users, heap growth`,
        value: growth,
        unit: 'MB',
        budget: 64,
      },
    ];
  } finally {
    await running.stop();
  }
};
