import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { exportOrganisations } from './export-organisations.core';
import { importOrganisations } from './import-organisations.core';
import {
  as,
  exportsNetwork,
  organisationRecord,
  rowsOf,
  textOf,
} from './organisation-test-network';

/**
 * export-organisations (operations.md, "The registry"): the organisations the caller sees, as
 * list-organisations filters them, in the import's columns then id, status and times, as CSV in
 * the exports bucket behind a 5-minute link; audited with the filters and the number of rows.
 */

describe('export-organisations', () => {
  it('writes the filtered list the caller sees, by name, in the import’s columns, and audits it', async () => {
    const { deps, exports, audit } = exportsNetwork();
    const link = await exportOrganisations({ kind: 'site' }, as('sponsorAdmin'), deps);
    expect(routes['export-organisations'].response.safeParse(link).success).toBe(true);
    expect(link.rows).toBe(2);
    expect(rowsOf(textOf(exports))).toEqual([
      [
        'Name',
        'Kind',
        'Country',
        'Contact e-mail',
        'Identifiers',
        'Organisation ID',
        'Status',
        'Created (UTC)',
        'Last changed (UTC)',
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
    const { deps, exports } = exportsNetwork([
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
    expect(textOf(exports)).toContain('"\'+Formula, Clinic"');
    expect(rowsOf(textOf(exports))[1]?.[4]).toBe('Net: -1 | B: x/y');
    // Read back, every row names an organisation the registry has (and nothing else is wrong).
    await exportOrganisations({}, as('admin'), deps);
    const again = await importOrganisations(
      { csv: textOf(exports), dryRun: true },
      as('admin'),
      deps,
    );
    expect(again.rows).toBe(8);
    expect(again.problems).toHaveLength(8);
    expect(
      again.problems.every((p) => p.column === 'name' && /already registered/.test(p.message)),
    ).toBe(true);
  });

  it('gives a caller who reaches nothing a file of the header alone, the export still recorded', async () => {
    const { deps, exports, audit } = exportsNetwork();
    const link = await exportOrganisations({}, as('noOrganisationAdmin'), deps);
    expect(link).toMatchObject({ rows: 0, expiresAt: '2025-06-01T12:05:00.000Z' });
    expect(routes['export-organisations'].response.safeParse(link).success).toBe(true);
    expect(rowsOf(textOf(exports))).toHaveLength(1);
    expect(exports.last()).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(audit.entries.at(-1)).toMatchObject({
      action: 'organisation.export',
      outcome: 'success',
      after: { rows: 0, filters: {}, fileName: link.fileName },
    });
  });

  it('leaves out what the caller does not see: a site sees its own and its connections’ counterparts', async () => {
    const { deps, exports } = exportsNetwork();
    const link = await exportOrganisations({}, as('siteAdmin'), deps);
    const names = rowsOf(textOf(exports))
      .slice(1)
      .map((cells) => cells[0]);
    expect(link.rows).toBe(names.length);
    expect(names).toContain('Charité Berlin');
    expect(names).not.toContain('Klinik Nord');
    expect(names).not.toContain('Hôpital Sud');
  });
});
