import { describe, expect, it } from 'vitest';
import { getOrgSysList } from './get-org-sys-list.core';
import { importSystems } from './import-systems.core';
import { as, network, organisationRecord } from './organisation-test-network';

const HEADER =
  'organisationId,organisationName,name,kind,vendor,product,environment,technicalContactEmail';

const run = (lines: string[], dryRun: boolean, n = network()) =>
  importSystems({ csv: [HEADER, ...lines].join('\n'), dryRun }, as('admin'), n.deps).then(
    (answer) => ({ answer, ...n }),
  );

describe('import-systems', () => {
  it('saves systems of organisations named by id or exact name, audited in each one’s trail', async () => {
    const n = network();
    const { answer, audit } = await run(
      [
        'D,,CTMS,CTMS,Veeva,Vault CTMS,Production,ctms@example.org',
        ',Other Pharma,Safety,safety,Oracle,Argus,validation,argus@example.org',
        'D,Klinik Nord,EDC,edc,Medidata,Rave,test,rave@example.org',
      ],
      false,
      n,
    );
    expect(answer).toMatchObject({ rows: 3, problems: [], created: 3 });
    const d = await getOrgSysList({ organisationId: 'D' }, as('otherSiteAdmin'), n.deps);
    expect(d.systems.map((s) => [s.name, s.kind, s.environment])).toEqual([
      ['CTMS', 'ctms', 'production'],
      ['EDC', 'edc', 'test'],
      ['System d1', 'eisf', 'production'],
    ]);
    expect(audit.entries.map((e) => [e.action, e.organisationId])).toEqual([
      ['systems.imported', 'D'],
      ['systems.imported', 'O'],
    ]);
    expect(audit.entries[0]?.after).toMatchObject({
      organisationName: 'Klinik Nord',
      systems: [
        expect.objectContaining({ name: 'CTMS' }),
        expect.objectContaining({ name: 'EDC' }),
      ],
    });
  });

  it('lists every problem by line and column and saves nothing', async () => {
    const { answer, registry } = await run(
      [
        'D,,Good,ctms,Veeva,Vault,production,ok@example.org',
        ',No Such Organisation,EDC,edc,Medidata,Rave,test,rave@example.org',
        'nope,,EDC,edc,Medidata,Rave,test,rave@example.org',
        'D,Charité Berlin,EDC,edc,Medidata,Rave,test,rave@example.org',
        ',,EDC,edc,Medidata,Rave,test,rave@example.org',
        'I,,EDC,edc,Medidata,Rave,test,rave@example.org',
        'D,,System D1,eisf,Vendor,Product,production,it@example.com', // the registry has it
        'D,,good,ctms,Veeva,Vault,production,ok@example.org', // line 2 has it
        'D,,Bad,database,,Rave,staging,not-mail',
        ',Twin,EDC,edc,Medidata,Rave,test,rave@example.org',
      ],
      false,
      network([
        { type: 'organisation', record: organisationRecord('T1x', 'Twin', 'site') },
        {
          type: 'organisation',
          record: organisationRecord('T2x', 'Twin', 'site', { country: 'AT' }),
        },
      ]),
    );
    expect(answer.created).toBe(0);
    expect(registry.commits).toBe(0);
    expect(answer.problems.map((p) => [p.line, p.column])).toEqual([
      [3, 'organisationName'],
      [4, 'organisationId'],
      [5, 'organisationName'],
      [6, 'organisationId'],
      [7, 'organisationId'],
      [8, 'name'],
      [9, 'name'],
      [10, 'kind'],
      [10, 'vendor'],
      [10, 'environment'],
      [10, 'technicalContactEmail'],
      [11, 'organisationName'],
    ]);
    expect(answer.problems.find((p) => p.line === 7)?.message).toMatch(
      /Inactive Clinic is inactive/,
    );
    expect(answer.problems.find((p) => p.line === 8)?.message).toBe(
      'Klinik Nord already has a system named System D1.',
    );
    expect(answer.problems.find((p) => p.line === 11)?.message).toMatch(
      /2 organisations have this name \(in DE, AT\)/,
    );
  });

  it('needs its required columns, and the organisation by one of its two', async () => {
    const answer = await importSystems(
      { csv: 'organisationId,name,kind\nD,X,edc\n', dryRun: true },
      as('admin'),
      network().deps,
    );
    expect(answer.problems.map((p) => p.column)).toEqual([
      'vendor',
      'product',
      'environment',
      'technicalContactEmail',
    ]);
    const byName = await importSystems(
      {
        csv: 'organisationName,name,kind,vendor,product,environment,technicalContactEmail\nKlinik Nord,X,edc,V,P,test,a@example.org\n',
        dryRun: true,
      },
      as('admin'),
      network().deps,
    );
    expect(byName).toMatchObject({ problems: [], created: 0, rows: 1 });
    const neither = await importSystems(
      {
        csv: 'name,kind,vendor,product,environment,technicalContactEmail\nX,edc,V,P,test,a@example.org\n',
        dryRun: true,
      },
      as('admin'),
      network().deps,
    );
    expect(neither.problems).toEqual([
      {
        line: 1,
        column: 'organisationId',
        message: 'The column organisationId or organisationName is missing.',
      },
    ]);
  });

  it('is the PlatformAdmin’s alone', async () => {
    await expect(
      importSystems({ csv: HEADER, dryRun: true }, as('otherSiteAdmin'), network().deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('all or nothing: an organisation deactivated before the save refuses the whole file', async () => {
    const n = network();
    const rows = Array.from(
      { length: 50 },
      (_, i) => `D,,Sys ${String(i)},edc,V,P,test,a@example.org`,
    );
    rows.push('O,,Late,edc,V,P,test,a@example.org');
    const applyAll = n.writes.applyAll.bind(n.writes);
    n.writes.applyAll = async (subject, parts) => {
      const o = await n.registry.get('organisation', 'O');
      if (o !== null)
        n.registry.seed([{ type: 'organisation', record: { ...o, status: 'inactive' } }]);
      await applyAll(subject, parts);
    };
    await expect(run(rows, false, n)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /Other Pharma is inactive/,
    });
    const d = await getOrgSysList({ organisationId: 'D' }, as('admin'), n.deps);
    expect(d.total).toBe(1);
  });
});
