import type { AuditRecord } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { pageParams } from '../../../lib/use-list-query';
import type { AuditQuery } from '../utils/audit-format';

const loadRecords = async (query: AuditQuery, cursor: string | undefined) => {
  const { records, nextCursor } = await callApi('list-audit-records', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: records, nextCursor };
};

const NO_FILTERS: AuditQuery = {};

/** One page of the audit trail for the applied filters, newest first. */
export const useAuditRecords = () => {
  const pages = useCursorPages(loadRecords, NO_FILTERS);
  const records: AuditRecord[] = pages.page ?? [];
  return {
    ...pages,
    records,
    /** Applies new filters: back to the newest page. */
    search: pages.setQuery,
    retry: pages.reload,
  };
};
