import {
  type CatalogueIndex,
  type CatalogueVersion,
  indexCatalogue,
} from '@ccsc/contract/standard-rows';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { standardKeys } from '../api/keys';

/**
 * The TMF Reference Model catalogue a standard targets (artifact/catalogue), indexed. Through the
 * API rather than by importing @ccsc/contract/tmf-catalogue, whose data would weigh on the
 * screens' chunk.
 */
const loadCatalogue = async (version: CatalogueVersion): Promise<CatalogueIndex> =>
  indexCatalogue((await callApi('artifact/catalogue', { version })).catalogue);

/**
 * The catalogue of a version (null while it loads, or for a null version), and a retry. Fetched
 * once per version and kept for the session (it never changes): never stale, never dropped.
 */
export const useCatalogue = (version: CatalogueVersion | null) => {
  const query = useQuery({
    queryKey: standardKeys.catalogue(version),
    queryFn: version === null ? skipToken : () => loadCatalogue(version),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return {
    index: query.data ?? null,
    // A failure stays on screen while Retry runs, until the answer comes.
    error: query.error,
    retry: () => {
      void query.refetch();
    },
  };
};
