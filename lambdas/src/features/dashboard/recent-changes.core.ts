import { RECENT_CHANGES_SHOWN, type routes } from '@ccsc/contract';
import { reachOf } from '@ccsc/contract/reach';
import type { Core } from '../../core/request';
import { recentChanges } from '../../lists/audit';
import type { AuditReader } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';

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
  return {
    asOf: now.toISOString(),
    records,
    link: { list: 'audit', query: { view: 'changes' } },
  };
};
