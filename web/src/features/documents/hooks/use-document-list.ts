import { callApi } from '../../../lib/api';
import { pageParams, useListQuery } from '../../../lib/use-list-query';
import type { DocumentQuery } from '../utils/document-query';

const loadDocuments = async (query: DocumentQuery, cursor: string | undefined) => {
  const { documents, nextCursor } = await callApi('s3documents/list', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { items: documents }, nextCursor };
};

/**
 * The document list (s3documents/list) for the filters, a page at a time by cursor. The server
 * counts no total, and a page may hold fewer rows than asked (even none) while more follow: the
 * pager goes on as long as there is a next cursor.
 */
export const useDocumentList = (initial: DocumentQuery) => useListQuery(loadDocuments, initial);
