/**
 * The registry at volume (issue 14): 5,000 organisations, 20,000 systems, 1,000 studies and
 * 50,000 connections (the offline seed's network included) loaded into the offline console's main
 * table, then each list's first page and a search, a busy sponsor's detail page and a 1,000-row
 * CSV import timed as the browser calls them (a PlatformAdmin, who sees everything).
 *
 * The volume is written in bulk (mock-server's loadRegistry: the records, claims, use counts and
 * version the adapter's commits would leave, one change per record created, as create-organisation,
 * create-system, create-study and invite-site would make them, with the connections' later steps
 * in their history): committed one by one through the offline transactions, the ~130,000 items
 * of 76,000 changes would take most of an hour. Records are created at revision 1 whatever their history says (a
 * bulk load has no earlier revisions to replace); what is timed reads them, it does not care.
 * Deterministic (a fixed-seed generator), so runs compare.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OrganisationRecord } from '@ccsc/lambdas/adapters';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { loadRegistry } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import type { EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { median, withConsole } from './support';
import type { BenchResult } from './users';
import {
  BUSY_SPONSOR,
  CITIES,
  COUNTRIES,
  IMPORT_ROWS,
  pad,
  PAGE,
  RUNS,
  volume,
} from './registry-volume';

/** A CSV file of new sites, as a person would upload it (the export's columns). */
const importFile = (rows: number): string =>
  [
    'name,kind,country,contactEmail,identifiers',
    ...Array.from(
      { length: rows },
      (_, n) =>
        `Imported Clinic ${CITIES[n % CITIES.length] ?? ''} ${String(n + 1)},site,` +
        `${COUNTRIES[n % COUNTRIES.length] ?? 'DE'},import-${String(n + 1)}@bench.example,` +
        `Site network: IMP-${pad(n + 1)}`,
    ),
  ].join('\r\n') + '\r\n';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A PlatformAdmin's call as the browser makes it (GET with `query`), timed; fails unless 200. */
const registryCaller =
  (c: ConsoleInfo, admin: EnrolledTestUser) =>
  async (operation: string, body?: Record<string, unknown>, query?: string) => {
    const started = performance.now();
    const res = await callApi(c, query === undefined ? operation : `${operation}?${query}`, {
      token: admin.idToken,
      ...(query === undefined ? { body: body ?? {} } : { method: 'GET' }),
    });
    const ms = performance.now() - started;
    if (res.status !== 200) {
      throw new Error(`${operation}: ${String(res.status)} ${JSON.stringify(res.body)}`);
    }
    return { ms, data: (res.body as { data: unknown }).data };
  };

/**
 * The volume above loaded in bulk into a running console's main table, on top of what its seed
 * has; answers the organisations it added (the dashboard's bench spreads its audit trail over
 * them).
 */
export const seedRegistryVolume = async (
  c: ConsoleInfo,
  admin: EnrolledTestUser,
  log: (line: string) => void,
): Promise<OrganisationRecord[]> => {
  const call = registryCaller(c, admin);
  // What the seed left: the first call reads the registry.
  type Totals = { total: number };
  const seeded = {
    organisations: ((await call('list-organisations', { limit: 1 })).data as Totals).total,
    systems: ((await call('getOrgSysList', undefined, 'limit=1')).data as Totals).total,
    studies: ((await call('list-studies', { limit: 1 })).data as Totals).total,
    connections: ((await call('list-connections', { limit: 1 })).data as Totals).total,
  };
  const generated = performance.now();
  const { changes, counts } = volume(seeded);
  log(
    `generated ${String(counts.organisations)} organisations, ${String(counts.systems)} systems, ` +
      `${String(counts.studies)} studies, ${String(counts.connections)} connections ` +
      `(${String(changes.length)} changes) in ${seconds(performance.now() - generated)}`,
  );
  const raw = new DynamoDBClient({
    region: c.region,
    endpoint: c.dynamodbEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const loadStarted = performance.now();
  try {
    const loaded = await loadRegistry(
      DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }),
      tableName('local', TABLES.main),
      changes,
    );
    log(
      `loaded into the offline table in ${seconds(performance.now() - loadStarted)}: ` +
        `${String(loaded.records)} records, ${String(loaded.claims)} claims, ` +
        `${String(loaded.uses)} use counts (${String(loaded.items)} items, version ${String(loaded.version)})`,
    );
  } finally {
    raw.destroy();
  }
  return changes.flatMap((change) =>
    change.puts.flatMap(({ item }) => (item.type === 'organisation' ? [item.record] : [])),
  );
};

export const measureRegistry = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> =>
  withConsole(dataDir, async (c, admin) => {
    const call = registryCaller(c, admin);
    type Totals = { total: number };
    await seedRegistryVolume(c, admin, log);

    // The version moved past this process's copy: the next call reads the whole registry.
    const whole = await call('list-organisations', { limit: PAGE });
    log(`first call after the load (whole registry read from the table): ${seconds(whole.ms)}`);
    const totals = {
      organisations: (whole.data as Totals).total,
      systems: ((await call('getOrgSysList', undefined, `limit=${String(PAGE)}`)).data as Totals)
        .total,
      studies: ((await call('list-studies', { limit: PAGE })).data as Totals).total,
      connections: ((await call('list-connections', { limit: PAGE })).data as Totals).total,
    };
    log(
      `registry: ${String(totals.organisations)} organisations, ${String(totals.systems)} systems, ` +
        `${String(totals.studies)} studies, ${String(totals.connections)} connections`,
    );

    // A change makes the next reader catch up from the change log: that read is timed on its own.
    const site = (
      (await call('list-organisations', { kind: 'site', limit: 1 })).data as {
        organisations: { organisationId: string; revision: number }[];
      }
    ).organisations[0];
    if (site === undefined) throw new Error('no site to change');
    await call('update-organisation', {
      organisationId: site.organisationId,
      revision: site.revision,
      changes: { contactEmail: 'changed@bench.example' },
    });
    const caughtUp = await call('list-connections', { limit: PAGE });
    log(
      `first page after a change (copy caught up from the change log): ${caughtUp.ms.toFixed(0)} ms`,
    );

    const time = async (label: string, run: () => Promise<{ ms: number; data: unknown }>) => {
      const runs: number[] = [];
      let data: unknown;
      for (let i = 0; i < RUNS; i += 1) {
        const r = await run();
        runs.push(r.ms);
        data = r.data;
      }
      const total = (data as { total?: number; connectionTotal?: number } | undefined) ?? {};
      const value = median(runs);
      log(
        `${label}: median ${value.toFixed(0)} ms of ${String(RUNS)}` +
          (total.total !== undefined ? ` (${String(total.total)} matches)` : '') +
          (total.connectionTotal !== undefined
            ? ` (${String(total.connectionTotal)} connections)`
            : ''),
      );
      return { name: `registry ${label} (median)`, value, unit: 'ms', budget: 300 };
    };
    const results: BenchResult[] = [
      await time('list-organisations first page', () =>
        call('list-organisations', { limit: PAGE }),
      ),
      await time('list-organisations search "hospital bri"', () =>
        call('list-organisations', { search: 'hospital bri', limit: PAGE }),
      ),
      await time('getSiteOrgList first page', () =>
        call('getSiteOrgList', undefined, `limit=${String(PAGE)}`),
      ),
      await time('getSiteOrgList search "klinikum"', () =>
        call('getSiteOrgList', undefined, `search=klinikum&limit=${String(PAGE)}`),
      ),
      await time('getOrgSysList first page', () =>
        call('getOrgSysList', undefined, `limit=${String(PAGE)}`),
      ),
      await time('getOrgSysList search "edc"', () =>
        call('getOrgSysList', undefined, `search=edc&limit=${String(PAGE)}`),
      ),
      await time('list-connections first page', () => call('list-connections', { limit: PAGE })),
      await time('list-connections search "nowak 1"', () =>
        call('list-connections', { search: 'nowak 1', limit: PAGE }),
      ),
      await time('list-studies first page', () => call('list-studies', { limit: PAGE })),
      await time('list-studies search "hepatitis"', () =>
        call('list-studies', { search: 'hepatitis', limit: PAGE }),
      ),
      await time('get-organisation of the busy sponsor', () =>
        call('get-organisation', { organisationId: BUSY_SPONSOR }),
      ),
    ];

    // The import as the browser makes it: checked in full (dry run), then saved.
    const csv = importFile(IMPORT_ROWS);
    type Imported = { rows: number; created: number; problems: unknown[] };
    const checked = await call('import-organisations', { csv, dryRun: true });
    const checkedData = checked.data as Imported;
    log(
      `import-organisations dry run, ${String(checkedData.rows)} rows: ${seconds(checked.ms)} ` +
        `(${String(checkedData.problems.length)} problems)`,
    );
    const saved = await call('import-organisations', { csv, dryRun: false });
    const created = (saved.data as Imported).created;
    if (created !== IMPORT_ROWS) {
      throw new Error(`import-organisations created ${String(created)}`);
    }
    log(`import-organisations, ${String(IMPORT_ROWS)} rows saved: ${seconds(saved.ms)}`);
    const after = await call('list-organisations', { limit: PAGE });
    log(
      `first page after the import (${String((after.data as Totals).total)} organisations): ${after.ms.toFixed(0)} ms`,
    );
    results.push({
      name: `registry import-organisations, ${String(IMPORT_ROWS)} rows`,
      value: saved.ms / 1000,
      unit: 's',
      budget: 10,
    });
    return results;
  });
