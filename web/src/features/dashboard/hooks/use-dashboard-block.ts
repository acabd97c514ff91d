import type { RequestOf, ResponseOf } from '@ccsc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { settledError } from '../../../lib/query-state';
import { dashboardKeys } from '../api/keys';

/** The dashboard's four calls (issue 18), one per block. */
export type DashboardOperation =
  | 'dashboard/needs-action'
  | 'dashboard/activity'
  | 'dashboard/security'
  | 'dashboard/recent-changes';

export interface DashboardBlock<T> {
  /** The latest answer, kept on screen while the block loads again (null before the first). */
  value: T | null;
  /** The current load's failure, or null. */
  error: unknown;
  /** The current load has not answered yet. */
  loading: boolean;
  /** The latest load was asked for by the reader (Refresh, or after an action) and succeeded. */
  refreshed: boolean;
  /** Loads the block again, its figures staying until the answer comes. */
  reload: () => void;
}

/**
 * One dashboard block's call as a query of its own (`dashboardKeys.block`), so that the blocks
 * load, fail and refresh independently; an action invalidates its block's key.
 */
export const useDashboardBlock = <Op extends DashboardOperation>(
  operation: Op,
): DashboardBlock<ResponseOf<Op>> => {
  const client = useQueryClient();
  const queryKey = dashboardKeys.block(operation);
  const query = useQuery({
    queryKey,
    // Every dashboard call takes no parameters (the contract's empty request).
    queryFn: () => callApi(operation, {} as RequestOf<Op>),
  });
  // How many answers the block has had: more than one, the latest was asked for by the reader.
  const state = client.getQueryState(queryKey);
  const answers = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  return {
    value: query.data ?? null,
    error: settledError(query),
    loading: query.isFetching,
    refreshed: query.isSuccess && !query.isFetching && answers > 1,
    reload: () => {
      void query.refetch();
    },
  };
};
