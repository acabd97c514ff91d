import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import type { z } from 'zod';
import type { SignatureCheck } from '../core/ports/signatures';
import type { StandardRowsStore } from '../core/ports/standard-rows';
import { callerContext, FakeAuditTrail, FakeClock } from '../core/testing/fakes';
import { FakeUserDirectory } from '../core/testing/fake-user-directory';
import {
  anOrganisation,
  aSystem,
  MemoryRegistry,
  MemoryRegistryWrites,
} from '../core/testing/memory-registry';
import { downloadStandard } from './download-standard.core';
import { publishStandard, type PublishDeps } from './publish-standard.core';
import { diffStandards, getStandard, listStandards } from './read-standards.core';
import { createStandard, newVersion, retireStandard, updateStandard } from './write-standards.core';

class MemoryRows implements StandardRowsStore {
  readonly docs = new Map<string, MappingRow[]>();
  put(standardId: string, rows: readonly MappingRow[]) {
    const key = `standards/${standardId}/rows/${JSON.stringify(rows).length}-${this.docs.size}`;
    this.docs.set(key, structuredClone([...rows]));
    return Promise.resolve(key);
  }
  get(key: string) {
    const rows = this.docs.get(key);
    return rows === undefined ? Promise.reject(new Error('missing')) : Promise.resolve(rows);
  }
}

const row = (more: Partial<MappingRow>): MappingRow => ({
  ...blankRow(),
  sourceName: 'A document',
  filingLevel: 'site',
  requiredMetadata: ['site'],
  ...more,
});
/** Two rows without problems: a PI CV (personal) and a protocol signature page. */
const goodRows = (): MappingRow[] => [
  row({
    sourceCode: 'CV-PI',
    sourceName: 'CV – PI',
    artifactNumber: '05.02.04',
    requiredMetadata: ['site', 'personName'],
  }),
  row({ sourceCode: 'PSP', sourceName: 'Protocol signature page', artifactNumber: '05.02.02' }),
];

const setup = () => {
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('SITE', { name: 'Klinik Nord', kind: 'site' }) },
    { type: 'organisation', record: anOrganisation('OTHER', { name: 'Other', kind: 'site' }) },
    { type: 'system', record: aSystem('ISF', 'SITE', { name: 'eISF' }) },
    { type: 'system', record: aSystem('ISF2', 'SITE', { name: 'eISF 2' }) },
    { type: 'system', record: aSystem('X', 'OTHER', { name: 'Other eISF' }) },
  ]);
  const audit = new FakeAuditTrail();
  const directory = new FakeUserDirectory();
  let signature: SignatureCheck = 'verified';
  const deps: PublishDeps & { audit: FakeAuditTrail; exports: { write: () => Promise<never> } } = {
    registry,
    writes: new MemoryRegistryWrites(registry, audit),
    rows: new MemoryRows(),
    clock: new FakeClock(),
    audit,
    signatures: {
      verify: () => Promise.resolve(signature),
    },
    directory,
    exports: { write: () => Promise.reject(new Error('unused')) },
  };
  return {
    deps,
    audit,
    setSignature: (s: SignatureCheck) => {
      signature = s;
    },
  };
};

const admin = callerContext({ role: 'PlatformAdmin', email: 'admin@example.com' });
const orgAdmin = callerContext({
  role: 'OrgAdmin',
  organisationId: 'SITE',
  email: 'oa@example.com',
  sub: 'oa',
  userName: 'oa',
});
const otherAdmin = callerContext({ role: 'OrgAdmin', organisationId: 'OTHER', sub: 'x' });
const auditor = callerContext({ role: 'Auditor', organisationId: 'SITE', sub: 'au' });

type CreateInput = z.input<(typeof routes)['artifact/create-standard']['request']>;
const create = (over: Partial<CreateInput> = {}) =>
  routes['artifact/create-standard'].request.parse({
    organisationId: 'SITE',
    name: 'Klinik Nord eISF',
    catalogueVersion: '3.3',
    systemIds: ['ISF'],
    source: { kind: 'import', fileName: 'isf.csv', rows: goodRows() },
    ...over,
  });

const publishInput = (standardId: string, version: number, revision: number) => ({
  standardId,
  version,
  revision,
  meaning: 'Approved' as const,
  password: 'Secret-123!',
  code: '123456',
});

describe('mapping standards', () => {
  it('creates a draft, publishes it signed, and its system uses it', async () => {
    const { deps, audit } = setup();
    const created = await createStandard(create(), orgAdmin, deps);
    expect(created.standard).toMatchObject({ version: 1, status: 'draft', rowCount: 2 });
    expect(created.problems).toEqual([]);
    const id = created.standard.standardId;
    const published = await publishStandard(publishInput(id, 1, created.revision), orgAdmin, deps);
    expect(published.standard.status).toBe('published');
    expect(published.standard.inUse).toBe(true);
    expect(published.standard.signature).toMatchObject({
      signerEmail: 'oa@example.com',
      meaning: 'Approved',
    });
    expect(audit.entries.map((e) => e.action)).toEqual([
      'standard.created',
      'standard.published',
      'system.standard-changed',
    ]);
    expect(audit.entries[2]?.after).toEqual({
      standard: { standardId: id, version: 1, name: 'Klinik Nord eISF' },
    });
  });

  it('keeps problems in a draft and refuses to publish it', async () => {
    const { deps } = setup();
    const created = await createStandard(
      create({
        source: {
          kind: 'import',
          fileName: 'bad.csv',
          rows: [
            row({ sourceCode: 'A', artifactNumber: '99.99.99' }),
            row({ sourceCode: 'A', artifactNumber: '05.02.04' }),
          ],
        },
      }),
      orgAdmin,
      deps,
    );
    expect(created.problems.map((p) => p.code).sort()).toEqual([
      'artifact-unknown',
      'person-name-required',
      'source-code-duplicate',
      'source-code-duplicate',
    ]);
    await expect(
      publishStandard(
        publishInput(created.standard.standardId, 1, created.revision),
        orgAdmin,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /4 problem/ });
  });

  it('refuses a wrong signature with 400, and an account without authenticator', async () => {
    const { deps, setSignature } = setup();
    const created = await createStandard(create(), orgAdmin, deps);
    setSignature('wrong');
    const input = publishInput(created.standard.standardId, 1, created.revision);
    await expect(publishStandard(input, orgAdmin, deps)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    setSignature('no-authenticator');
    await expect(publishStandard(input, orgAdmin, deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const read = await getStandard({ standardId: created.standard.standardId }, orgAdmin, deps);
    expect(read.standard.status).toBe('draft');
  });

  it('edits by a new version, diffs it, and retiring the old one moves nothing', async () => {
    const { deps, audit } = setup();
    const c = await createStandard(create(), orgAdmin, deps);
    const id = c.standard.standardId;
    const p = await publishStandard(publishInput(id, 1, c.revision), orgAdmin, deps);
    await expect(
      updateStandard(
        { standardId: id, version: 1, revision: p.revision, name: 'X' },
        orgAdmin,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const v2 = await newVersion(
      { standardId: id, fromVersion: 1, revision: p.revision },
      orgAdmin,
      deps,
    );
    expect(v2.standard).toMatchObject({ version: 2, status: 'draft', basedOnVersion: 1 });
    await expect(
      newVersion({ standardId: id, fromVersion: 1, revision: v2.revision }, orgAdmin, deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /Version 2 is a draft/ });
    const rows = [
      ...goodRows().slice(0, 1),
      row({ sourceCode: 'IB-ACK', artifactNumber: '05.02.01' }),
    ];
    const u = await updateStandard(
      { standardId: id, version: 2, revision: v2.revision, rows, systemIds: ['ISF', 'ISF2'] },
      orgAdmin,
      deps,
    );
    expect(u.standard.rowCount).toBe(2);
    const updated = audit.entries.find((e) => e.action === 'standard.updated');
    expect(updated?.after).toMatchObject({ rows: { added: 1, removed: 1, changed: 0 } });
    const diff = await diffStandards({ standardId: id, from: 1, to: 2 }, auditor, deps);
    expect(diff.rows.map((r) => [r.key, r.before === null, r.after === null])).toEqual([
      ['IB-ACK', true, false],
      ['PSP', false, true],
    ]);
    expect(diff.details).toEqual([
      { field: 'status', before: 'published', after: 'draft' },
      { field: 'systems', before: 'eISF', after: 'eISF, eISF 2' },
    ]);
    const p2 = await publishStandard(publishInput(id, 2, u.revision), orgAdmin, deps);
    const moves = audit.entries.filter((e) => e.action === 'system.standard-changed');
    expect(moves.map((m) => [m.target?.id, m.after])).toEqual([
      ['ISF', { standard: { standardId: id, version: 1, name: 'Klinik Nord eISF' } }],
      ['ISF', { standard: { standardId: id, version: 2, name: 'Klinik Nord eISF' } }],
      ['ISF2', { standard: { standardId: id, version: 2, name: 'Klinik Nord eISF' } }],
    ]);
    const r = await retireStandard(
      { standardId: id, version: 1, revision: p2.revision, reason: 'Replaced by version 2' },
      orgAdmin,
      deps,
    );
    expect(r.versions.map((v) => [v.version, v.status, v.inUse])).toEqual([
      [1, 'retired', false],
      [2, 'published', true],
    ]);
    expect(audit.entries.filter((e) => e.action === 'system.standard-changed')).toHaveLength(3);
  });

  it('lets a system use one standard only', async () => {
    const { deps } = setup();
    const a = await createStandard(create(), orgAdmin, deps);
    await publishStandard(publishInput(a.standard.standardId, 1, a.revision), orgAdmin, deps);
    const b = await createStandard(create({ name: 'Second' }), orgAdmin, deps);
    await expect(
      publishStandard(publishInput(b.standard.standardId, 1, b.revision), orgAdmin, deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /uses another published standard/ });
    await expect(createStandard(create(), orgAdmin, deps)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /has a standard named/,
    });
  });

  it("scopes by organisation: others' standards are not there, readers cannot change", async () => {
    const { deps } = setup();
    const c = await createStandard(create(), admin, deps);
    const id = c.standard.standardId;
    await expect(getStandard({ standardId: id }, otherAdmin, deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await listStandards({}, otherAdmin, deps)).standards).toEqual([]);
    expect((await listStandards({}, auditor, deps)).standards).toHaveLength(1);
    await expect(
      createStandard(create({ organisationId: 'OTHER', systemIds: [] }), orgAdmin, deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      updateStandard(
        { standardId: id, version: 1, revision: c.revision, name: 'Y' },
        auditor,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createStandard(create({ systemIds: ['X'] }), admin, deps)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('lists with filters and search', async () => {
    const { deps } = setup();
    const a = await createStandard(create(), admin, deps);
    await publishStandard(publishInput(a.standard.standardId, 1, a.revision), admin, deps);
    await createStandard(
      create({ name: 'Sponsor mapping', systemIds: [], product: 'Vault eTMF' }),
      admin,
      deps,
    );
    const names = async (q: Record<string, string>) =>
      (await listStandards(q, admin, deps)).standards.map((s) => s.name);
    expect(await names({ status: 'published' })).toEqual(['Klinik Nord eISF']);
    expect(await names({ status: 'draft' })).toEqual(['Sponsor mapping']);
    expect(await names({ search: 'vault' })).toEqual(['Sponsor mapping']);
    expect(await names({ systemId: 'ISF' })).toEqual(['Klinik Nord eISF']);
  });

  it('finds the drafts created before a day (UTC) and answers how many match', async () => {
    const clock = new FakeClock(new Date('2025-01-15T10:00:00.000Z'));
    const deps = { ...setup().deps, clock };
    // One draft now, one 40 days later.
    await createStandard(create({ name: 'Old draft' }), admin, deps);
    clock.advance(40 * 24 * 3_600_000);
    await createStandard(create({ name: 'New draft', systemIds: ['ISF2'] }), orgAdmin, deps);
    const list = (q: Record<string, string>, who = admin) =>
      listStandards(routes['artifact/list-standards'].request.parse(q), who, deps);
    const old = await list({ draftBefore: '2025-01-16' });
    expect(old.standards.map((s) => s.name)).toEqual(['Old draft']);
    expect(old.total).toBe(1);
    // Created during that day, not before it began.
    expect((await list({ draftBefore: '2025-01-15' })).total).toBe(0);
    expect((await list({ draftBefore: '2025-03-01', status: 'draft' })).total).toBe(2);
    expect((await list({ draftBefore: '2025-03-01' }, otherAdmin)).total).toBe(0);
    // The total counts every page.
    const first = await list({ limit: '1' });
    expect(first).toMatchObject({ total: 2 });
    expect(first.standards).toHaveLength(1);
    for (const bad of ['2025-13-01', '15.01.2025', '2025-01-15T00:00:00Z']) {
      expect(
        routes['artifact/list-standards'].request.safeParse({ draftBefore: bad }).success,
      ).toBe(false);
    }
  });

  it('downloads a version as CSV through the exports store, audited', async () => {
    const { deps, audit } = setup();
    const c = await createStandard(create(), orgAdmin, deps);
    let written = '';
    const result = await downloadStandard(
      { standardId: c.standard.standardId, version: 1, format: 'csv' },
      auditor,
      {
        ...deps,
        exports: {
          write: async (_key, lines, meta) => {
            for await (const l of lines) written += l;
            return {
              url: `https://exports.example/${meta.fileName}`,
              expiresAt: new Date(),
              bytes: 1,
            };
          },
        },
      },
    );
    expect(result.fileName).toBe('klinik-nord-eisf-v1.csv');
    expect(written.split('\r\n')[0]).toBe(
      '\uFEFFsource_code,source_name,source_path,artifact_number,sub_artifact,filing_level,required_metadata,equivalence,comment',
    );
    expect(audit.entries.at(-1)?.action).toBe('standard.exported');
  });

  it('saves a new order of the same rows, audited as reordered', async () => {
    const { deps, audit } = setup();
    const c = await createStandard(create(), orgAdmin, deps);
    const reordered = [...goodRows()].reverse();
    const u = await updateStandard(
      { standardId: c.standard.standardId, version: 1, revision: c.revision, rows: reordered },
      orgAdmin,
      deps,
    );
    expect(u.rows.map((r) => r.sourceCode)).toEqual(['PSP', 'CV-PI']);
    expect(audit.entries.at(-1)?.after).toMatchObject({
      rows: { added: 0, removed: 0, changed: 0, reordered: true },
    });
  });

  it('leaves the systems without a standard when the version in use is retired', async () => {
    const { deps } = setup();
    const c = await createStandard(create(), orgAdmin, deps);
    const id = c.standard.standardId;
    const p1 = await publishStandard(publishInput(id, 1, c.revision), orgAdmin, deps);
    const v2 = await newVersion(
      { standardId: id, fromVersion: 1, revision: p1.revision },
      orgAdmin,
      deps,
    );
    const p2 = await publishStandard(publishInput(id, 2, v2.revision), orgAdmin, deps);
    const r = await retireStandard(
      { standardId: id, version: 2, revision: p2.revision, reason: 'Withdrawn' },
      orgAdmin,
      deps,
    );
    // Version 1 stays published but superseded: it does not come back into use.
    expect(r.versions.map((v) => [v.version, v.status, v.inUse])).toEqual([
      [1, 'published', false],
      [2, 'retired', false],
    ]);
    const other = await createStandard(create({ name: 'Replacement' }), orgAdmin, deps);
    const published = await publishStandard(
      publishInput(other.standard.standardId, 1, other.revision),
      orgAdmin,
      deps,
    );
    expect(published.standard.inUse).toBe(true);
  });
});
