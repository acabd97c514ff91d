import type { ConnectionQuery, OrganisationQuery } from '../hooks/use-registry-lists';

/** The registry's query keys (TanStack Query), in one place: a write invalidates by these. */
export const registryKeys = {
  all: ['registry'] as const,
  organisations: () => [...registryKeys.all, 'organisations'] as const,
  organisationList: (query: OrganisationQuery, cursor: string | undefined) =>
    [...registryKeys.organisations(), 'list', query, cursor ?? null] as const,
  /** One organisation with its systems, studies and connections (get-organisation). */
  organisation: (organisationId: string | null) =>
    [...registryKeys.organisations(), 'one', organisationId] as const,
  /** The caller's own organisation, without its systems and studies (its kind decides). */
  ownOrganisation: (organisationId: string | null) =>
    [...registryKeys.organisations(), 'own', organisationId] as const,
  cros: () => [...registryKeys.organisations(), 'cros'] as const,
  /** The studies a caller may invite to ('' for every organisation's). */
  studies: (organisationId: string) => [...registryKeys.all, 'studies', organisationId] as const,
  /** The systems of a study's sponsor and CRO (their ids, one a line). */
  sponsorSystems: (owners: string | null) =>
    [...registryKeys.all, 'sponsor-systems', owners] as const,
  siteSystems: (siteOrganisationId: string | null) =>
    [...registryKeys.all, 'site-systems', siteOrganisationId] as const,
  siteDirectory: (search: string) => [...registryKeys.all, 'site-directory', search] as const,
  connections: () => [...registryKeys.all, 'connections'] as const,
  connectionList: (query: ConnectionQuery, cursor: string | undefined) =>
    [...registryKeys.connections(), 'list', query, cursor ?? null] as const,
  pending: (siteOrganisationId: string | null) =>
    [...registryKeys.connections(), 'pending', siteOrganisationId] as const,
};
