import type { AuditRecord } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { pageParams } from '../../../lib/use-list-query';
import { auditKeys } from '../api/keys';
import type { AuditQuery } from '../utils/audit-format';

const loadRecords = async (query: AuditQuery, cursor: string | undefined) => {
  const { records, nextCursor, total } = await callApi('list-audit-records', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { records, total }, nextCursor };
};

/**
 * One page of the audit trail for the applied filters (`initial` first), newest first, and how
 * many records the whole list holds where the server counts them (a view in a time range; null
 * otherwise).
 */
export const useAuditRecords = (initial: AuditQuery) => {
  const pages = useCursorPages(auditKeys.records, loadRecords, initial);
  const records: AuditRecord[] = pages.page?.records ?? [];
  return {
    ...pages,
    records,
    total: pages.page?.total ?? null,
    /** Applies new filters: back to the newest page. */
    search: pages.setQuery,
    retry: pages.reload,
  };
};
