import type { QueryKey } from '@tanstack/react-query';
import { type CursorPage, useCursorPages } from './use-cursor-pages';

/** How many rows a list screen asks for at a time. */
export const PAGE_SIZE = 25;

/** What a cursor-paged list call takes besides its filters: the page size and where to go on. */
export const pageParams = (cursor: string | undefined) => ({
  limit: PAGE_SIZE,
  ...(cursor === undefined ? {} : { cursor }),
});

/** One page of a list: its rows and, where the server counts them, how many match in all. */
export interface ListPage<T> {
  items: readonly T[];
  total?: number;
}

/**
 * A list screen's rows for its query (filters, search), a page at a time by cursor
 * (`useCursorPages`): the rows of a page stay on screen (marked busy) while the next one loads.
 * `keyOf` is the feature's query key of a page (`api/keys.ts`).
 */
export const useListQuery = <Q, T>(
  keyOf: (query: Q, cursor: string | undefined) => QueryKey,
  load: (query: Q, cursor: string | undefined) => Promise<CursorPage<ListPage<T>>>,
  initial: Q,
) => {
  const pages = useCursorPages(keyOf, load, initial);
  return {
    ...pages,
    /** Nothing to show yet: the first page is loading. */
    initialLoading: pages.loading && pages.lastPage === null,
    items: pages.lastPage?.items ?? ([] as readonly T[]),
    /** The server's count of every matching row (0 where it does not count them). */
    total: pages.lastPage?.total ?? 0,
  };
};
