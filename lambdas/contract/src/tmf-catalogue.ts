import { CATALOGUE_VERSIONS, type CatalogueVersion } from './standard-rows';
import { TMF_RM_3_3 } from './tmf-catalogue-3-3';
import type { TmfCatalogue } from './tmf-catalogue-types';

export type * from './tmf-catalogue-types';

/**
 * The TMF Reference Model versions the console knows, by version tag. A standard names the one
 * it targets; a later model version is added here beside the current one (and its data file
 * beside tmf-catalogue-3-3.ts), never in its place, so a published standard keeps meaning what
 * it meant.
 */
export const CATALOGUES: Readonly<Record<CatalogueVersion, TmfCatalogue>> = { '3.3': TMF_RM_3_3 };
export {
  CATALOGUE_VERSIONS,
  CURRENT_CATALOGUE_VERSION,
  type CatalogueVersion,
} from './standard-rows';

export const catalogueOf = (version: string): TmfCatalogue | null =>
  (CATALOGUE_VERSIONS as readonly string[]).includes(version)
    ? CATALOGUES[version as CatalogueVersion]
    : null;
