import { describe, expect, it } from 'vitest';
import { fakeUser } from '../core/testing/fake-user-directory';
import { publishStandard } from './publish-standard.core';
import { getStandard } from './read-standards.core';
import { createStandard } from './write-standards.core';
import {
  admin,
  auditor,
  create,
  orgAdmin,
  otherAdmin,
  publishInput,
  row,
  setup,
} from './standards-test-kit';

/**
 * artifact/publish-standard (operations.md, "Mapping standards"): publishing is an electronic
 * signature. Only a draft without problems is published, by an administrator of its
 * organisation, signed with the signer's printed name; its systems then use it (one published
 * standard per system). A wrong signature is a 400, nothing published.
 */

/** A draft of the site's standard, created by its OrgAdmin. */
const draft = async (world: ReturnType<typeof setup>, more: Parameters<typeof create>[0] = {}) =>
  createStandard(create(more), orgAdmin, world.deps);

describe('artifact/publish-standard', () => {
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

  it('signs with the printed name the directory holds, the time and the meaning, and audits the signature', async () => {
    const world = setup();
    world.directory.users.push(
      fakeUser(1, {
        userName: 'oa',
        email: 'oa@example.com',
        givenName: 'Olga',
        familyName: 'Ahn',
      }),
    );
    const created = await draft(world);
    const id = created.standard.standardId;
    const published = await publishStandard(
      publishInput(id, 1, created.revision),
      orgAdmin,
      world.deps,
    );
    expect(world.signed).toEqual(['oa']);
    expect(published.standard.signature).toEqual({
      signerName: 'Olga Ahn',
      signerEmail: 'oa@example.com',
      meaning: 'Approved',
      signedAt: '2025-01-15T10:00:00.000Z',
    });
    const entry = world.audit.entries.find((e) => e.action === 'standard.published');
    expect(entry).toMatchObject({
      outcome: 'success',
      organisationId: 'SITE',
      before: { version: 1, status: 'draft' },
      after: {
        version: 1,
        status: 'published',
        systemIds: ['ISF'],
        signature: { signerName: 'Olga Ahn', signerEmail: 'oa@example.com', meaning: 'Approved' },
      },
    });
    // Nothing of the secret is kept or recorded.
    expect(JSON.stringify(world.audit.entries)).not.toContain('Secret-123!');
    expect(JSON.stringify(await world.registry.get('standard', id))).not.toContain('Secret-123!');
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

  it('refuses a standard without rows (409), before anyone signs', async () => {
    const world = setup();
    const created = await draft(world, { source: { kind: 'blank' } });
    await expect(
      publishStandard(
        publishInput(created.standard.standardId, 1, created.revision),
        orgAdmin,
        world.deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /without rows/ });
    expect(world.signed).toEqual([]);
  });

  it('refuses a wrong signature with 400, and an account without authenticator or locked with 403, publishing nothing', async () => {
    const world = setup();
    const created = await draft(world);
    const input = publishInput(created.standard.standardId, 1, created.revision);
    const commits = world.registry.commits;
    const audited = world.audit.entries.length;
    world.setSignature('wrong');
    await expect(publishStandard(input, orgAdmin, world.deps)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'code' }],
    });
    world.setSignature('no-authenticator');
    await expect(publishStandard(input, orgAdmin, world.deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: /no authenticator app/,
    });
    world.setSignature('locked');
    await expect(publishStandard(input, orgAdmin, world.deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: /Too many wrong attempts/,
    });
    const read = await getStandard(
      { standardId: created.standard.standardId },
      orgAdmin,
      world.deps,
    );
    expect(read.standard.status).toBe('draft');
    expect(world.registry.commits).toBe(commits);
    expect(world.audit.entries).toHaveLength(audited);
  });

  it('lets only an administrator of the organisation publish: an Auditor 403, another organisation 404, nobody asked to sign', async () => {
    const world = setup();
    const created = await draft(world);
    const input = publishInput(created.standard.standardId, 1, created.revision);
    const commits = world.registry.commits;
    await expect(publishStandard(input, auditor, world.deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(publishStandard(input, otherAdmin, world.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(world.signed).toEqual([]);
    expect(world.registry.commits).toBe(commits);
    // A PlatformAdmin publishes any organisation's.
    const published = await publishStandard(input, admin, world.deps);
    expect(published.standard).toMatchObject({ status: 'published', inUse: true });
  });

  it('refuses a version published already and a revision someone changed meanwhile (409)', async () => {
    const world = setup();
    const created = await draft(world);
    const id = created.standard.standardId;
    await expect(
      publishStandard(publishInput(id, 1, created.revision + 1), orgAdmin, world.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /changed by someone else/ });
    const published = await publishStandard(
      publishInput(id, 1, created.revision),
      orgAdmin,
      world.deps,
    );
    await expect(
      publishStandard(publishInput(id, 1, published.revision), orgAdmin, world.deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Version 1 is published already.' });
    await expect(
      publishStandard(publishInput(id, 7, published.revision), orgAdmin, world.deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(world.audit.entries.filter((e) => e.action === 'standard.published')).toHaveLength(1);
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
});
