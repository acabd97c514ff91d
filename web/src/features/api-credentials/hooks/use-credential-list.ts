import { callApi } from '../../../lib/api';
import type { ListQuery } from '../../../lib/list-query';
import { pageParams, useListQuery } from '../../../lib/use-list-query';
import { credentialKeys } from '../api/keys';

export type CredentialQuery = ListQuery<'list-api-credentials'>;

const loadCredentials = async (query: CredentialQuery, cursor: string | undefined) => {
  const { credentials, total, nextCursor } = await callApi('list-api-credentials', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: credentials, total }, nextCursor };
};

/** The credential list (list-api-credentials) for the query, a page at a time by cursor. */
export const useCredentialList = (initial: CredentialQuery) =>
  useListQuery(credentialKeys.list, loadCredentials, initial);
