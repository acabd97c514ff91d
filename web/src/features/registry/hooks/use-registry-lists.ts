import type { RequestOf } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import type { ListQuery } from '../../../lib/list-query';
import { pageParams, useListQuery } from '../../../lib/use-list-query';
import { registryKeys } from '../api/keys';

export type OrganisationQuery = Omit<RequestOf<'list-organisations'>, 'cursor' | 'limit'>;
export type ConnectionQuery = ListQuery<'list-connections'>;

const loadOrganisations = async (query: OrganisationQuery, cursor: string | undefined) => {
  const { organisations, total, nextCursor } = await callApi('list-organisations', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: organisations, total }, nextCursor };
};

const loadConnections = async (query: ConnectionQuery, cursor: string | undefined) => {
  const { connections, total, nextCursor } = await callApi('list-connections', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: connections, total }, nextCursor };
};

/** The organisation list (list-organisations) for the query, a page at a time. */
export const useOrganisationList = (initial: OrganisationQuery) =>
  useListQuery(registryKeys.organisationList, loadOrganisations, initial);

/** The connection list (list-connections) for the query, a page at a time. */
export const useConnectionList = (initial: ConnectionQuery) =>
  useListQuery(registryKeys.connectionList, loadConnections, initial);
