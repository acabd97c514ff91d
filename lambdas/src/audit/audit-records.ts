/** A stored item as the audit screen shows it: written once in lists/audit.ts, shared with it. */
export { positionOf, toAuditRecord, UNREADABLE_ACTION } from '../core/lists/audit';
