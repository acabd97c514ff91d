import type { ResponseOf } from '@ccsc/contract';
import { useQuery } from '@tanstack/react-query';
import { allPages, callApi } from '../../../lib/api';
import { userKeys } from '../api/keys';

export type Organisation = ResponseOf<'list-organisations'>['organisations'][number];
export type DialCode = ResponseOf<'get-mob-dial-code'>['dialCodes'][number];
export type Group = ResponseOf<'list-all-groups'>['groups'][number];

export interface ReferenceData {
  sites: Organisation[];
  sponsors: Organisation[];
  /** Contract research organisations, acting for sponsors. */
  cros: Organisation[];
  /** The roles the caller may give. */
  groups: Group[];
  dialCodes: DialCode[];
}

/**
 * Every organisation the caller may see, of every kind and status (a user may belong to an
 * inactive one), by name: list-organisations pages them (at most 100 a page), so all pages are
 * fetched.
 */
const loadOrganisations = () =>
  allPages(async (cursor) => {
    const page = await callApi('list-organisations', {
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.organisations, nextCursor: page.nextCursor };
  });

const loadReferenceData = async (what: 'organisations' | 'all'): Promise<ReferenceData> => {
  const [organisations, groups, dialCodes] = await Promise.all([
    loadOrganisations(),
    what === 'all' ? callApi('list-all-groups', {}) : Promise.resolve({ groups: [] }),
    what === 'all' ? callApi('get-mob-dial-code', {}) : Promise.resolve({ dialCodes: [] }),
  ]);
  return {
    sites: organisations.filter((o) => o.kind === 'site'),
    sponsors: organisations.filter((o) => o.kind === 'sponsor'),
    cros: organisations.filter((o) => o.kind === 'cro'),
    groups: groups.groups,
    dialCodes: dialCodes.dialCodes,
  };
};

/** The organisations (every kind) the list and the forms name; the form also the roles and codes. */
export const useReferenceData = (what: 'organisations' | 'all') => {
  const query = useQuery({
    queryKey: userKeys.reference(what),
    queryFn: () => loadReferenceData(what),
  });
  const retry = () => {
    void query.refetch();
  };
  if (query.isFetching || query.isPending) return { status: 'loading' as const, retry };
  if (query.isError) return { status: 'failed' as const, retry };
  return { status: 'ready' as const, data: query.data, retry };
};

export const organisationNames = (data: ReferenceData | null): Map<string, string> =>
  new Map(
    [...(data?.sites ?? []), ...(data?.sponsors ?? []), ...(data?.cros ?? [])].map((o) => [
      o.organisationId,
      o.name,
    ]),
  );
