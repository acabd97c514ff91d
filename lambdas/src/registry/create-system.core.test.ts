import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { RegistryType } from '../core/ports/registry';
import { createSystem } from './create-system.core';
import { deactivateOrganisation } from './deactivate-organisation.core';
import { as, network, type Who } from './organisation-test-network';

/**
 * create-system (operations.md, "The registry"): a system of an active organisation, by its own
 * OrgAdmin or a PlatformAdmin (403 in sight, 404 out of it), its name unique there (any case),
 * audited in the organisation's trail.
 */

const input = (organisationId: string) =>
  routes['create-system'].request.parse({
    organisationId,
    name: 'Second eISF',
    kind: 'eisf',
    vendor: 'Florence',
    product: 'eBinders',
    environment: 'validation',
    technicalContactEmail: 'IT@example.org',
  });

describe('create-system', () => {
  it('registers an active system of the organisation, audited in its trail', async () => {
    const { deps, audit, registry } = network();
    const { system } = await createSystem(input('A'), as('siteAdmin'), deps);
    expect(system).toMatchObject({
      organisationId: 'A',
      organisationName: 'Charité Berlin',
      status: 'active',
      revision: 1,
      technicalContactEmail: 'it@example.org',
      createdBy: 'siteAdmin@example.com',
    });
    expect(routes['create-system'].response.safeParse({ system }).success).toBe(true);
    expect(await registry.get('system', system.systemId)).toMatchObject({ name: 'Second eISF' });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'system.created',
        organisationId: 'A',
        target: { type: 'system', id: system.systemId, label: 'Second eISF' },
        after: expect.objectContaining({ organisationId: 'A', vendor: 'Florence' }) as unknown,
      }),
    ]);
  });

  it("refuses a name the organisation's systems already have (any case), on the field", async () => {
    const { deps, audit } = network();
    await expect(
      createSystem({ ...input('A'), name: 'FLORENCE  eBinders' }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Charité Berlin already has a system named FLORENCE  eBinders.',
      fields: [expect.objectContaining({ path: 'name' })],
    });
    // Another organisation may use the name.
    await expect(
      createSystem({ ...input('D'), name: 'Florence eBinders' }, as('admin'), deps),
    ).resolves.toBeTruthy();
    expect(audit.actions()).toEqual(['system.created']);
  });

  it('per role and organisation: own OrgAdmin or PlatformAdmin; 403 in sight, 404 out of it', async () => {
    const table: [Who, string, 'ok' | 'FORBIDDEN' | 'NOT_FOUND'][] = [
      ['admin', 'D', 'ok'],
      ['otherSiteAdmin', 'D', 'ok'],
      ['siteAdmin', 'A', 'ok'],
      ['siteAuditor', 'A', 'FORBIDDEN'],
      ['auditorAll', 'A', 'FORBIDDEN'],
      ['sponsorAdmin', 'A', 'FORBIDDEN'],
      ['siteAdmin', 'S', 'FORBIDDEN'],
      ['siteAdmin', 'D', 'NOT_FOUND'],
      ['noOrganisationAdmin', 'A', 'NOT_FOUND'],
      ['admin', 'missing', 'NOT_FOUND'],
    ];
    for (const [who, id, expected] of table) {
      const { deps } = network();
      const result = createSystem(input(id), as(who), deps);
      if (expected === 'ok') await expect(result, `${who} → ${id}`).resolves.toBeTruthy();
      else await expect(result, `${who} → ${id}`).rejects.toMatchObject({ code: expected });
    }
  });

  it('refuses an inactive organisation, also one deactivated after the snapshot was read', async () => {
    const { deps, registry } = network();
    await expect(createSystem(input('I'), as('admin'), deps)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /Inactive Clinic is inactive/,
    });
    const snapshot = await registry.snapshot();
    const current = await registry.get('organisation', 'D');
    // Read as active (get), then deactivated before the change is made.
    let reads = 0;
    const racing = {
      ...deps,
      registry: {
        snapshot: () => Promise.resolve(snapshot),
        get: async <T extends RegistryType>(type: T, id: string) => {
          reads += 1;
          const found = await registry.get(type, id);
          await deactivateOrganisation({ organisationId: 'D', revision: 1 }, as('admin'), deps);
          return found;
        },
      },
    };
    expect(current?.status).toBe('active');
    await expect(createSystem(input('D'), as('admin'), racing)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /Klinik Nord is inactive/,
    });
    expect(reads).toBe(1);
  });

  it('writes nothing on a refusal: no record, no claim, no audit record', async () => {
    const { deps, audit, registry } = network();
    const commits = registry.commits;
    const claims = [...registry.claims.keys()];
    for (const [who, id] of [
      ['siteAuditor', 'A'],
      ['siteAdmin', 'D'],
      ['admin', 'I'],
    ] as const) {
      await expect(createSystem(input(id), as(who), deps)).rejects.toMatchObject({
        code: expect.stringMatching(/FORBIDDEN|NOT_FOUND|CONFLICT/) as unknown,
      });
    }
    expect(registry.commits).toBe(commits);
    expect([...registry.claims.keys()]).toEqual(claims);
    expect(audit.entries).toEqual([]);
  });
});
