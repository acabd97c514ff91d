import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { ConnectionRecord, Registry, RegistrySnapshot } from '../core/ports/registry';
import type { Cell } from '@ccsc/formats/write-csv';
import { type CsvExportDeps, writeCsvExport } from '../core/csv/csv-export';
import { findConnections } from './connection-index';
import { organisationName, systemName, viewOf } from './registry-view';

export interface ExportConnectionsDeps extends CsvExportDeps {
  registry: Pick<Registry, 'snapshot'>;
}

export const CONNECTION_CSV_HEADER = [
  'Protocol number',
  'Study title',
  'Sponsor',
  'CRO',
  'Site',
  'Site number',
  'Country',
  'Principal investigator',
  'Sponsor system',
  'Site system',
  'Status',
  'Suspended by',
  'Invited (UTC)',
  'Invited by',
  'Last changed (UTC)',
  'Last changed by',
  'Connection ID',
  'Study ID',
  'Sponsor ID',
  'CRO ID',
  'Site ID',
  'Sponsor system ID',
  'Site system ID',
] as const;

const cellsOf = (c: ConnectionRecord, snapshot: RegistrySnapshot): Cell[] => {
  const study = snapshot.studies.get(c.studyId);
  return [
    study?.protocolNumber ?? c.studyId,
    study?.title,
    organisationName(snapshot, c.sponsorOrganisationId),
    c.croOrganisationId === null ? null : organisationName(snapshot, c.croOrganisationId),
    organisationName(snapshot, c.siteOrganisationId),
    c.siteNumber,
    c.country,
    c.principalInvestigator,
    systemName(snapshot, c.sponsorSystemId),
    c.siteSystemId === null ? null : systemName(snapshot, c.siteSystemId),
    c.status,
    c.suspendedBy,
    c.createdAt,
    c.createdBy,
    c.updatedAt,
    c.updatedBy,
    c.connectionId,
    c.studyId,
    c.sponsorOrganisationId,
    c.croOrganisationId,
    c.siteOrganisationId,
    c.sponsorSystemId,
    c.siteSystemId,
  ];
};

/**
 * export-connections: the filtered connection list (what list-connections finds for the same
 * query, in the same order: newest change first) as CSV, written as it is read into the exports
 * bucket, with a link that expires in minutes. Recorded in the audit trail like every export.
 */
export const exportConnections: Core<
  (typeof routes)['export-connections'],
  ExportConnectionsDeps
> = async (query, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const found = findConnections(viewOf(ctx.caller, snapshot), query);
  // The rows are in memory already (the snapshot); the export port reads an async stream.
  async function* rows(): AsyncIterable<Cell[]> {
    for (const connection of found) yield await Promise.resolve(cellsOf(connection, snapshot));
  }
  return writeCsvExport(deps, ctx, {
    kind: 'connections',
    header: CONNECTION_CSV_HEADER,
    rows: rows(),
    filters: query,
    action: 'connection.export',
  });
};
