import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A query's failure as the screens show it: only once the latest load has answered, so that
 * while the reader's Retry (or a reload after a write) runs the screen shows it is loading, not
 * the failure before.
 */
export const settledError = (query: Pick<UseQueryResult, 'error' | 'isFetching'>): unknown =>
  query.isFetching ? null : query.error;

/**
 * A keyed load as the screens read it: the key's latest value (kept while it loads again; never
 * another key's), whether the current load has not answered yet, its failure, and Retry.
 */
export const loadedOf = <T>(query: UseQueryResult<T>) => ({
  value: query.data ?? null,
  loading: query.isFetching,
  error: settledError(query),
  reload: () => {
    void query.refetch();
  },
});
