import type { CatalogueVersion } from '@ccsc/contract/standard-rows';
import type { StandardQuery } from '../hooks/use-standard-list';

/** The mapping standards' query keys (TanStack Query), in one place: a write invalidates by these. */
export const standardKeys = {
  all: ['standards'] as const,
  lists: () => [...standardKeys.all, 'list'] as const,
  list: (query: StandardQuery, cursor: string | undefined) =>
    [...standardKeys.lists(), query, cursor ?? null] as const,
  /** The TMF Reference Model catalogue of a version: it never changes. */
  catalogue: (version: CatalogueVersion | null) =>
    [...standardKeys.all, 'catalogue', version] as const,
  /** Every version the caller may copy, for a new standard. */
  clones: () => [...standardKeys.all, 'clones'] as const,
  organisations: () => [...standardKeys.all, 'organisations'] as const,
  systems: (organisationId: string | null) =>
    [...standardKeys.all, 'systems', organisationId] as const,
};
