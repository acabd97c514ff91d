import type { AuditRecord } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import type { AuditQuery } from '../utils/audit-format';

export const PAGE_SIZE = 25;

const loadRecords = async (query: AuditQuery, cursor: string | undefined) => {
  const { records, nextCursor } = await callApi('list-audit-records', {
    ...query,
    limit: PAGE_SIZE,
    ...(cursor === undefined ? {} : { cursor }),
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
