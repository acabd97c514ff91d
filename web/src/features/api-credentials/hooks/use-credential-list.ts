import type { ApiCredential, RequestOf } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';

export const PAGE_SIZE = 25;

export type CredentialQuery = Omit<RequestOf<'list-api-credentials'>, 'cursor' | 'limit'>;

const loadCredentials = async (query: CredentialQuery, cursor: string | undefined) => {
  const { credentials, total, nextCursor } = await callApi('list-api-credentials', {
    ...query,
    limit: PAGE_SIZE,
    ...(cursor === undefined ? {} : { cursor }),
  });
  return { page: { items: credentials, total }, nextCursor };
};

/**
 * The credential list (list-api-credentials) for the query, a page at a time by cursor; the rows
 * of a page stay on screen (marked busy) while the next one loads.
 */
export const useCredentialList = (initial: CredentialQuery) => {
  const pages = useCursorPages(loadCredentials, initial);
  return {
    ...pages,
    initialLoading: pages.loading && pages.lastPage === null,
    items: pages.lastPage?.items ?? ([] as ApiCredential[]),
    total: pages.lastPage?.total ?? 0,
  };
};
