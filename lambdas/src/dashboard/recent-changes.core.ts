import { RECENT_CHANGES_SHOWN } from '@ccsc/contract/dashboard';
import { type routes } from '@ccsc/contract/routes';
import { reachOf } from '@ccsc/contract/reach';
import type { Core } from '../core/request';
import { recentChanges } from '../core/lists/audit';
import type { AuditReader } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import { windowStart } from './security.core';

/** How far back the link to the list of changes reaches. */
export const CHANGES_LINK_DAYS = 30;

export interface RecentChangesDeps {
  reader: Pick<AuditReader, 'readView'>;
  clock: Clock;
}

/**
 * dashboard/recent-changes: the last administrative changes within the caller's reach, newest
 * first: one query of the changes' index (lists/audit.ts), the same the audit list reads for
 * `view: changes`, where the link leads.
 */
export const dashboardRecentChanges: Core<
  (typeof routes)['dashboard/recent-changes'],
  RecentChangesDeps
> = async (_input, ctx, { reader, clock }) => {
  const now = clock.now();
  const records = await recentChanges(reachOf(ctx.caller), RECENT_CHANGES_SHOWN, reader);
  // The link: the changes of the last 30 days from the whole hour, so the list has a total (a
  // count of a bounded range of the index, never of the whole history).
  const from = windowStart(now, 24 * CHANGES_LINK_DAYS).toISOString();
  return {
    asOf: now.toISOString(),
    records,
    link: { list: 'audit', query: { view: 'changes', from } },
  };
};
