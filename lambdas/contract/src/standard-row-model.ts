import type { FilingLevel } from './tmf-catalogue-types';

/** A mapping standard's row: its fields, limits and values (the rules: standard-rows.ts). */

/** The TMF Reference Model versions a standard may target (their data: tmf-catalogue.ts). */
export const CATALOGUE_VERSIONS = ['3.3'] as const;
export type CatalogueVersion = (typeof CATALOGUE_VERSIONS)[number];
export const CURRENT_CATALOGUE_VERSION: CatalogueVersion = '3.3';

export const FILING_LEVELS = ['trial', 'country', 'site'] as const satisfies readonly FilingLevel[];
/** How the source type relates to the artifact (ConceptMap's equivalence, narrowed to three). */
export const EQUIVALENCES = ['equal', 'wider', 'narrower'] as const;
export type Equivalence = (typeof EQUIVALENCES)[number];
/** Metadata a document of the type must carry for the receiving side to file it. */
export const REQUIRED_METADATA = ['personName', 'organisationName', 'country', 'site'] as const;
export type RequiredMetadata = (typeof REQUIRED_METADATA)[number];

export interface MappingRow {
  /** The system's own document type code, e.g. "MED-LIC". */
  sourceCode: string;
  sourceName: string;
  /** Where the system files it (folder / path), if it says. */
  sourcePath: string;
  /** zone.section.artifact, e.g. "05.02.07"; empty while not yet mapped. */
  artifactNumber: string;
  subArtifact: string;
  filingLevel: FilingLevel | '';
  requiredMetadata: RequiredMetadata[];
  equivalence: Equivalence;
  comment: string;
}

export const ROW_FIELDS = [
  'sourceCode',
  'sourceName',
  'sourcePath',
  'artifactNumber',
  'subArtifact',
  'filingLevel',
  'requiredMetadata',
  'equivalence',
  'comment',
] as const satisfies readonly (keyof MappingRow)[];
export type RowField = (typeof ROW_FIELDS)[number];

/** Most rows a standard may have (a large eTMF product has a few thousand document types). */
export const MAX_ROWS = 10_000;
export const ROW_LIMITS = {
  sourceCode: 100,
  sourceName: 300,
  sourcePath: 500,
  subArtifact: 300,
  comment: 1000,
} as const;

export const blankRow = (): MappingRow => ({
  sourceCode: '',
  sourceName: '',
  sourcePath: '',
  artifactNumber: '',
  subArtifact: '',
  filingLevel: '',
  requiredMetadata: [],
  equivalence: 'equal',
  comment: '',
});
