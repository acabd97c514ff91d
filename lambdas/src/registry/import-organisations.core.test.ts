import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { claimKeys } from '../core/ports/registry';
import { importOrganisations } from './import-organisations.core';
import { listOrganisations } from './list-organisations.core';
import { as, network } from './organisation-test-network';
import { IMPORT_MAX_ROWS } from './registry-import';

const GOOD = [
  'name,kind,country,contactEmail,identifiers',
  'Klinik West,site,DE,studien@west.example,Site network: KW-1',
  '"Hôpital Nord, Lille",Site,fr,,FINESS: 123456789 | SIRET: 987',
  'Pharma Zwei,sponsor,CH,regulatory@zwei.example,',
];

const run = (csv: string, dryRun: boolean, n = network()) =>
  importOrganisations({ csv, dryRun }, as('admin'), n.deps).then((answer) => ({ answer, ...n }));

describe('import-organisations', () => {
  it('checks a good file without saving on a dry run', async () => {
    const { answer, registry, audit } = await run(GOOD.join('\r\n'), true);
    expect(answer).toEqual({
      rows: 3,
      problems: [],
      created: 0,
      columns: ['name', 'kind', 'country', 'contactEmail', 'identifiers'],
    });
    expect(routes['import-organisations'].response.safeParse(answer).success).toBe(true);
    expect(registry.commits).toBe(0);
    expect(audit.entries).toEqual([]);
  });

  it('saves a good file, its cells read as create-organisation reads a request', async () => {
    const n = network();
    const { answer, audit, registry } = await run(GOOD.join('\n'), false, n);
    expect(answer.created).toBe(3);
    const found = await listOrganisations({ search: 'lille' }, as('admin'), n.deps);
    expect(found.organisations).toEqual([
      expect.objectContaining({
        name: 'Hôpital Nord, Lille',
        kind: 'site',
        country: 'FR',
        contactEmail: null,
        identifiers: [
          { label: 'FINESS', value: '123456789' },
          { label: 'SIRET', value: '987' },
        ],
        status: 'active',
        createdBy: 'admin@example.com',
      }),
    ]);
    expect(registry.claims.has(claimKeys.organisationName('CH', 'Pharma Zwei'))).toBe(true);
    // One record per organisation, in its own trail, with everything it was created with.
    expect(audit.entries).toHaveLength(3);
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        action: 'organisation.imported',
        outcome: 'success',
        organisationId: found.organisations[0]?.organisationId,
        target: expect.objectContaining({
          type: 'organisation',
          label: 'Hôpital Nord, Lille',
        }) as unknown,
        after: expect.objectContaining({
          name: 'Hôpital Nord, Lille',
          country: 'FR',
          identifiers: [
            { label: 'FINESS', value: '123456789' },
            { label: 'SIRET', value: '987' },
          ],
          part: 1,
          parts: 1,
        }) as unknown,
      }),
    );
  });

  it('lists every problem of every row by line and column, and saves nothing', async () => {
    const csv = [
      ...GOOD,
      'Bad Row,hospital,XX,not-an-address,',
      ',site,DE,,',
      'Klinik Nord,site,DE,,', // the registry has it
      'klinik  WEST,site,de,,', // line 2 has it
      'Odd Ids,site,DE,,no colon here',
      'Too,many,cells,here,x,y',
    ].join('\r\n');
    const { answer, registry } = await run(csv, false);
    expect(answer.rows).toBe(9);
    expect(answer.created).toBe(0);
    expect(registry.commits).toBe(0);
    expect(answer.problems.map((p) => [p.line, p.column])).toEqual([
      [5, 'kind'],
      [5, 'country'],
      [5, 'contactEmail'],
      [6, 'name'],
      [7, 'name'],
      [8, 'name'],
      [9, 'identifiers'],
      [10, null],
    ]);
    const [, , , empty, taken, twice] = answer.problems;
    expect(empty?.message).toBe('This field is required.');
    expect(taken?.message).toBe('An organisation named Klinik Nord is already registered in DE.');
    expect(twice?.message).toMatch(/^Line 2 names the same organisation/);
  });

  it('reads a semicolon file with a byte-order mark and its header in any case and order', async () => {
    const csv =
      '\uFEFFCountry;NAME;Kind\r\nDE;"Praxis Dr. Müller, Köln";site\r\nAT;Klinik Nord;site\r\n';
    const { answer } = await run(csv, false);
    expect(answer).toMatchObject({ rows: 2, problems: [], created: 2 });
  });

  it('reads the columns by the titles an export writes them with, its own columns ignored', async () => {
    const csv = [
      'Name,Kind,Country,Contact e-mail,Identifiers,Organisation ID,Status,Created (UTC),Last changed (UTC)',
      'Klinik Ost,site,DE,ost@klinik.example,,org-1,active,2025-01-01T00:00:00.000Z,2025-01-01T00:00:00.000Z',
    ].join('\n');
    const { answer } = await run(csv, true);
    expect(answer).toMatchObject({ rows: 1, problems: [] });
  });

  it('puts unknown, repeated and missing columns on line 1 and checks no row', async () => {
    const { answer } = await run('name,kind,colour,Name\nX,site,red,Y\n', true);
    expect(answer.rows).toBe(1);
    expect(answer.problems).toEqual([
      {
        line: 1,
        column: 'colour',
        message: expect.stringMatching(/^Unknown column "colour"/) as string,
      },
      { line: 1, column: 'name', message: 'The column name is there twice.' },
      { line: 1, column: 'country', message: 'The column country is missing.' },
    ]);
  });

  it('reports a broken quote by line', async () => {
    const { answer } = await run('name,kind,country\n"Open,site,DE\n', true);
    expect(answer.problems).toEqual([
      { line: 2, column: null, message: 'A quoted field is not closed.' },
    ]);
  });

  it(`refuses more than ${String(IMPORT_MAX_ROWS)} rows with a 400`, async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Org ${String(i)},site,DE`);
    await expect(run(['name,kind,country', ...rows].join('\n'), true)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'csv' }],
    });
  });

  it('is the PlatformAdmin’s alone', async () => {
    const { deps } = network();
    for (const who of ['auditorAll', 'siteAdmin'] as const) {
      await expect(
        importOrganisations({ csv: GOOD.join('\n'), dryRun: true }, as(who), deps),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('saves 1,000 rows in parts of at most 40, quickly; a refused part undoes the parts before it', async () => {
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `Zentrum ${String(i)},site,DE,,Net: Z-${String(i)}`,
    );
    const n = network();
    const { answer, registry, audit } = await run(
      ['name,kind,country,contactEmail,identifiers', ...rows].join('\n'),
      false,
      n,
    );
    expect(answer.created).toBe(1000);
    expect(registry.commits).toBe(25);
    expect(audit.actions().filter((a) => a === 'organisation.imported')).toHaveLength(1000);
    expect((await listOrganisations({ search: 'zentrum' }, as('admin'), n.deps)).total).toBe(1000);

    // A name taken between the check and the save (part 2 of 3): nothing stays.
    const m = network();
    const late = Array.from({ length: 100 }, (_, i) => `Spät ${String(i)},site,DE`);
    const applyAll = m.writes.applyAll.bind(m.writes);
    m.writes.applyAll = async (subject, parts) => {
      m.registry.claims.set(claimKeys.organisationName('DE', 'Spät 50'), { writeId: 'other' });
      await applyAll(subject, parts);
    };
    await expect(run(['name,kind,country', ...late].join('\n'), false, m)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An organisation named Spät 50 is already registered in DE.',
    });
    expect((await listOrganisations({ search: 'spät' }, as('admin'), m.deps)).total).toBe(0);
    // Part 1 was made (and audited, 40 organisations), then undone; the failure is recorded once.
    expect(m.audit.actions()).toEqual([
      ...Array.from({ length: 40 }, () => 'organisation.imported'),
      'registry.import',
    ]);
  });
});
