import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { claimKeys } from '../core/ports/registry';
import { createOrganisation } from './create-organisation.core';
import { as, network, type Who } from './organisation-test-network';

/** create-organisation (operations.md, "The registry"): the PlatformAdmin's alone; a name unique per country. */

describe('create-organisation', () => {
  it('registers an active organisation, claims its name and audits it', async () => {
    const { deps, registry, audit } = network();
    const input = routes['create-organisation'].request.parse({
      name: 'Universitätsklinikum Köln',
      kind: 'site',
      country: 'de',
      identifiers: [{ label: 'Site network', value: 'KN-7' }],
      contactEmail: 'Studien@Uk-Koeln.example',
    });
    const { organisation } = await createOrganisation(input, as('admin'), deps);
    expect(organisation).toMatchObject({
      name: 'Universitätsklinikum Köln',
      country: 'DE',
      status: 'active',
      revision: 1,
      contactEmail: 'studien@uk-koeln.example',
      createdBy: 'admin@example.com',
      createdAt: '2025-06-01T12:00:00.000Z',
    });
    expect(routes['create-organisation'].response.safeParse({ organisation }).success).toBe(true);
    const stored = await registry.get('organisation', organisation.organisationId);
    expect(stored).toMatchObject({ name: organisation.name, revision: 1 });
    expect(registry.claims.has(claimKeys.organisationName('DE', 'universitätsklinikum köln'))).toBe(
      true,
    );
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'organisation.created',
        outcome: 'success',
        actor: { sub: 'admin-sub', email: 'admin@example.com', role: 'PlatformAdmin' },
        target: { type: 'organisation', id: organisation.organisationId, label: organisation.name },
        organisationId: organisation.organisationId,
        after: expect.objectContaining({
          name: organisation.name,
          kind: 'site',
          country: 'DE',
        }) as unknown,
      }),
    ]);
  });

  it('refuses a name its country already has, in any case or spacing (409 on name)', async () => {
    const { deps, audit } = network();
    await expect(
      createOrganisation({ name: 'KLINIK  nord', kind: 'site', country: 'DE' }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'name' }] });
    // Another country may have one of the same name.
    await createOrganisation(
      { name: 'Klinik Nord', kind: 'site', country: 'AT' },
      as('admin'),
      deps,
    );
    expect(audit.actions()).toEqual(['organisation.created']);
  });

  it('is the PlatformAdmin’s alone', async () => {
    const { deps, audit } = network();
    for (const who of ['auditorAll', 'sponsorAdmin', 'siteAdmin'] as Who[]) {
      await expect(
        createOrganisation({ name: 'Self-made', kind: 'site', country: 'DE' }, as(who), deps),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(audit.entries).toEqual([]);
  });

  it('writes nothing on a refusal: no record, no claim, no audit record', async () => {
    const { deps, audit, registry } = network();
    const commits = registry.commits;
    const claims = [...registry.claims.keys()];
    await expect(
      createOrganisation({ name: 'Self-made', kind: 'site', country: 'DE' }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      createOrganisation({ name: 'klinik  NORD', kind: 'site', country: 'DE' }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'name' }] });
    expect(registry.commits).toBe(commits);
    expect([...registry.claims.keys()]).toEqual(claims);
    expect(audit.entries).toEqual([]);
  });
});
