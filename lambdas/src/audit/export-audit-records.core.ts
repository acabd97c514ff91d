import type { AuditRecord } from '@ccsc/contract/audit';
import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { AuditReader } from '../core/ports/audit-trail';
import type { Cell } from '@ccsc/formats/write-csv';
import { type CsvExportDeps, writeCsvExport } from '../core/csv/csv-export';
import { reachOf } from '@ccsc/contract/reach';
import { positionOf, toAuditRecord, UNREADABLE_ACTION, viewRecords } from '../core/lists/audit';
import { CLOCK_SLACK_MS, checkedRange, matcher, READ_PAGE } from './list-audit-records.core';

export interface ExportAuditRecordsDeps extends CsvExportDeps {
  reader: Pick<AuditReader, 'readNewestFirst' | 'readView'>;
}

export const AUDIT_CSV_HEADER = [
  'Sequence',
  'Time (UTC)',
  'Action',
  'Outcome',
  'Actor email',
  'Actor role',
  'Actor ID',
  'Target type',
  'Target ID',
  'Target label',
  'Organisation',
  'Also organisations',
  'Source IP',
  'User agent',
  'Request ID',
  'Before',
  'After',
  'Reason',
  'Hash',
  'Previous hash',
] as const;

const json = (value: Record<string, unknown> | null): string | null =>
  value === null ? null : JSON.stringify(value);

const cellsOf = (r: AuditRecord): Cell[] => [
  r.seq,
  r.at,
  r.action,
  r.outcome,
  r.actor?.email,
  r.actor?.role,
  r.actor?.sub,
  r.target?.type,
  r.target?.id,
  r.target?.label,
  r.organisationId,
  r.alsoFor.join(' '),
  r.source.ip,
  r.source.userAgent,
  r.requestId,
  json(r.before),
  json(r.after),
  r.reason,
  r.hash,
  r.prevHash,
];

/**
 * The filtered audit trail as CSV, newest first, with the hashes (so a copy can be checked
 * against the chain later): read backwards a page at a time and written on as it is read, so
 * memory stays bounded however long the trail; a view is read from its index instead (the same
 * rows, as the list shows them). The export is itself recorded.
 */
export const exportAuditRecords: Core<
  (typeof routes)['export-audit-records'],
  ExportAuditRecordsDeps
> = async (filters, ctx, deps) => {
  const from = checkedRange(filters);
  const matches = matcher(filters, ctx.caller);
  const { view } = filters;
  async function* rows(): AsyncIterable<Cell[]> {
    if (view !== undefined) {
      for await (const record of viewRecords(
        { ...filters, view },
        reachOf(ctx.caller),
        deps.reader,
      ))
        yield cellsOf(record);
      return;
    }
    let before: number | null = null;
    for (;;) {
      const items = await deps.reader.readNewestFirst(before, READ_PAGE);
      for (const item of items) {
        const position = positionOf(item);
        if (position === null) continue;
        before = position;
        const record = toAuditRecord(item);
        if (matches(record)) yield cellsOf(record);
        const readable = record.action !== UNREADABLE_ACTION;
        if (readable && from !== null && Date.parse(record.at) < from - CLOCK_SLACK_MS) return;
      }
      if (items.length < READ_PAGE || before === null || before <= 1) return;
    }
  }
  return writeCsvExport(deps, ctx, {
    kind: 'audit-trail',
    header: AUDIT_CSV_HEADER,
    rows: rows(),
    filters,
    action: 'audit.export',
  });
};
