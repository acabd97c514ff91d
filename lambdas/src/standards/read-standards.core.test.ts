import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { FakeClock } from '../core/testing/fakes';
import { publishStandard } from './publish-standard.core';
import { diffStandards, getCatalogue, getStandard, listStandards } from './read-standards.core';
import { createStandard, updateStandard } from './write-standards.core';
import {
  admin,
  auditor,
  create,
  orgAdmin,
  otherAdmin,
  publishInput,
  publishedWithDraft,
  row,
  setup,
} from './standards-test-kit';

/**
 * The mapping standards' reads (operations.md, "Mapping standards"): the list (filters, search,
 * total), one version as the editor opens it, two versions compared, the catalogue; each within
 * the caller's reach (another organisation's standard is not there: 404, like none).
 */

describe('artifact/list-standards', () => {
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

  it('shows an organisation its own standards, whoever reads everything all of them, and writes nothing', async () => {
    const world = setup();
    await createStandard(create(), orgAdmin, world.deps);
    await createStandard(
      create({ organisationId: 'OTHER', name: 'Theirs', systemIds: ['X'] }),
      admin,
      world.deps,
    );
    const commits = world.registry.commits;
    const names = async (who: typeof admin) =>
      (await listStandards({}, who, world.deps)).standards.map((s) => s.name).sort();
    expect(await names(admin)).toEqual(['Klinik Nord eISF', 'Theirs']);
    expect(await names(orgAdmin)).toEqual(['Klinik Nord eISF']);
    expect(await names(auditor)).toEqual(['Klinik Nord eISF']);
    expect(await names(otherAdmin)).toEqual(['Theirs']);
    expect(world.registry.commits).toBe(commits);
    expect(world.audit.entries.map((e) => e.action)).toEqual([
      'standard.created',
      'standard.created',
    ]);
  });
});

describe('artifact/get-standard', () => {
  it('opens the newest version unless one is named, with its rows and their problems', async () => {
    const world = setup();
    const { standardId: id, revision } = await publishedWithDraft(world.deps);
    await updateStandard(
      {
        standardId: id,
        version: 2,
        revision,
        rows: [row({ sourceCode: 'BAD', artifactNumber: '99.99.99' })],
      },
      orgAdmin,
      world.deps,
    );
    const newest = await getStandard({ standardId: id }, auditor, world.deps);
    expect(newest.standard).toMatchObject({ version: 2, status: 'draft', basedOnVersion: 1 });
    expect(newest.rows.map((r) => r.sourceCode)).toEqual(['BAD']);
    expect(newest.problems.map((x) => x.code)).toEqual(['artifact-unknown']);
    expect(newest.versions.map((v) => [v.version, v.status])).toEqual([
      [1, 'published'],
      [2, 'draft'],
    ]);
    const first = await getStandard({ standardId: id, version: 1 }, auditor, world.deps);
    expect(first.standard).toMatchObject({ version: 1, status: 'published', inUse: true });
    expect(first.rows.map((r) => r.sourceCode)).toEqual(['CV-PI', 'PSP']);
    expect(first.problems).toEqual([]);
  });

  it('answers 404 for a standard of another organisation, an unknown one and a version it lacks', async () => {
    const world = setup();
    const c = await createStandard(create(), orgAdmin, world.deps);
    const id = c.standard.standardId;
    await expect(getStandard({ standardId: id }, otherAdmin, world.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(getStandard({ standardId: 'std-none' }, admin, world.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      getStandard({ standardId: id, version: 3 }, admin, world.deps),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'The standard has no version 3.',
    });
  });
});

describe('artifact/diff-standards', () => {
  it('names the details that differ and the rows added, removed and changed, keyed by source code', async () => {
    const world = setup();
    const { standardId: id, revision } = await publishedWithDraft(world.deps);
    await updateStandard(
      {
        standardId: id,
        version: 2,
        revision,
        name: 'Klinik Nord eISF 2',
        rows: [
          row({ sourceCode: 'PSP', sourceName: 'Signature page', artifactNumber: '05.02.02' }),
          row({ sourceCode: 'NEW', artifactNumber: '05.02.01' }),
        ],
      },
      orgAdmin,
      world.deps,
    );
    const diff = await diffStandards({ standardId: id, from: 1, to: 2 }, auditor, world.deps);
    expect(diff.from).toMatchObject({ version: 1 });
    expect(diff.to).toMatchObject({ version: 2 });
    expect(diff.details).toEqual([
      { field: 'name', before: 'Klinik Nord eISF', after: 'Klinik Nord eISF 2' },
      { field: 'status', before: 'published', after: 'draft' },
    ]);
    const rows = diff.rows.map((r) => [r.key, r.before === null, r.after === null]);
    expect(rows.sort()).toEqual([
      ['CV-PI', false, true],
      ['NEW', true, false],
      ['PSP', false, false],
    ]);
    expect(diff.rows.find((r) => r.key === 'PSP')?.before?.sourceName).toBe(
      'Protocol signature page',
    );
    await expect(
      diffStandards({ standardId: id, from: 1, to: 2 }, otherAdmin, world.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      diffStandards({ standardId: id, from: 1, to: 9 }, admin, world.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('artifact/catalogue', () => {
  it('answers the current TMF Reference Model and the versions there are', async () => {
    const route = routes['artifact/catalogue'];
    const answer = route.response.parse(await getCatalogue(route.request.parse({}), admin, null));
    expect(answer.versions).toEqual(['3.3']);
    expect(answer.catalogue.version).toBe('3.3');
    const artifacts = answer.catalogue.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts));
    expect(artifacts).toHaveLength(250);
    expect(artifacts.find((a) => a.number === '05.02.04')).toMatchObject({
      name: 'Principal Investigator Curriculum Vitae',
      core: true,
      levels: ['site'],
    });
    expect(
      route.response.parse(
        await getCatalogue(route.request.parse({ version: '3.3' }), admin, null),
      ),
    ).toEqual(answer);
  });
});
