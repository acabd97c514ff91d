import type { Organisation, OrgSystem } from '@ccsc/contract';
import { type QueryKey, skipToken, useQuery } from '@tanstack/react-query';
import { allPages, callApi } from '../../../lib/api';
import { standardKeys } from '../api/keys';

/** Every organisation the caller sees (list-organisations), by name. */
const loadOrganisations = (): Promise<Organisation[]> =>
  allPages(async (cursor) => {
    const page = await callApi('list-organisations', {
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.organisations, nextCursor: page.nextCursor };
  });

/** Every system of one organisation (getOrgSysList), active or not. */
const loadSystems = (organisationId: string): Promise<OrgSystem[]> =>
  allPages(async (cursor) => {
    const page = await callApi('getOrgSysList', {
      organisationId,
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.systems, nextCursor: page.nextCursor };
  });

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; value: T };

/**
 * Something a form chooses from, as a query (`load` null: nothing to load, shown as loading):
 * loading (again on `retry`), failed or loaded.
 */
const useChoices = <T>(queryKey: QueryKey, load: (() => Promise<T>) | null) => {
  const query = useQuery({ queryKey, queryFn: load ?? skipToken });
  let loaded: Loaded<T> = { state: 'loading' };
  if (query.isFetching) loaded = { state: 'loading' };
  else if (query.isError) loaded = { state: 'failed' };
  else if (query.data !== undefined) loaded = { state: 'loaded', value: query.data };
  return {
    ...loaded,
    retry: () => {
      void query.refetch();
    },
  };
};

/** The organisations to choose from (`enabled`: for whom there is a choice), or nothing. */
export const useOrganisations = (enabled: boolean) =>
  useChoices(standardKeys.organisations(), enabled ? loadOrganisations : null);

/** The systems of an organisation to choose from (none for a null organisation). */
export const useSystems = (organisationId: string | null) =>
  useChoices(
    standardKeys.systems(organisationId),
    organisationId === null ? null : () => loadSystems(organisationId),
  );
