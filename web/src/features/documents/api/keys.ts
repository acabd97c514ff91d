import type { DocumentQuery } from '../utils/document-query';

/** The documents' query keys (TanStack Query), in one place: a write invalidates by these. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (query: DocumentQuery, cursor: string | undefined) =>
    [...documentKeys.lists(), query, cursor ?? null] as const,
  imports: () => [...documentKeys.all, 'import'] as const,
  import: (importId: string, cursor: string | undefined) =>
    [...documentKeys.imports(), importId, cursor ?? null] as const,
};
