/**
 * Mapping standards through the running console (issue 16), as a site's OrgAdmin keeps one: a
 * draft imported with two problems, fixed, published with an electronic signature (password and
 * authenticator code checked by the offline Cognito exactly as by AWS's), a second version by
 * editing, the diff, the CSV round trip, the first version retired — each step in the audit
 * trail with before and after. Another organisation's OrgAdmin does not see it; an Auditor reads
 * and cannot change; bad input is a 400 that says why.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableToRows, type MappingRow } from '@ccsc/contract/standard-rows';
import { readCsv } from '@ccsc/formats/read-csv';
import { buildNetwork, must, type Network, ok, registryCall } from '../support/registry';
import { row, type StandardDetail } from './standards-kit';

const c = inject('console');

const imported = (): MappingRow[] => [
  row({
    sourceCode: 'MED-LIC',
    sourceName: 'Medical licence – PI',
    sourcePath: 'Investigator/Qualifications',
    artifactNumber: '05.02.07',
    subArtifact: 'Medical License',
    requiredMetadata: ['site'],
  }),
  row({ sourceCode: 'PSP', sourceName: 'Protocol signature page', artifactNumber: '05.02.02' }),
  row({ sourceCode: 'ICF', sourceName: '=Informed consent, signed', artifactNumber: '99.01.01' }),
];

let n: Network;
beforeAll(async () => {
  n = await buildNetwork(c, 'Standards');
});

const auditOf = async (standardId: string) =>
  (
    await ok<{ records: { action: string; outcome: string; before?: unknown; after?: unknown }[] }>(
      c,
      n.admin,
      'list-audit-records',
      { target: standardId },
    )
  ).records.reverse();

describe('mapping standards', () => {
  it('lives through draft, signed publication, a second version, the diff, the CSV round trip and retirement', async () => {
    const siteAdmin = n.people.siteAdmin;
    const created = await ok<StandardDetail>(c, siteAdmin, 'artifact/create-standard', {
      organisationId: n.site.organisationId,
      name: `Site eISF ${n.tag}`,
      description: 'How the site eISF files its documents',
      systemIds: [n.siteSystem.systemId],
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'eisf.csv', rows: imported() },
    });
    const id = created.standard.standardId;
    expect(created.standard).toMatchObject({ version: 1, status: 'draft', rowCount: 3 });
    // Two problems: the licence is about one person (the name must travel), 99.01.01 is no artifact.
    expect(created.problems.map((p) => [p.row, p.code])).toEqual([
      [0, 'person-name-required'],
      [2, 'artifact-unknown'],
    ]);
    const refused = await registryCall(c, siteAdmin, 'artifact/publish-standard', {
      standardId: id,
      version: 1,
      revision: created.revision,
      meaning: 'Approved',
      password: siteAdmin.password,
      code: '123456', // the problems refuse it before the signature is checked
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toMatch(/2 problem/);

    const fixed = imported();
    must(fixed[0]).requiredMetadata = ['site', 'personName'];
    must(fixed[2]).artifactNumber = '02.02.03';
    must(fixed[2]).filingLevel = 'site';
    const updated = await ok<StandardDetail>(c, siteAdmin, 'artifact/update-standard', {
      standardId: id,
      version: 1,
      revision: created.revision,
      rows: fixed,
    });
    expect(updated.problems).toEqual([]);
    expect(updated.coverage.coreReached).toBe(2); // 05.02.07 is recommended, not core
    expect(updated.coverage.missing.map((m) => m.number)).toContain('01.01.04');

    const wrong = await registryCall(c, siteAdmin, 'artifact/publish-standard', {
      standardId: id,
      version: 1,
      revision: updated.revision,
      meaning: 'Approved',
      password: siteAdmin.password,
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe(
      'The password or the authenticator code is not correct.',
    );

    const published = await ok<StandardDetail>(c, siteAdmin, 'artifact/publish-standard', {
      standardId: id,
      version: 1,
      revision: updated.revision,
      meaning: 'Approved',
      password: siteAdmin.password,
      code: await siteAdmin.authenticator.next(),
    });
    expect(published.standard).toMatchObject({ status: 'published', inUse: true });
    expect(published.standard.signature).toMatchObject({
      signerEmail: siteAdmin.email,
      meaning: 'Approved',
    });
    expect(Date.now() - Date.parse(must(published.standard.signature).signedAt)).toBeLessThan(
      60_000,
    );

    const v2 = await ok<StandardDetail>(c, siteAdmin, 'artifact/new-version', {
      standardId: id,
      fromVersion: 1,
      revision: published.revision,
    });
    expect(v2.standard).toMatchObject({ version: 2, status: 'draft' });
    const v2rows = [
      ...fixed.slice(0, 2),
      row({ sourceCode: 'IB-ACK', artifactNumber: '05.02.01' }),
    ];
    const edited = await ok<StandardDetail>(c, siteAdmin, 'artifact/update-standard', {
      standardId: id,
      version: 2,
      revision: v2.revision,
      rows: v2rows,
    });
    const diff = await ok<{ rows: { key: string; before: unknown; after: unknown }[] }>(
      c,
      n.people.siteAuditor,
      `artifact/diff-standards?standardId=${id}&from=1&to=2`,
      undefined,
      'GET',
    );
    expect(diff.rows.map((r) => [r.key, r.before === null, r.after === null])).toEqual([
      ['IB-ACK', true, false],
      ['ICF', false, true],
    ]);

    // The CSV a download gives imports as the same rows.
    const link = await ok<{ url: string; fileName: string }>(
      c,
      n.people.siteAuditor,
      `artifact/download?standardId=${id}&version=1&format=csv`,
      undefined,
      'GET',
    );
    const csv = await (await fetch(link.url)).text();
    const file = readCsv(csv);
    expect(file.problems).toEqual([]);
    const read = tableToRows(file.records);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual(fixed);
    expect(csv).toContain("'=Informed consent, signed");

    const p2 = await ok<StandardDetail>(c, siteAdmin, 'artifact/publish-standard', {
      standardId: id,
      version: 2,
      revision: edited.revision,
      meaning: 'Approved',
      password: siteAdmin.password,
      code: await siteAdmin.authenticator.next(),
    });
    const retired = await ok<StandardDetail>(c, siteAdmin, 'artifact/retire-standard', {
      standardId: id,
      version: 1,
      revision: p2.revision,
      reason: 'Superseded by version 2',
    });
    expect(retired.versions.map((v) => [v.version, v.status, v.inUse])).toEqual([
      [1, 'retired', false],
      [2, 'published', true],
    ]);

    const trail = await auditOf(id);
    expect(trail.map((r) => `${r.action}:${r.outcome}`)).toEqual([
      'standard.created:success',
      'standard.published:failure',
      'standard.updated:success',
      'standard.published:failure',
      'standard.published:success',
      'standard.version-created:success',
      'standard.updated:success',
      'standard.exported:success',
      'standard.published:success',
      'standard.retired:success',
    ]);
    const update = must(trail.find((r) => r.action === 'standard.updated'));
    expect(update.before).toMatchObject({ version: 1, problemCount: 2 });
    expect(update.after).toMatchObject({ version: 1, problemCount: 0, rows: { changed: 2 } });
    const moves = (
      await ok<{ records: { action: string; after?: unknown }[] }>(
        c,
        n.admin,
        'list-audit-records',
        { target: n.siteSystem.systemId, action: 'system.standard-changed' },
      )
    ).records;
    expect(moves).toHaveLength(2);
  }, 150_000); // three signatures, each with a fresh authenticator code (30 s steps)

  it('shows a standard to its organisation and to those who reach everything only', async () => {
    const mine = await ok<StandardDetail>(c, n.people.sponsorAdmin, 'artifact/create-standard', {
      organisationId: n.sponsor.organisationId,
      name: `Sponsor eTMF ${n.tag}`,
      catalogueVersion: '3.3',
      product: 'Vault eTMF',
      source: { kind: 'blank' },
    });
    const id = mine.standard.standardId;
    const other = await registryCall(
      c,
      n.people.otherSponsorAdmin,
      `artifact/get-standard?standardId=${id}`,
      undefined,
      'GET',
    );
    expect(other.status).toBe(404);
    const listed = await ok<{ standards: { standardId: string }[] }>(
      c,
      n.people.otherSponsorAdmin,
      'artifact/list-standards',
      undefined,
      'GET',
    );
    expect(listed.standards.map((s) => s.standardId)).not.toContain(id);
    const all = await ok<{ standards: { standardId: string }[] }>(
      c,
      n.people.auditorAll,
      `artifact/list-standards?search=${encodeURIComponent('vault')}`,
      undefined,
      'GET',
    );
    expect(all.standards.map((s) => s.standardId)).toContain(id);
    const foreign = await registryCall(c, n.people.otherSponsorAdmin, 'artifact/create-standard', {
      organisationId: n.sponsor.organisationId,
      name: 'Not mine',
      catalogueVersion: '3.3',
      source: { kind: 'blank' },
    });
    expect(foreign.status).toBe(404);
    const auditorChange = await registryCall(c, n.people.siteAuditor, 'artifact/create-standard', {
      organisationId: n.site.organisationId,
      name: 'Auditors read',
      catalogueVersion: '3.3',
      source: { kind: 'blank' },
    });
    expect(auditorChange.status).toBe(403);
  });
});
