import type { FiledObject, ImportDetail } from '@ccsc/contract/documents';
import { useState } from 'react';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { documentKeys } from '../api/keys';

const loadImport = async (importId: string, cursor: string | undefined) => {
  const answer = await callApi('s3documents/import-get', {
    importId,
    ...(cursor === undefined ? {} : { cursor }),
  });
  return {
    page: { items: answer.objects, report: answer.import },
    nextCursor: answer.nextCursor,
  };
};

/**
 * One import (s3documents/import-get): its report, and the files it filed a page at a time by
 * cursor (the server's pages, 100 files each). Every page carries the report again: the newest one
 * is kept, so that a page that fails to load leaves the report on screen.
 */
export const useImportReport = (importId: string) => {
  const pages = useCursorPages(documentKeys.import, loadImport, importId);
  const [report, setReport] = useState<ImportDetail | null>(null);
  const fresh = pages.page?.report ?? null;
  // Adjusted while rendering (React's pattern for state derived from a change), not in an effect.
  if (fresh !== null && fresh !== report) setReport(fresh);
  return {
    ...pages,
    report: fresh ?? report,
    /** Nothing to show yet: the first page is loading. */
    initialLoading: pages.loading && pages.lastPage === null,
    items: pages.lastPage?.items ?? ([] as readonly FiledObject[]),
  };
};
