import { queryOptions, skipToken } from '@tanstack/react-query';
import { allPages, callApi } from '../../../lib/api';
import { registryKeys } from './keys';

/** The site's active systems, one of which exchanges for an accepted connection. */
const loadSiteSystems = (siteOrganisationId: string) =>
  allPages(async (cursor) => {
    const page = await callApi('getOrgSysList', {
      organisationId: siteOrganisationId,
      status: 'active',
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.systems, nextCursor: page.nextCursor };
  });

/** The query of a site's active systems (nothing to load for a null site). */
export const siteSystemsQuery = (siteOrganisationId: string | null) =>
  queryOptions({
    queryKey: registryKeys.siteSystems(siteOrganisationId),
    queryFn: siteOrganisationId === null ? skipToken : () => loadSiteSystems(siteOrganisationId),
  });
