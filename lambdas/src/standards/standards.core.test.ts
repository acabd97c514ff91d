import { describe, expect, it } from 'vitest';
import { publishStandard } from './publish-standard.core';
import { diffStandards, getStandard, listStandards } from './read-standards.core';
import { createStandard, newVersion, retireStandard, updateStandard } from './write-standards.core';
import {
  row,
  goodRows,
  setup,
  admin,
  orgAdmin,
  otherAdmin,
  auditor,
  create,
  publishInput,
} from './standards-test-kit';

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
});
