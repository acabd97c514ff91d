import { type AuditRecord, auditRecordSchema } from '@ccsc/contract';

/** The action of a stored item that is not an audit record (it is listed, not hidden). */
export const UNREADABLE_ACTION = 'audit.unreadable';

/** The sequence number of a stored item, from its key (what ordering and paging go by). */
export const positionOf = (item: Record<string, unknown>): number | null => {
  const position = typeof item.sk === 'string' ? Number(item.sk) : item.seq;
  return typeof position === 'number' && Number.isSafeInteger(position) && position > 0
    ? position
    : null;
};

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

/**
 * A stored item as the audit screen shows it; members a record does not have are null. An item
 * that is not an audit record at all (someone wrote it outside the chain's code) is shown as
 * what it is, never dropped and never a reason to fail the whole page: the chain's verification
 * tells whether it belongs.
 */
export const toAuditRecord = (item: Record<string, unknown>): AuditRecord => {
  const parsed = auditRecordSchema.safeParse({
    seq: item.seq,
    at: item.at,
    action: item.action,
    outcome: item.outcome,
    actor: item.actor ?? null,
    target: item.target ?? null,
    organisationId: item.organisationId ?? null,
    source: item.source,
    requestId: item.requestId,
    before: item.before ?? null,
    after: item.after ?? null,
    reason: item.reason ?? null,
    hash: item.hash,
    prevHash: item.prevHash,
  });
  if (parsed.success) return parsed.data;
  const at = auditRecordSchema.shape.at.safeParse(item.at);
  return {
    seq: positionOf(item) ?? 0,
    at: at.success ? at.data : new Date(0).toISOString(),
    action: UNREADABLE_ACTION,
    outcome: 'failure',
    actor: null,
    target: null,
    organisationId: null,
    source: { ip: '', userAgent: null },
    requestId: '',
    before: null,
    after: null,
    reason: 'This stored item is not a well-formed audit record; verify the chain.',
    hash: stringOr(item.hash, ''),
    prevHash: stringOr(item.prevHash, ''),
  };
};
