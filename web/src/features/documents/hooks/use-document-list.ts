import { callApi } from '../../../lib/api';
import { pageParams, useListQuery } from '../../../lib/use-list-query';
import { documentKeys } from '../api/keys';
import type { DocumentQuery } from '../utils/document-query';

const loadDocuments = async (query: DocumentQuery, cursor: string | undefined) => {
  const { documents, nextCursor, total } = await callApi('s3documents/list', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: documents, total: total ?? undefined }, nextCursor };
};

/**
 * The document list (s3documents/list) for the filters, a page at a time by cursor. The server
 * counts the whole list only for the filters it keeps counters of (`total`, else null: the page's
 * `total` is then undefined), and a page may hold fewer rows than asked (even none) while more
 * follow: the pager goes on as long as there is a next cursor.
 */
export const useDocumentList = (initial: DocumentQuery) =>
  useListQuery(documentKeys.list, loadDocuments, initial);
