import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { ExportFile, Exports } from '../core/ports/exports';
import { readCsv } from '@ccsc/formats/read-csv';
import { exportOrganisations } from './export-organisations.core';
import { exportSystems } from './export-systems.core';
import { importOrganisations } from './import-organisations.core';
import { importSystems } from './import-systems.core';
import { as, network, organisationRecord } from './organisation-test-network';

/** Collects what is written, as the stream delivers it. */
class CollectingExports implements Exports {
  text = '';
  key = '';
  async write(key: string, lines: AsyncIterable<string>): Promise<ExportFile> {
    this.key = key;
    this.text = '';
    for await (const line of lines) this.text += line;
    return {
      url: 'https://exports.example/x',
      expiresAt: new Date('2025-06-01T12:05:00Z'),
      bytes: 1,
    };
  }
}

const setUp = (more: Parameters<typeof network>[0] = []) => {
  const n = network(more);
  const exports = new CollectingExports();
  const deps = { ...n.deps, exports, audit: n.audit };
  return { ...n, exports, deps };
};

const rowsOf = (text: string) => readCsv(text).records.map((r) => r.cells);

describe('export-organisations', () => {
  it('writes the filtered list the caller sees, by name, in the import’s columns, and audits it', async () => {
    const { deps, exports, audit } = setUp();
    const link = await exportOrganisations({ kind: 'site' }, as('sponsorAdmin'), deps);
    expect(routes['export-organisations'].response.safeParse(link).success).toBe(true);
    expect(link.rows).toBe(2);
    expect(rowsOf(exports.text)).toEqual([
      [
        'name',
        'kind',
        'country',
        'contactEmail',
        'identifiers',
        'organisationId',
        'status',
        'createdAt',
        'updatedAt',
      ],
      [
        'Charité Berlin',
        'site',
        'DE',
        'studien@charite.example',
        'Site network: SN-100',
        'A',
        'active',
        '2025-01-01T00:00:00.000Z',
        '2025-01-01T00:00:00.000Z',
      ],
      [
        'Hôpital Sud',
        'site',
        'FR',
        '',
        '',
        expect.any(String),
        'active',
        '2025-01-01T00:00:00.000Z',
        '2025-01-01T00:00:00.000Z',
      ],
    ]);
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'organisation.export',
        organisationId: 'S',
        after: expect.objectContaining({ rows: 2, filters: { kind: 'site' } }) as unknown,
      }),
    ]);
  });

  it('quotes formula-looking cells, and what it writes imports again', async () => {
    const { deps, exports } = setUp([
      {
        type: 'organisation',
        record: organisationRecord('F', '+Formula, Clinic', 'site', {
          identifiers: [
            { label: 'Net', value: '-1' },
            { label: 'B', value: 'x/y' },
          ],
        }),
      },
    ]);
    await exportOrganisations({ search: 'formula' }, as('admin'), deps);
    expect(exports.text).toContain('"\'+Formula, Clinic"');
    expect(rowsOf(exports.text)[1]?.[4]).toBe('Net: -1 | B: x/y');
    // Read back, every row names an organisation the registry has (and nothing else is wrong).
    await exportOrganisations({}, as('admin'), deps);
    const again = await importOrganisations({ csv: exports.text, dryRun: true }, as('admin'), deps);
    expect(again.rows).toBe(8);
    expect(again.problems).toHaveLength(8);
    expect(
      again.problems.every((p) => p.column === 'name' && /already registered/.test(p.message)),
    ).toBe(true);
  });
});

describe('export-systems', () => {
  it('writes the systems the caller sees, with their organisation, in the import’s columns', async () => {
    const { deps, exports } = setUp();
    const link = await exportSystems({ organisationId: 'A' }, as('siteAdmin'), deps);
    expect(link.rows).toBe(2);
    expect(rowsOf(exports.text)).toEqual([
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
    const again = await importSystems({ csv: exports.text, dryRun: true }, as('admin'), deps);
    expect(again.problems).toEqual([
      { line: 2, column: 'name', message: 'Klinik Nord already has a system named System d1.' },
    ]);
  });
});
