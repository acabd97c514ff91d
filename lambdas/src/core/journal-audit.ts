import * as z from 'zod';
import { ROLES } from '@ccsc/contract/roles';
import type { AuditEntry, AuditReader, AuditTrail } from './ports/audit-trail';
import type { WriteRun } from './journal';

/**
 * A journaled write's audit records, written exactly once (core/journal.ts): the run that began
 * the write appends; a run finishing an interrupted write first looks for what the interrupted
 * run may already have appended (the interruption may have come just after the append). And the
 * stored shape of an audit entry, for the journal entries that carry theirs.
 */

const TARGET_TYPES = [
  'user',
  'api-credential',
  'standard',
  'organisation',
  'system',
  'study',
  'connection',
  'import',
  'document',
  'webhook-endpoint',
] as const;

/** An audit entry as a journal entry (or a staged import) stores it, parsed when read back. */
export const auditEntrySchema: z.ZodType<AuditEntry> = z.lazy(() =>
  z.object({
    action: z.string(),
    outcome: z.enum(['success', 'failure']),
    actor: z
      .object({ sub: z.string(), email: z.string().nullable(), role: z.enum(ROLES).nullable() })
      .nullable(),
    target: z
      .object({ type: z.enum(TARGET_TYPES), id: z.string(), label: z.string().optional() })
      .optional(),
    organisationId: z.string().nullable().optional(),
    alsoFor: z.array(z.string()).optional(),
    source: z.object({ ip: z.string(), userAgent: z.string().nullable() }),
    requestId: z.string(),
    before: z.record(z.string(), z.unknown()).optional(),
    after: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().optional(),
  }),
);

/** How far back from the write's start `recordOnce` looks for its record (clocks differ a little). */
const RECORD_SEARCH_SLACK_MS = 60_000;
const RECORD_SEARCH_PAGE = 100;

/**
 * Appends the audit record of a write's outcome exactly once. The run that began the write
 * appends; a run finishing an interrupted write first looks for the record (same request id and
 * action) among those written since the write began, since the interruption may have come just
 * after the append.
 */
export const recordOnce = async (
  audit: Pick<AuditTrail, 'append'>,
  reader: Pick<AuditReader, 'readNewestFirst'>,
  write: Pick<WriteRun<unknown, unknown, unknown>, 'attempt' | 'startedAt'>,
  entry: AuditEntry,
): Promise<void> => {
  if (write.attempt > 1 && (await alreadyRecorded(reader, write.startedAt, entry))) return;
  await audit.append(entry);
};

/** Whether `entry` is in the trail already, looked for among the records since `since`. */
export const alreadyRecorded = async (
  reader: Pick<AuditReader, 'readNewestFirst'>,
  since: Date,
  entry: AuditEntry,
): Promise<boolean> => {
  const oldest = since.getTime() - RECORD_SEARCH_SLACK_MS;
  let before: number | null = null;
  for (;;) {
    const page = await reader.readNewestFirst(before, RECORD_SEARCH_PAGE);
    for (const record of page) {
      if (
        record.requestId === entry.requestId &&
        record.action === entry.action &&
        record.outcome === entry.outcome
      ) {
        return true;
      }
      if (typeof record.at === 'string' && Date.parse(record.at) < oldest) return false;
    }
    const last = page.at(-1)?.seq;
    if (page.length < RECORD_SEARCH_PAGE || typeof last !== 'number') return false;
    before = last;
  }
};

const sameRecord = (record: Record<string, unknown>, entry: AuditEntry): boolean => {
  const target = record.target as { type?: unknown; id?: unknown } | undefined;
  return (
    record.requestId === entry.requestId &&
    record.action === entry.action &&
    record.outcome === entry.outcome &&
    target?.type === entry.target?.type &&
    target?.id === entry.target?.id
  );
};

/**
 * Appends each entry exactly once. The run that began the write appends them all; a run finishing
 * an interrupted write first reads the records written since the write began and appends only
 * those not found (matched by request, action, outcome and target, each found record standing for
 * one entry). A write that records several entries of one request and action (a registry import creates
 * many organisations) would be one record to `recordOnce`.
 */
export const appendEachOnce = async (
  deps: {
    audit: Pick<AuditTrail, 'appendAll'>;
    auditReader: Pick<AuditReader, 'readNewestFirst'>;
  },
  write: Pick<WriteRun<unknown, unknown>, 'attempt' | 'startedAt'>,
  entries: readonly AuditEntry[],
): Promise<void> => {
  let missing = [...entries];
  if (write.attempt > 1 && missing.length > 0) {
    const oldest = write.startedAt.getTime() - RECORD_SEARCH_SLACK_MS;
    let before: number | null = null;
    search: for (;;) {
      const page = await deps.auditReader.readNewestFirst(before, RECORD_SEARCH_PAGE);
      for (const record of page) {
        if (typeof record.at === 'string' && Date.parse(record.at) < oldest) break search;
        const i = missing.findIndex((entry) => sameRecord(record, entry));
        if (i >= 0) missing = [...missing.slice(0, i), ...missing.slice(i + 1)];
        if (missing.length === 0) break search;
      }
      const last = page.at(-1)?.seq;
      if (page.length < RECORD_SEARCH_PAGE || typeof last !== 'number') break;
      before = last;
    }
  }
  await deps.audit.appendAll(missing);
};
