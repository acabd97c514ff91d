import type { routes } from '@ccsc/contract/routes';
import { rowsToTable } from '@ccsc/contract/standard-rows';
import type { Core } from '../core/request';
import { csvFile } from '@ccsc/formats/write-csv';
import type { Exports } from '../core/ports/exports';
import type { AuditTrail } from '../core/ports/audit-trail';
import {
  auditEntry,
  standardInSight,
  standardTarget,
  toVersionView,
  versionOf,
  type StandardDeps,
} from './standard-records';

export interface DownloadDeps extends Pick<StandardDeps, 'registry' | 'rows' | 'clock'> {
  exports: Exports;
  audit: Pick<AuditTrail, 'append'>;
}

function* once(text: string): Iterable<string> {
  yield text;
}

const asAsync = async function* (lines: Iterable<string>): AsyncIterable<string> {
  for (const line of lines) yield await Promise.resolve(line);
};

const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .toLowerCase() || 'standard';

/**
 * artifact/download: one version as CSV (the columns an import reads, so a round trip changes
 * nothing) or JSON (its details, signature and rows), behind a short-lived link. Audited.
 */
export const downloadStandard: Core<(typeof routes)['artifact/download'], DownloadDeps> = async (
  input,
  ctx,
  deps,
) => {
  const { record, snapshot } = await standardInSight(deps, ctx.caller, input.standardId);
  const v = versionOf(record, input.version);
  const rows = await deps.rows.get(v.rowsKey);
  const fileName = `${slug(v.name)}-v${String(v.version)}.${input.format}`;
  const body =
    input.format === 'csv'
      ? csvFile(rowsToTable(rows))
      : JSON.stringify({ standard: toVersionView(record, v, snapshot), rows }, null, 2);
  const at = deps.clock.now();
  const file = await deps.exports.write(
    `standards/${ctx.caller.sub}/${at.getTime().toString(36)}-${fileName}`,
    asAsync(once(body)),
    {
      fileName,
      contentType: input.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json',
    },
  );
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'standard.exported',
        target: standardTarget(record, v),
        after: { version: v.version, format: input.format, rowCount: rows.length },
      },
      record.organisationId,
    ),
  );
  return { url: file.url, expiresAt: file.expiresAt.toISOString(), fileName };
};
