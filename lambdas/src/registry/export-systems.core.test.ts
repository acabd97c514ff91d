import { describe, expect, it } from 'vitest';
import { readCsv } from '../core/csv/read-csv';
import { MemoryExports } from '../core/testing/memory-exports';
import { exportSystems } from './export-systems.core';
import { importSystems } from './import-systems.core';
import { as, network } from './organisation-test-network';

/**
 * export-systems (operations.md, "The registry"): the systems the caller sees, with their
 * organisation, in the import's columns then id, status and times, as CSV; audited.
 */

const setUp = (more: Parameters<typeof network>[0] = []) => {
  const n = network(more);
  const exports = new MemoryExports(n.clock);
  const deps = { ...n.deps, exports, audit: n.audit };
  return { ...n, exports, deps };
};

/** The text of the last export written. */
const textOf = (exports: MemoryExports) => exports.last()?.bytes.toString('utf8') ?? '';
const rowsOf = (text: string) => readCsv(text).records.map((r) => r.cells);

describe('export-systems', () => {
  it('writes the systems the caller sees, with their organisation, in the import’s columns', async () => {
    const { deps, exports } = setUp();
    const link = await exportSystems({ organisationId: 'A' }, as('siteAdmin'), deps);
    expect(link.rows).toBe(2);
    expect(rowsOf(textOf(exports))).toEqual([
      [
        'organisationId',
        'organisationName',
        'name',
        'kind',
        'vendor',
        'product',
        'environment',
        'technicalContactEmail',
        'systemId',
        'status',
        'createdAt',
        'updatedAt',
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
    const { deps, exports } = setUp();
    await exportSystems({ organisationId: 'D' }, as('admin'), deps);
    const again = await importSystems({ csv: textOf(exports), dryRun: true }, as('admin'), deps);
    expect(again.problems).toEqual([
      { line: 2, column: 'name', message: 'Klinik Nord already has a system named System d1.' },
    ]);
  });

  it('records the export in the OrgAdmin’s organisation’s trail with its filters and rows', async () => {
    const { deps, audit } = setUp();
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
