import {
  ORGANISATION_CSV_COLUMNS,
  ORGANISATION_EXPORT_ONLY_COLUMNS,
  registryCsvTitle,
} from '@ccsc/contract/organisations';
import { type routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { Cell } from '@ccsc/formats/write-csv';
import { type CsvExportDeps, writeCsvExport } from '../core/csv/csv-export';
import type { OrganisationRecord } from '../core/ports/registry';
import {
  exportRows,
  findOrganisations,
  identifiersCell,
  type RegistryReadDeps,
} from './organisation-lists';
import { viewOf } from './registry-view';

export type ExportRegistryDeps = CsvExportDeps & RegistryReadDeps;

const cellsOf = (o: OrganisationRecord): Cell[] => [
  o.name,
  o.kind,
  o.country,
  o.contactEmail,
  identifiersCell(o.identifiers),
  o.organisationId,
  o.status,
  o.createdAt,
  o.updatedAt,
];

/**
 * export-organisations: the filtered organisation list (as list-organisations filters it, every
 * page) as CSV, by name, in the columns import-organisations reads and then the id, status and
 * times (which an import accepts and does not read), so an export can be imported elsewhere. Recorded in the audit trail with the filters and the number of rows.
 */
export const exportOrganisations: Core<
  (typeof routes)['export-organisations'],
  ExportRegistryDeps
> = async (input, ctx, deps) => {
  const view = viewOf(ctx.caller, await deps.registry.snapshot());
  const found = findOrganisations(view, {
    search: input.search,
    kinds: input.kind === undefined ? undefined : [input.kind],
    status: input.status,
    country: input.country,
  });
  return writeCsvExport(deps, ctx, {
    kind: 'organisations',
    // Titled as every export's columns are; an import reads titles and keys alike.
    header: [...ORGANISATION_CSV_COLUMNS, ...ORGANISATION_EXPORT_ONLY_COLUMNS].map(
      registryCsvTitle,
    ),
    rows: exportRows(found, cellsOf),
    filters: input,
    action: 'organisation.export',
  });
};
