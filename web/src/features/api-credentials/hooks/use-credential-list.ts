import type { RequestOf } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { pageParams, useListQuery } from '../../../lib/use-list-query';

export type CredentialQuery = Omit<RequestOf<'list-api-credentials'>, 'cursor' | 'limit'>;

const loadCredentials = async (query: CredentialQuery, cursor: string | undefined) => {
  const { credentials, total, nextCursor } = await callApi('list-api-credentials', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: credentials, total }, nextCursor };
};

/** The credential list (list-api-credentials) for the query, a page at a time by cursor. */
export const useCredentialList = (initial: CredentialQuery) =>
  useListQuery(loadCredentials, initial);
