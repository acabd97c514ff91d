import type { AuditView } from '@ccsc/contract/audit';
import type { routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import type { Core } from '../core/request';
import { auditViewCount } from '../core/lists/audit';
import type { AuditReader } from '../core/ports/audit-trail';
import type { ChainVerifications } from '../core/ports/chain-verifications';
import type { Clock } from '../core/ports/clock';

export interface SecurityDeps {
  reader: Pick<AuditReader, 'countView'>;
  verifications: Pick<ChainVerifications, 'last'>;
  clock: Clock;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Where a window of `hours` ends up starting: the whole hour `hours` before the current one began,
 * so "the last 24 hours" is the current hour and the 24 before it. A figure and its list both
 * count from that same instant (the link carries it), whatever the clock says when the list opens.
 */
export const windowStart = (now: Date, hours: number): Date =>
  new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - hours * HOUR_MS);

/**
 * dashboard/security: the security views of the audit trail (failed sign-ins, lockouts, MFA
 * resets, credential revocations) in the last 24 hours and 7 days, each counted on its index
 * within the caller's reach (lists/audit.ts, the list's own count), and the audit chain's last
 * verification for those who may verify it (they read every organisation).
 */
export const dashboardSecurity: Core<(typeof routes)['dashboard/security'], SecurityDeps> = async (
  _input,
  ctx,
  { reader, verifications, clock },
) => {
  const now = clock.now();
  const reach = reachOf(ctx.caller);
  const day = windowStart(now, 24);
  const week = windowStart(now, 24 * 7);
  const figure = async (view: AuditView, from: Date) => ({
    value: await auditViewCount(reach, view, from, null, reader),
    link: { list: 'audit' as const, query: { view, from: from.toISOString() } },
  });
  const windowed = async (view: AuditView) => {
    const [d, w] = await Promise.all([figure(view, day), figure(view, week)]);
    return { day: d, week: w };
  };
  const [failedSignIns, lockouts, mfaResets, credentialRevocations, last] = await Promise.all([
    windowed('failed-sign-ins'),
    windowed('lockouts'),
    windowed('mfa-resets'),
    windowed('credential-revocations'),
    reach.kind === 'everything' ? verifications.last() : Promise.resolve(null),
  ]);
  return {
    asOf: now.toISOString(),
    since: { day: day.toISOString(), week: week.toISOString() },
    failedSignIns,
    lockouts,
    mfaResets,
    credentialRevocations,
    chain: reach.kind === 'everything' ? { last } : null,
  };
};
