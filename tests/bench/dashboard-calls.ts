/**
 * The four calls the dashboard page makes, timed per caller (`dashboard.ts`).
 */
import { performance } from 'node:perf_hooks';
import { callApi } from '../support/api';
import type { EnrolledTestUser } from '../support/aws';
import type { ConsoleInfo } from '../support/console';
import { median } from './support';
import type { BenchResult } from './users';
import { AUDIT_DAYS, BUDGET_MS, CALLS, ms, RUNS } from './dashboard-kit';

// ---------- the four calls ----------

interface DashboardAnswers {
  'dashboard/needs-action': {
    lockedAccounts: { value: number };
    invitations: Record<'pending' | 'expiring' | 'expired', { value: number }>;
    withoutAuthenticator: { value: number };
    connectionInvitations: { value: number; perspective: string };
    credentials: Record<'expiring' | 'neverUsed', { value: number }>;
    heldForMapping: { value: number };
    staleDrafts: { value: number };
  };
  'dashboard/activity': {
    sent: Record<string, { value: number }>;
    delivery: {
      delivered: { value: number };
      p50Seconds: number | null;
      p90Seconds: number | null;
      p99Seconds: number | null;
    };
    connections: { status: string; figure: { value: number } }[];
  };
  'dashboard/security': Record<
    'failedSignIns' | 'lockouts' | 'mfaResets' | 'credentialRevocations',
    Record<'day' | 'week', { value: number }>
  > & { chain: { last: { intact: boolean; records: number } | null } | null };
  'dashboard/recent-changes': { records: { action: string; organisationId: string | null }[] };
}

/** The page's four calls at once: each one's time, the answers. */
const pageLoad = async (c: ConsoleInfo, token: string) => {
  const started = performance.now();
  const answers = await Promise.all(
    CALLS.map(async (operation) => {
      const res = await callApi(c, operation, { method: 'GET', token });
      const took = performance.now() - started;
      if (res.status !== 200) {
        throw new Error(`${operation}: ${String(res.status)} ${JSON.stringify(res.body)}`);
      }
      return { took, data: (res.body as { data: unknown }).data };
    }),
  );
  return {
    times: answers.map((a) => a.took),
    data: Object.fromEntries(
      CALLS.map((op, i) => [op, answers[i]?.data]),
    ) as unknown as DashboardAnswers,
  };
};

const figuresOf = (d: DashboardAnswers): string => {
  const n = d['dashboard/needs-action'];
  const a = d['dashboard/activity'];
  const s = d['dashboard/security'];
  const r = d['dashboard/recent-changes'];
  const windowed = (w: Record<'day' | 'week', { value: number }>) =>
    `${String(w.day.value)}/${String(w.week.value)}`;
  return (
    `locked ${String(n.lockedAccounts.value)}, invitations pending ${String(n.invitations.pending.value)} ` +
    `expiring ${String(n.invitations.expiring.value)} expired ${String(n.invitations.expired.value)}, ` +
    `without authenticator ${String(n.withoutAuthenticator.value)}, connection invitations ` +
    `${String(n.connectionInvitations.value)} (${n.connectionInvitations.perspective}), credentials ` +
    `expiring ${String(n.credentials.expiring.value)} never used ${String(n.credentials.neverUsed.value)}, ` +
    `held for mapping ${String(n.heldForMapping.value)}, stale drafts ${String(n.staleDrafts.value)}; ` +
    `sent in ${String(AUDIT_DAYS)} days ${Object.entries(a.sent)
      .map(([k, v]) => `${k} ${String(v.value)}`)
      .join(', ')}, delivered ${String(a.delivery.delivered.value)} (p50/p90/p99 ≤ ` +
    `${String(a.delivery.p50Seconds)}/${String(a.delivery.p90Seconds)}/${String(a.delivery.p99Seconds)} s), ` +
    `connections ${a.connections.map((x) => `${x.status} ${String(x.figure.value)}`).join(', ')}; ` +
    `24 h/7 d: failed sign-ins ${windowed(s.failedSignIns)}, lockouts ${windowed(s.lockouts)}, ` +
    `MFA resets ${windowed(s.mfaResets)}, revocations ${windowed(s.credentialRevocations)}, chain ` +
    `${s.chain === null ? 'not shown' : s.chain.last === null ? 'never verified' : `${s.chain.last.intact ? 'intact' : 'BROKEN'} (${String(s.chain.last.records)} records)`}; ` +
    `recent changes ${String(r.records.length)} (${r.records
      .slice(0, 3)
      .map((x) => x.action)
      .join(', ')}…)`
  );
};

export const measureCaller = async (
  c: ConsoleInfo,
  label: string,
  user: EnrolledTestUser,
  log: (line: string) => void,
): Promise<BenchResult> => {
  const warm = await pageLoad(c, user.idToken);
  log(
    `dashboard, ${label}: warm-up ${CALLS.map((op, i) => `${op.slice(10)} ${ms(warm.times[i] ?? 0)}`).join(', ')}`,
  );
  log(`dashboard, ${label}: ${figuresOf(warm.data)}`);
  const perCall: number[][] = CALLS.map(() => []);
  const page: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { times } = await pageLoad(c, user.idToken);
    times.forEach((t, i) => perCall[i]?.push(t));
    page.push(Math.max(...times));
  }
  log(
    `dashboard, ${label}: page (slowest of the four) median ${ms(median(page))}, ` +
      `max ${ms(Math.max(...page))} of ${String(RUNS)}; each call's median: ` +
      CALLS.map((op, i) => `${op.slice(10)} ${ms(median(perCall[i] ?? []))}`).join(', '),
  );
  return {
    name: `dashboard data (4 calls at once), ${label} (median)`,
    value: median(page),
    unit: 'ms',
    budget: BUDGET_MS,
  };
};
