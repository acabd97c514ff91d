import { documentFilterShape } from '@ccsc/contract/documents';
import { paths } from '../../../config/paths';
import type { RowLookup } from '../../../config/standard-paths';
import { type ListQuery, listQueryOf, listSearchOf } from '../../../lib/list-query';

/** The document list's filters: what s3documents/list takes besides the page size and cursor. */
export type DocumentQuery = ListQuery<'s3documents/list'>;

/** The contract's rule for each filter: a value it refuses is not sent (the server would 400). */
const RULES = documentFilterShape();

/** Whether the contract accepts `value` for the filter typed as text. */
export const validFilter = (key: 'artifactNumber' | 'typeCode', value: string): boolean =>
  RULES[key].safeParse(value).success;

/**
 * The filters a link carries (`?studyId=…&connectionId=…&state=held&holdKind=mapping…`, the
 * names of s3documents/list's request): each one the contract accepts, the others left out, so
 * that an address edited by hand still lists something (lib/list-query.ts).
 */
export const queryOf = (params: URLSearchParams): DocumentQuery =>
  listQueryOf('s3documents/list', params);

/** The address's query for the filters (`state=held&direction=…`), empty without filters. */
export const searchOf = (query: DocumentQuery): string => listSearchOf('s3documents/list', query);

/** Whether any filter is set. */
export const isFiltered = (query: DocumentQuery): boolean => searchOf(query) !== '';

/** The document list with these filters: how other screens link here. */
export const documentsPath = (query: DocumentQuery = {}): string =>
  `${paths.admin.documents}${searchOf(query)}`;

/** One document's page. */
export const documentPath = (documentId: string): string =>
  `${paths.admin.document}?${new URLSearchParams({ documentId }).toString()}`;

/*
 * The links into the mapping standards' screens, as config/standard-paths.ts writes them (and the
 * standards' editor and list read them): restated here rather than imported, so that the
 * documents' and the standards' chunks share no chunk of their own — one more chunk name in the
 * login route's entry chunk (README, "Size budget"). document-query.test.ts holds the two equal.
 */

/**
 * A mapping standard's editor (`?standardId=…&version=…`, the newest version without one),
 * looking for the row a held document lacks when asked (`&code=…` or `&artifact=…`).
 */
export const standardEditorPath = (
  standardId: string,
  version?: number,
  lookup: RowLookup | null = null,
): string => {
  const params = new URLSearchParams({ standardId });
  if (version !== undefined) params.set('version', String(version));
  if (lookup !== null) params.set(lookup.kind, lookup.value);
  return `${paths.admin.viewEditStandard}?${params.toString()}`;
};

/** The list of one organisation's mapping standards (to find or create a system's). */
export const standardsListPath = (organisationId: string): string =>
  `${paths.admin.standards}?${new URLSearchParams({ organisationId }).toString()}`;
