import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableToRows, type MappingRow } from '@ccsc/contract/standard-rows';
import { readCsv } from '@ccsc/lambdas/csv';
import { waitForMail } from '../support/aws';
import { partnerToken } from '../support/oauth';
import {
  buildNetwork,
  type Caller,
  must,
  type Network,
  ok,
  registryCall,
} from '../support/registry';

/**
 * Mapping standards through the running console (issue 16), as a site's OrgAdmin keeps one: a
 * draft imported with two problems, fixed, published with an electronic signature (password and
 * authenticator code checked by the offline Cognito exactly as by AWS's), a second version by
 * editing, the diff, the CSV round trip, the first version retired — each step in the audit
 * trail with before and after. Another organisation's OrgAdmin does not see it; an Auditor reads
 * and cannot change; bad input is a 400 that says why.
 */

const c = inject('console');

interface Detail {
  standard: {
    standardId: string;
    version: number;
    status: string;
    inUse: boolean;
    createdAt: string;
    rowCount: number;
    signature: {
      signerName: string;
      signerEmail: string;
      meaning: string;
      signedAt: string;
    } | null;
  };
  revision: number;
  rows: MappingRow[];
  problems: { row: number; code: string }[];
  coverage: { coreTotal: number; coreReached: number; missing: { number: string }[] };
  versions: { version: number; status: string; inUse: boolean }[];
}

const row = (more: Partial<MappingRow>): MappingRow => ({
  sourceCode: '',
  sourceName: 'A document',
  sourcePath: '',
  artifactNumber: '',
  subArtifact: '',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  equivalence: 'equal',
  comment: '',
  ...more,
});

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
    const created = await ok<Detail>(c, siteAdmin, 'artifact/create-standard', {
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
    const updated = await ok<Detail>(c, siteAdmin, 'artifact/update-standard', {
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

    const published = await ok<Detail>(c, siteAdmin, 'artifact/publish-standard', {
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

    const v2 = await ok<Detail>(c, siteAdmin, 'artifact/new-version', {
      standardId: id,
      fromVersion: 1,
      revision: published.revision,
    });
    expect(v2.standard).toMatchObject({ version: 2, status: 'draft' });
    const v2rows = [
      ...fixed.slice(0, 2),
      row({ sourceCode: 'IB-ACK', artifactNumber: '05.02.01' }),
    ];
    const edited = await ok<Detail>(c, siteAdmin, 'artifact/update-standard', {
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

    const p2 = await ok<Detail>(c, siteAdmin, 'artifact/publish-standard', {
      standardId: id,
      version: 2,
      revision: edited.revision,
      meaning: 'Approved',
      password: siteAdmin.password,
      code: await siteAdmin.authenticator.next(),
    });
    const retired = await ok<Detail>(c, siteAdmin, 'artifact/retire-standard', {
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
    const mine = await ok<Detail>(c, n.people.sponsorAdmin, 'artifact/create-standard', {
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

  it('finds the drafts created before a day and answers how many standards match', async () => {
    const drafts = [];
    for (const name of ['A', 'B']) {
      drafts.push(
        await ok<Detail>(c, n.people.sponsorAdmin, 'artifact/create-standard', {
          organisationId: n.sponsor.organisationId,
          name: `Sponsor draft ${name} ${n.tag}`,
          catalogueVersion: '3.3',
          source: { kind: 'blank' },
        }),
      );
    }
    const ids = drafts.map((d) => d.standard.standardId);
    const draft = must(drafts[0]);
    // The day it was created (UTC) and the day after, as the dashboard's link writes them.
    const day = draft.standard.createdAt.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
    type Page = { standards: { standardId: string }[]; total: number; nextCursor: string | null };
    const list = (who: Caller, query: Record<string, string>) =>
      ok<Page>(
        c,
        who,
        `artifact/list-standards?${new URLSearchParams(query).toString()}`,
        undefined,
        'GET',
      );
    const mine = { organisationId: n.sponsor.organisationId };
    const before = await list(n.people.sponsorAdmin, { ...mine, draftBefore: next });
    expect(before.standards.map((s) => s.standardId)).toEqual(expect.arrayContaining(ids));
    expect(before.total).toBe(before.standards.length);
    // Created during that day, not before it began.
    const sameDay = await list(n.people.sponsorAdmin, { ...mine, draftBefore: day });
    for (const id of ids) expect(sameDay.standards.map((s) => s.standardId)).not.toContain(id);
    expect(sameDay.total).toBe(sameDay.standards.length);
    expect(sameDay.total).toBeLessThanOrEqual(before.total - ids.length);
    // Another organisation's administrator counts none of them.
    expect((await list(n.people.otherSponsorAdmin, { ...mine, draftBefore: next })).total).toBe(0);
    expect((await list(n.people.auditorAll, { ...mine, draftBefore: next })).total).toBe(
      before.total,
    );
    // The total counts every page, not the one answered.
    const all = await list(n.people.sponsorAdmin, mine);
    const first = await list(n.people.sponsorAdmin, { ...mine, limit: '1' });
    expect(all.total).toBeGreaterThan(1);
    expect(first).toMatchObject({ total: all.total });
    expect(first.standards).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const bad = await registryCall(
      c,
      n.people.sponsorAdmin,
      'artifact/list-standards?draftBefore=2026-02-30',
      undefined,
      'GET',
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('draftBefore');
  });

  it('answers bad input with a 400 that names the field, and no token with 401', async () => {
    const bad = await registryCall(c, n.people.siteAdmin, 'artifact/create-standard', {
      organisationId: n.site.organisationId,
      name: 'Bad',
      catalogueVersion: '3.3',
      source: { kind: 'import', fileName: 'x.csv', rows: [row({ artifactNumber: '5.2.4' })] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('zz.ss.aa');
    const unknownVersion = await registryCall(c, n.people.siteAdmin, 'artifact/create-standard', {
      organisationId: n.site.organisationId,
      name: 'Bad',
      catalogueVersion: '9.9',
      source: { kind: 'blank' },
    });
    expect(unknownVersion.status).toBe(400);
    const anonymous = await registryCall(c, null, 'artifact/list-standards', undefined, 'GET');
    expect(anonymous.status).toBe(401);
  });

  it('serves the TMF Reference Model 3.3 catalogue', async () => {
    const { catalogue } = await ok<{
      catalogue: { version: string; zones: { sections: { artifacts: { number: string }[] }[] }[] };
    }>(c, n.people.siteAuditor, 'artifact/catalogue', undefined, 'GET');
    expect(catalogue.version).toBe('3.3');
    const numbers = catalogue.zones.flatMap((z) =>
      z.sections.flatMap((s) => s.artifacts.map((a) => a.number)),
    );
    expect(numbers).toHaveLength(250);
    expect(numbers).toContain('05.02.04');
  });

  it("lets a system with standards.read read its published standard and its rows (the seeded sponsor eTMF's)", async () => {
    const contact = `etmf-it-${String(Date.now())}@nordlicht-pharma.example`;
    await ok(c, n.admin, 'generateApiCredential', {
      systemId: 'nordlicht-etmf',
      scopes: ['ccsc-api/system.read', 'ccsc-api/standards.read'],
      expiresAt: new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString(),
      contactEmail: contact,
    });
    const text = must((await waitForMail(c, contact, 1)).at(-1)).text;
    const link = must(/\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text), 'link');
    const revealed = await fetch(`${c.url}/ccsc/ui/decription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiId: decodeURIComponent(must(link[1])), token: must(link[2]) }),
    });
    const { data } = (await revealed.json()) as {
      data: { clientId: string; clientSecret: string };
    };
    const call = async (scope: string, query = '') => {
      const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, data, scope);
      const res = await fetch(`${c.url}/ccsc/api/v1/standards${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await call('ccsc-api/system.read')).status).toBe(403);
    const read = await call('ccsc-api/standards.read', '?rows=true');
    expect(read.status).toBe(200);
    const standards = (read.body.data as { standards: unknown }).standards as {
      standardId: string;
      relation: string;
      rowCount: number;
      rows: MappingRow[];
      signature: { meaning: string };
    }[];
    const own = must(standards.find((x) => x.relation === 'own'));
    expect(own).toMatchObject({
      standardId: 'std-nordlichtetmf',
      signature: { meaning: 'Approved' },
    });
    expect(own.rows).toHaveLength(own.rowCount);
    expect(own.rows.map((r) => r.sourceCode)).toContain('PROT');
  });
});
