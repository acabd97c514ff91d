import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import { aConnection, aStudy } from '../core/testing/memory-registry';
import { describe, expect, it } from 'vitest';
import { publishStandard } from './publish-standard.core';
import { diffStandards, getStandard, listStandards } from './read-standards.core';
import { createStandard, newVersion, retireStandard, updateStandard } from './write-standards.core';
import {
  admin,
  auditor,
  create,
  goodRows,
  orgAdmin,
  otherAdmin,
  publishedWithDraft,
  publishInput,
  row,
  setup,
} from './standards-test-kit';

/**
 * The mapping standards' writes (operations.md, "Mapping standards"): create a draft (blank,
 * cloned, imported), change it at the revision seen (only what differs written and audited), a
 * new version from a published one, retire one; an administrator of the organisation (or a
 * PlatformAdmin) only, every change one registry commit with its audit record, a refusal writing
 * nothing.
 */

describe('artifact/create-standard', () => {
  it('creates draft 1 with the imported rows, stored before the commit, and audits where they came from', async () => {
    const world = setup();
    const created = await createStandard(create(), orgAdmin, world.deps);
    expect(created.standard).toMatchObject({
      version: 1,
      status: 'draft',
      name: 'Klinik Nord eISF',
      rowCount: 2,
      createdBy: 'oa@example.com',
    });
    expect(created.rows.map((r) => r.sourceCode)).toEqual(['CV-PI', 'PSP']);
    const stored = await world.registry.get('standard', created.standard.standardId);
    expect(stored).toMatchObject({ organisationId: 'SITE', catalogueVersion: '3.3', revision: 1 });
    expect(world.audit.entries).toEqual([
      expect.objectContaining({
        action: 'standard.created',
        outcome: 'success',
        organisationId: 'SITE',
        after: expect.objectContaining({
          version: 1,
          catalogueVersion: '3.3',
          source: { kind: 'import', fileName: 'isf.csv' },
        }) as unknown,
      }),
    ]);
  });

  it('starts from the Reference Model template: a row per artifact, each mapped to itself', async () => {
    const world = setup();
    const created = await createStandard(
      create({ name: 'RM', systemIds: [], source: { kind: 'reference-model' } }),
      orgAdmin,
      world.deps,
    );
    const artifacts = CATALOGUES['3.3'].zones.flatMap((z) =>
      z.sections.flatMap((s) => s.artifacts),
    );
    expect(created.rows).toHaveLength(artifacts.length);
    expect(created.rows.every((r) => r.sourceCode === r.artifactNumber)).toBe(true);
    const cv = artifacts.find((a) => a.personal);
    expect(created.rows.find((r) => r.artifactNumber === cv?.number)).toMatchObject({
      sourceName: cv?.name,
      requiredMetadata: ['personName'],
      equivalence: 'equal',
    });
    // A template every row of which is valid: it may be published as it is.
    expect(created.problems).toEqual([]);
    expect(world.audit.entries.at(-1)?.after).toMatchObject({
      source: { kind: 'reference-model' },
    });
  });

  it('clones the rows of a version the caller sees; a standard of another organisation is not there (404)', async () => {
    const world = setup();
    const first = await createStandard(create(), admin, world.deps);
    const clone = await createStandard(
      create({
        name: 'Copy',
        systemIds: [],
        source: { kind: 'clone', standardId: first.standard.standardId, version: 1 },
      }),
      orgAdmin,
      world.deps,
    );
    expect(clone.rows).toEqual(first.rows);
    expect(world.audit.entries.at(-1)?.after).toMatchObject({
      source: { kind: 'clone', standardId: first.standard.standardId, version: 1 },
    });
    const theirs = await createStandard(
      create({ organisationId: 'OTHER', name: 'Theirs', systemIds: ['X'] }),
      admin,
      world.deps,
    );
    const commits = world.registry.commits;
    await expect(
      createStandard(
        create({
          name: 'Stolen',
          systemIds: [],
          source: { kind: 'clone', standardId: theirs.standard.standardId, version: 1 },
        }),
        orgAdmin,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(world.registry.commits).toBe(commits);
  });

  it('copies a connected partner’s version in use, never its draft; lists the partners’ standards to copy', async () => {
    const world = setup();
    const { standardId } = await publishedWithDraft(world.deps);
    const copy = (version: number) =>
      createStandard(
        create({
          organisationId: 'OTHER',
          name: `From the partner v${String(version)}`,
          systemIds: ['X'],
          source: { kind: 'clone', standardId, version },
        }),
        otherAdmin,
        world.deps,
      );
    const partners = async () =>
      (await listStandards({ partners: 'true' }, otherAdmin, world.deps)).standards.map(
        (s) => s.standardId,
      );
    // Not connected: not there.
    await expect(copy(1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await partners()).toEqual([]);
    world.registry.seed([
      { type: 'study', record: aStudy('S1', 'SITE') },
      {
        type: 'connection',
        record: aConnection(
          'C1',
          { studyId: 'S1', sponsor: 'SITE', site: 'OTHER', sponsorSystem: 'ISF' },
          { status: 'active' },
        ),
      },
    ]);
    expect(await partners()).toEqual([standardId]);
    // Its own list is still its own.
    expect((await listStandards({}, otherAdmin, world.deps)).standards).toEqual([]);
    const copied = await copy(1);
    expect(copied.rows.map((r) => r.sourceCode)).toEqual(['CV-PI', 'PSP']);
    expect(world.audit.entries.at(-1)?.after).toMatchObject({
      source: { kind: 'clone', standardId, version: 1, organisationId: 'SITE' },
    });
    // The partner's draft is its own business.
    await expect(copy(2)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses, writing nothing: an Auditor (403), an organisation out of reach or unknown (404), a system not the organisation’s (400)', async () => {
    const world = setup();
    const refusals = [
      [create(), auditor, 'FORBIDDEN'],
      [create({ organisationId: 'OTHER', systemIds: ['X'] }), orgAdmin, 'NOT_FOUND'],
      [create({ organisationId: 'NOWHERE', systemIds: [] }), admin, 'NOT_FOUND'],
      [create({ systemIds: ['X'] }), admin, 'VALIDATION_FAILED'],
    ] as const;
    for (const [input, who, code] of refusals) {
      await expect(createStandard(input, who, world.deps)).rejects.toMatchObject({ code });
    }
    expect(world.registry.commits).toBe(0);
    expect(world.audit.entries).toEqual([]);
  });
});

describe('artifact/update-standard', () => {
  it('writes and audits only what differs; the same details again change nothing', async () => {
    const world = setup();
    const c = await createStandard(create(), orgAdmin, world.deps);
    const id = c.standard.standardId;
    const u = await updateStandard(
      {
        standardId: id,
        version: 1,
        revision: c.revision,
        name: 'Klinik Nord eISF',
        product: 'Florence',
      },
      orgAdmin,
      world.deps,
    );
    expect(u.standard).toMatchObject({ product: 'Florence', name: 'Klinik Nord eISF' });
    expect(world.audit.entries.at(-1)).toMatchObject({
      action: 'standard.updated',
      before: { version: 1, product: null },
      after: { version: 1, product: 'Florence' },
    });
    expect(world.audit.entries.at(-1)?.after).not.toHaveProperty('name');
    const commits = world.registry.commits;
    const audited = world.audit.entries.length;
    const same = await updateStandard(
      { standardId: id, version: 1, revision: u.revision, product: 'Florence', rows: goodRows() },
      orgAdmin,
      world.deps,
    );
    expect(same.revision).toBe(u.revision);
    expect(world.registry.commits).toBe(commits);
    expect(world.audit.entries).toHaveLength(audited);
  });

  it('refuses a stale revision (409), a published version (409) and a reader (403), writing nothing', async () => {
    const world = setup();
    const c = await createStandard(create(), orgAdmin, world.deps);
    const id = c.standard.standardId;
    const commits = world.registry.commits;
    await expect(
      updateStandard(
        { standardId: id, version: 1, revision: c.revision - 1, name: 'Y' },
        orgAdmin,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /changed by someone else/ });
    await expect(
      updateStandard(
        { standardId: id, version: 1, revision: c.revision, name: 'Y' },
        auditor,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      updateStandard(
        { standardId: id, version: 1, revision: c.revision, name: 'Y' },
        otherAdmin,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(world.registry.commits).toBe(commits);
    const p = await publishStandard(publishInput(id, 1, c.revision), orgAdmin, world.deps);
    await expect(
      updateStandard(
        { standardId: id, version: 1, revision: p.revision, name: 'Y' },
        orgAdmin,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /published and cannot change/ });
    expect((await getStandard({ standardId: id }, orgAdmin, world.deps)).standard.name).toBe(
      'Klinik Nord eISF',
    );
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
});

describe('artifact/new-version and artifact/retire-standard', () => {
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

  it('retires a published version only, recording the reason; a draft is refused (409)', async () => {
    const world = setup();
    const c = await createStandard(create(), orgAdmin, world.deps);
    const id = c.standard.standardId;
    await expect(
      retireStandard(
        { standardId: id, version: 1, revision: c.revision, reason: 'Old' },
        orgAdmin,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /only a published version is retired/ });
    const p = await publishStandard(publishInput(id, 1, c.revision), orgAdmin, world.deps);
    await expect(
      retireStandard(
        { standardId: id, version: 1, revision: p.revision, reason: 'Old' },
        auditor,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const r = await retireStandard(
      { standardId: id, version: 1, revision: p.revision, reason: 'Old' },
      orgAdmin,
      world.deps,
    );
    expect(r.standard).toMatchObject({ status: 'retired', inUse: false });
    expect(world.audit.entries.find((e) => e.action === 'standard.retired')).toMatchObject({
      reason: 'Old',
      before: { version: 1, status: 'published' },
      after: { version: 1, status: 'retired' },
    });
    // Its system uses no standard now, and says so.
    expect(world.audit.entries.at(-1)).toMatchObject({
      action: 'system.standard-changed',
      target: { id: 'ISF' },
    });
  });
});

describe('who sees and changes standards', () => {
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
});
