/**
 * The dashboard at volume (issue 18), on a console of its own (`BENCH_ONLY=dashboard`), with the
 * volumes of every earlier bench in one data folder, each seeded the way its own bench seeds it:
 * - 10,000 users written into the offline directory (users.ts `seedPool`): a fifth of them in the
 *   busiest organisation, the rest over the offline seed's organisations and 99 of the registry's
 *   sponsors; a third of the disabled ones locked by accountLockout and every one waiting for the
 *   first sign-in invited 0–10 days ago (so some invitations are pending, some about to expire and
 *   some expired), both through the main table's own adapters, before the user index is built
 *   from the directory (the first list call builds it, as in a new deployment);
 * - the registry's 5,000 organisations, 20,000 systems, 1,000 studies and 50,000 connections in
 *   bulk (registry.ts `seedRegistryVolume`);
 * - the document exchange's network made through the API and 100,000 documents written with their
 *   counters (documents.ts `buildBench`, `seedHistory`), the history carried by the registry's
 *   busiest sponsor (BUSY_SPONSOR: 60 studies, 6,000 connections), so one organisation is the
 *   busiest in everything: users, connections, documents and audit records;
 * - 100,000 audit records over the last 30 days chained onto the trail's head (the adapter's
 *   `chainRecords`) and stored as the adapter stores them (`storedItemOf`: hash and the sparse
 *   indexes' attributes), with BatchWriteItem: some 60% the exchange's `document.*`, sign-ins,
 *   failed sign-ins and lockouts, authenticator resets, credential revocations, administrative
 *   changes, reads and jobs' records, across many organisations.
 *
 * Then, as the page does, the four dashboard calls fired together (a warm-up, then RUNS times) as a
 * PlatformAdmin and as the OrgAdmin of the busiest organisation: each call's median and the page's
 * (the slowest of the four in each run) ≤ 300 ms; one verify-audit-chain over the whole trail
 * (logged: API Gateway gives a call 29 s); and Lighthouse's mobile profile on the signed-in
 * dashboard, users and documents pages (LIGHTHOUSE_RUNS, default 5, each in a fresh Chromium
 * signed in through the login page): each with the cache the sign-in left, performance ≥ 95,
 * accessibility 100 and LCP ≤ 1.5 s (issue 37); the dashboard with the HTTP cache cleared too
 * (logged).
 *
 * BENCH_AUDIT_RECORDS (default 100,000) and BENCH_DOCUMENTS (documents.ts) make a quicker run.
 * Every generator has a fixed seed, so runs compare.
 *
 * Here the bench's order; its settings in dashboard-kit.ts, its seeds in dashboard-seed.ts, the
 * calls in dashboard-calls.ts, Lighthouse in dashboard-lighthouse.ts.
 */
import { performance } from 'node:perf_hooks';
import { startConsole } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import { createEnrolledUser } from '../support/aws';
import { testEnv } from '../support/console';
import { SEEDED_DOCUMENTS } from './documents-kit';
import { seedHistory } from './documents-history';
import { buildBench } from './documents-network';
import { seedRegistryVolume } from './registry';
import { BUSY_SPONSOR } from './registry-volume';
import { withConsole } from './support';
import { type BenchResult, seedPool, USERS } from './users';
import { measureCaller } from './dashboard-calls';
import { measureLighthouse } from './dashboard-lighthouse';
import { organisationOf, seconds, SEED_ORGANISATIONS } from './dashboard-kit';
import { seedAuditTrail, seedLocksAndInvitations } from './dashboard-seed';

// ---------- the bench ----------

export const measureDashboard = async (
  dataDir: string,
  log: (line: string) => void,
): Promise<BenchResult[]> => {
  const started = performance.now();
  // The users, into the stopped console's directory (as users.ts does).
  const first = await startConsole(testEnv(dataDir), {});
  const { userPoolId } = first.stack;
  await first.stop();
  const users = await seedPool(dataDir, userPoolId, organisationOf);
  log(
    `dashboard: ${String(USERS)} users written into the offline directory in ${seconds(performance.now() - started)}`,
  );
  return withConsole(dataDir, async (c, admin) => {
    let phase = performance.now();
    const lap = () => {
      const took = performance.now() - phase;
      phase = performance.now();
      return seconds(took);
    };
    const seededUsers = await seedLocksAndInvitations(c, users);
    log(
      `dashboard: ${String(seededUsers.locked)} users locked, ${String(seededUsers.invited)} invitations recorded in ${lap()}`,
    );
    const built = await callApi(c, 'list-all-users', { token: admin.idToken, body: {} });
    if (built.status !== 200) throw new Error(`list-all-users: ${String(built.status)}`);
    log(
      `dashboard: user index built from the directory (${String((built.body as { data: { total: number } }).data.total)} users) in ${lap()}`,
    );

    const organisations = await seedRegistryVolume(c, admin, log);
    const busy = organisations.find((o) => o.organisationId === BUSY_SPONSOR);
    if (busy === undefined) throw new Error(`the registry has no ${BUSY_SPONSOR}`);
    const ids = new Set(organisations.map((o) => o.organisationId));
    const strays = new Set(
      users
        .map((u) => u.organisationId)
        .filter((o) => !ids.has(o) && !SEED_ORGANISATIONS.includes(o)),
    );
    if (strays.size > 0)
      throw new Error(`users in unknown organisations: ${[...strays].join(', ')}`);
    log(`dashboard: registry loaded in ${lap()}`);

    const bench = await buildBench(c, admin, log, {
      historicSponsor: {
        organisationId: busy.organisationId,
        name: busy.name,
        kind: busy.kind,
        revision: busy.revision,
        status: busy.status,
      },
    });
    const documents = await seedHistory(bench, SEEDED_DOCUMENTS);
    log(
      `dashboard: ${documents.documents.toLocaleString('en')} documents (${documents.held.toLocaleString('en')} held, ` +
        `${documents.items.toLocaleString('en')} items with ${documents.counters.toLocaleString('en')} counters) ` +
        `over ${BUSY_SPONSOR}'s network, with the network, in ${lap()}`,
    );
    const orgAdmin = await createEnrolledUser(c, 'OrgAdmin', BUSY_SPONSOR);

    const audit = await seedAuditTrail(c, {
      users,
      organisations: [...ids],
      admin,
      exchange: {
        sponsor: BUSY_SPONSOR,
        sponsorSystem: bench.historic.etmf.systemId,
        sites: bench.sites.map((s) => ({
          org: s.org.organisationId,
          system: s.systems[0]?.systemId ?? '',
        })),
      },
    });
    const count = (key: string) => String(audit.counts.get(key) ?? 0);
    const documentRecords = [...audit.counts]
      .filter(([k]) => k.startsWith('document.'))
      .reduce((sum, [, v]) => sum + v, 0);
    log(
      `dashboard: ${audit.written.toLocaleString('en')} audit records chained onto record ${String(audit.before)} ` +
        `(head now ${String(audit.head)}) in ${lap()}: ${String(documentRecords)} document.*, ` +
        `${count('session.login')} sign-ins, failed sign-ins ${count('failed-sign-ins')}, lockouts ` +
        `${count('lockouts')}, MFA resets ${count('mfa-resets')}, revocations ` +
        `${count('credential-revocations')}, administrative changes ${count('CHANGE')}`,
    );
    log(`dashboard: everything seeded in ${seconds(performance.now() - started)}`);

    // The whole chain verified once, as the dashboard's button does (API Gateway allows 29 s).
    const verifying = performance.now();
    const verified = await callApi(c, 'verify-audit-chain', { token: admin.idToken, body: {} });
    const verifyMs = performance.now() - verifying;
    const verdict = (verified.body as { data?: { intact: boolean; records: number } }).data;
    log(
      `dashboard: verify-audit-chain over ${String(verdict?.records ?? '?')} records: ` +
        `${verdict?.intact === true ? 'intact' : `NOT intact ${JSON.stringify(verified.body)}`} in ${seconds(verifyMs)} ` +
        `(status ${String(verified.status)}; API Gateway's limit is 29 s)`,
    );
    if (verdict?.intact !== true) throw new Error('the seeded audit chain does not verify');

    const results: BenchResult[] = [
      await measureCaller(c, 'PlatformAdmin', admin, log),
      await measureCaller(
        c,
        `OrgAdmin of the busiest organisation (${BUSY_SPONSOR})`,
        orgAdmin,
        log,
      ),
    ];
    results.push(...(await measureLighthouse(c, admin, log)));
    return results;
  });
};
