import type { Caller } from '../request';
import type { RequestContext } from '../request';
import type { AuditTrail } from '../ports/audit-trail';
import type { Clock } from '../ports/clock';
import type { Exports } from '../ports/exports';
import { actorOf, sourceOf } from '../audit-entry';
import { type Cell, csvLines } from '@ccsc/formats/write-csv';

/** A file name with the time it was made, e.g. users-2026-11-22-1405.csv (UTC). */
export const exportFileName = (kind: string, at: Date): string =>
  `${kind}-${at.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.csv`;

export interface CsvExportDeps {
  exports: Exports;
  audit: AuditTrail;
  clock: Clock;
}

export interface CsvExport {
  /** Names the file and its folder ("users", "audit-trail"). */
  kind: string;
  header: readonly string[];
  rows: AsyncIterable<readonly Cell[]>;
  /** What the caller asked for, recorded with the export. */
  filters: Record<string, unknown>;
  /** The audit action of the export ("user.export"). */
  action: string;
}

/**
 * Writes an export (the rows streamed into the exports bucket, see ports/exports.ts) and records
 * it in the audit trail: exports carry personal data, so who took which rows is kept. An
 * OrgAdmin's export is recorded under their organisation, so that their organisation sees it.
 */
export const writeCsvExport = async (
  deps: CsvExportDeps,
  ctx: RequestContext<Caller>,
  spec: CsvExport,
) => {
  const fileName = exportFileName(spec.kind, deps.clock.now());
  const counter = { rows: 0 };
  const file = await deps.exports.write(
    `${spec.kind}/${ctx.caller.userName}/${ctx.requestId}.csv`,
    csvLines(spec.header, spec.rows, counter),
    { fileName, contentType: 'text/csv; charset=utf-8' },
  );
  await deps.audit.append({
    action: spec.action,
    outcome: 'success',
    actor: actorOf(ctx.caller),
    organisationId: ctx.caller.role === 'OrgAdmin' ? ctx.caller.organisationId : null,
    source: sourceOf(ctx),
    requestId: ctx.requestId,
    after: { filters: { ...spec.filters }, rows: counter.rows, fileName },
  });
  return {
    url: file.url,
    fileName,
    rows: counter.rows,
    expiresAt: file.expiresAt.toISOString(),
  };
};
