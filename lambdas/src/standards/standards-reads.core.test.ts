import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { FakeClock } from '../core/testing/fakes';
import { downloadStandard } from './download-standard.core';
import { publishStandard } from './publish-standard.core';
import { listStandards } from './read-standards.core';
import { createStandard, newVersion, retireStandard, updateStandard } from './write-standards.core';
import {
  goodRows,
  setup,
  admin,
  orgAdmin,
  otherAdmin,
  auditor,
  create,
  publishInput,
} from './standards-test-kit';

/** Mapping standards listed, found, downloaded, reordered and retired. */

describe('mapping standards', () => {
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
