import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settledError } from './query-state';

/** One page as a cursor-paged call answers it: what to show, and where the next page starts. */
export interface CursorPage<P> {
  page: P;
  nextCursor: string | null;
}

/**
 * A list the server pages with an opaque cursor that only goes on (list-all-users,
 * list-audit-records), as TanStack Query pages: each page its own query (`keyOf(query, cursor)`,
 * the feature's key), the one before kept on screen while the next loads. Going back is a stack
 * of the cursors that led to each page seen (useInfiniteQuery would pile the pages up instead).
 * A new query starts again from the first page.
 */
export const useCursorPages = <Q, P>(
  keyOf: (query: Q, cursor: string | undefined) => QueryKey,
  load: (query: Q, cursor: string | undefined) => Promise<CursorPage<P>>,
  initial: Q,
) => {
  const client = useQueryClient();
  const [query, setQuery] = useState<Q>(initial);
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const pages = useQuery({
    queryKey: keyOf(query, cursor),
    queryFn: () => load(query, cursor),
    placeholderData: keepPreviousData,
  });

  const loaded = pages.isPlaceholderData ? undefined : pages.data;
  return {
    query,
    /** The page of the current query and cursor, once it is there. */
    page: loaded?.page ?? null,
    /** That page, or while the next one loads the one before (to keep on screen, marked busy). */
    lastPage: pages.data?.page ?? null,
    loading: pages.isFetching,
    error: settledError(pages),
    /** 1 for the first page. */
    pageNumber: cursors.length,
    hasNext: (loaded?.nextCursor ?? null) !== null,
    hasPrevious: cursors.length > 1,
    /** New filters or sorting: back to the first page (loaded again even if unchanged). */
    setQuery: (next: Q) => {
      setQuery(next);
      setCursors([undefined]);
      void client.invalidateQueries({ queryKey: keyOf(next, undefined), exact: true });
    },
    next: () => {
      const nextCursor = loaded?.nextCursor;
      if (nextCursor) setCursors((stack) => [...stack, nextCursor]);
    },
    previous: () => {
      setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));
    },
    /** Loads the current page again. */
    reload: () => {
      void pages.refetch();
    },
  };
};
