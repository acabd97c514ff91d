import type { DocumentQuery } from '../utils/document-query';

/** The documents' query keys (TanStack Query), in one place: a write invalidates by these. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (query: DocumentQuery, cursor: string | undefined) =>
    [...documentKeys.lists(), query, cursor ?? null] as const,
  /** One document's page (s3documents/get). */
  document: (documentId: string) => [...documentKeys.all, 'document', documentId] as const,
  /** A study's completeness (artifact/study-completeness). */
  completeness: (studyId: string) => [...documentKeys.all, 'completeness', studyId] as const,
  /** The zones' and sections' names of a catalogue version (artifact/catalogue). */
  catalogueNames: (version: string) => [...documentKeys.all, 'catalogue-names', version] as const,
  /** A catalogue version's artifacts, for a conflict's "file as" (artifact/catalogue). */
  catalogueArtifacts: (version: string) =>
    [...documentKeys.all, 'catalogue-artifacts', version] as const,
  /** A study's expected-documents list (expected-documents/get). */
  expected: (studyId: string) => [...documentKeys.all, 'expected', studyId] as const,
  /** A study's document requests (document-requests/list), by state filter. */
  requests: (studyId: string) => [...documentKeys.all, 'requests', studyId] as const,
  /** A study's eTMF-EMS imports (s3documents/imports). */
  studyImports: (studyId: string) => [...documentKeys.all, 'study-imports', studyId] as const,
  imports: () => [...documentKeys.all, 'import'] as const,
  import: (importId: string, cursor: string | undefined) =>
    [...documentKeys.imports(), importId, cursor ?? null] as const,
};
