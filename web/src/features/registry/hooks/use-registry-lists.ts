import type { Connection, Organisation, RequestOf } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';

export const PAGE_SIZE = 25;

export type OrganisationQuery = Omit<RequestOf<'list-organisations'>, 'cursor' | 'limit'>;
export type ConnectionQuery = Omit<RequestOf<'list-connections'>, 'cursor' | 'limit'>;

const page = (cursor: string | undefined) => ({
  limit: PAGE_SIZE,
  ...(cursor === undefined ? {} : { cursor }),
});

const loadOrganisations = async (query: OrganisationQuery, cursor: string | undefined) => {
  const { organisations, total, nextCursor } = await callApi('list-organisations', {
    ...query,
    ...page(cursor),
  });
  return { page: { items: organisations, total }, nextCursor };
};

const loadConnections = async (query: ConnectionQuery, cursor: string | undefined) => {
  const { connections, total, nextCursor } = await callApi('list-connections', {
    ...query,
    ...page(cursor),
  });
  return { page: { items: connections, total }, nextCursor };
};

/** A paged list on screen: the rows of the page stay (marked busy) while the next one loads. */
const shownOf = <T>(pages: {
  loading: boolean;
  lastPage: { items: T[]; total: number } | null;
}) => ({
  initialLoading: pages.loading && pages.lastPage === null,
  items: pages.lastPage?.items ?? [],
  total: pages.lastPage?.total ?? 0,
});

/** The organisation list (list-organisations) for the query, a page at a time. */
export const useOrganisationList = (initial: OrganisationQuery) => {
  const pages = useCursorPages(loadOrganisations, initial);
  return { ...pages, ...shownOf<Organisation>(pages) };
};

/** The connection list (list-connections) for the query, a page at a time. */
export const useConnectionList = (initial: ConnectionQuery) => {
  const pages = useCursorPages(loadConnections, initial);
  return { ...pages, ...shownOf<Connection>(pages) };
};
