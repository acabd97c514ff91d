import type { RequestOf } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import type { StandardSummary } from '../utils/standard-types';

export const PAGE_SIZE = 25;

export type StandardQuery = Omit<RequestOf<'artifact/list-standards'>, 'cursor' | 'limit'>;

const loadStandards = async (query: StandardQuery, cursor: string | undefined) => {
  const { standards, nextCursor } = await callApi('artifact/list-standards', {
    ...query,
    limit: PAGE_SIZE,
    ...(cursor === undefined ? {} : { cursor }),
  });
  return { page: standards, nextCursor };
};

/**
 * The standards list (artifact/list-standards) for the query, a page at a time by cursor; the
 * rows of a page stay on screen (marked busy) while the next one loads.
 */
export const useStandardList = (initial: StandardQuery) => {
  const pages = useCursorPages(loadStandards, initial);
  return {
    ...pages,
    initialLoading: pages.loading && pages.lastPage === null,
    items: pages.lastPage ?? ([] as StandardSummary[]),
  };
};
