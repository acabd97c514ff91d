import {
  SYSTEM_CSV_COLUMNS,
  SYSTEM_EXPORT_ONLY_COLUMNS,
  registryCsvTitle,
} from '@ccsc/contract/organisations';
import { type routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { Cell } from '@ccsc/formats/write-csv';
import { writeCsvExport } from '../core/csv/csv-export';
import type { ExportRegistryDeps } from './export-organisations.core';
import { exportRows, findSystems } from './organisation-lists';
import { organisationName, viewOf } from './registry-view';

/**
 * export-systems: the filtered system list (as getOrgSysList filters it, every page) as CSV, by
 * organisation and name, in the columns import-systems reads, then the id, status and times (which an import
 * accepts and does not read). Audited like the other exports.
 */
export const exportSystems: Core<(typeof routes)['export-systems'], ExportRegistryDeps> = async (
  input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const found = findSystems(viewOf(ctx.caller, snapshot), input);
  return writeCsvExport(deps, ctx, {
    kind: 'systems',
    // Titled as every export's columns are; an import reads titles and keys alike.
    header: [...SYSTEM_CSV_COLUMNS, ...SYSTEM_EXPORT_ONLY_COLUMNS].map(registryCsvTitle),
    rows: exportRows(found, (s): Cell[] => [
      s.organisationId,
      organisationName(snapshot, s.organisationId),
      s.name,
      s.kind,
      s.vendor,
      s.product,
      s.environment,
      s.technicalContactEmail,
      s.systemId,
      s.status,
      s.createdAt,
      s.updatedAt,
    ]),
    filters: input,
    action: 'system.export',
  });
};
