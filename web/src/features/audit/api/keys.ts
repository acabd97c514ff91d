import type { AuditQuery } from '../utils/audit-format';

/** The audit trail's query keys (TanStack Query), in one place. */
export const auditKeys = {
  all: ['audit'] as const,
  records: (query: AuditQuery, cursor: string | undefined) =>
    [...auditKeys.all, 'records', query, cursor ?? null] as const,
};
