import { describe, expect, it } from 'vitest';
import { exportSystems } from './export-systems.core';
import { importSystems } from './import-systems.core';
import { as, exportsNetwork, rowsOf, textOf } from './organisation-test-network';

/**
 * export-systems (operations.md, "The registry"): the systems the caller sees, with their
 * organisation, in the import's columns then id, status and times, as CSV; audited.
 */

describe('export-systems', () => {
  it('writes the systems the caller sees, with their organisation, in the import’s columns', async () => {
    const { deps, exports } = exportsNetwork();
    const link = await exportSystems({ organisationId: 'A' }, as('siteAdmin'), deps);
    expect(link.rows).toBe(2);
    expect(rowsOf(textOf(exports))).toEqual([
      [
        'Organisation ID',
        'Organisation',
        'Name',
        'Kind',
        'Vendor',
        'Product',
        'Environment',
        'Technical contact e-mail',
        'System ID',
        'Status',
        'Created (UTC)',
        'Last changed (UTC)',
      ],
      [
        'A',
        'Charité Berlin',
        'Archive',
        'eisf',
        'Vendor',
        'Product',
        'test',
        'it@example.com',
        'a2',
        'active',
        expect.any(String),
        expect.any(String),
      ],
      [
        'A',
        'Charité Berlin',
        'Florence eBinders',
        'eisf',
        'Florence',
        'eBinders',
        'production',
        'it@example.com',
        'a1',
        'active',
        expect.any(String),
        expect.any(String),
      ],
    ]);
    const other = await exportSystems({ organisationId: 'A' }, as('sponsorAdmin'), deps);
    expect(other.rows).toBe(1);
    const none = await exportSystems({}, as('noOrganisationAdmin'), deps);
    expect(none.rows).toBe(0);
  });

  it('writes a file import-systems reads back (names its systems already has)', async () => {
    const { deps, exports } = exportsNetwork();
    await exportSystems({ organisationId: 'D' }, as('admin'), deps);
    const again = await importSystems({ csv: textOf(exports), dryRun: true }, as('admin'), deps);
    expect(again.problems).toEqual([
      { line: 2, column: 'name', message: 'Klinik Nord already has a system named System d1.' },
    ]);
  });

  it('records the export in the OrgAdmin’s organisation’s trail with its filters and rows', async () => {
    const { deps, audit } = exportsNetwork();
    const link = await exportSystems({ organisationId: 'A' }, as('siteAdmin'), deps);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'system.export',
        outcome: 'success',
        organisationId: 'A',
        after: { filters: { organisationId: 'A' }, rows: link.rows, fileName: link.fileName },
      }),
    ]);
  });
});
