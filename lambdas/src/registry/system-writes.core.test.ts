import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { activateSystem } from './activate-system.core';
import { createSystem } from './create-system.core';
import { deactivateOrganisation } from './deactivate-organisation.core';
import { deactivateSystem } from './deactivate-system.core';
import { as, connectionRecord, network, T2, type Who } from './organisation-test-network';
import { updateSystem } from './update-system.core';
import type { RegistryType } from '../core/ports/registry';

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
});

describe('update-system', () => {
  it('changes and audits only what changed', async () => {
    const { deps, audit } = network();
    const { system } = await updateSystem(
      { systemId: 'a1', revision: 1, changes: { name: 'Florence eBinders', environment: 'test' } },
      as('siteAdmin'),
      deps,
    );
    expect(system).toMatchObject({
      environment: 'test',
      revision: 2,
      organisationName: 'Charité Berlin',
    });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'system.updated',
        organisationId: 'A',
        before: { environment: 'production' },
        after: { environment: 'test' },
      }),
    ]);
  });

  it('per role: the sponsor sees the site system its connection uses but may not change it', async () => {
    const table: [Who, string, 'ok' | 'FORBIDDEN' | 'NOT_FOUND'][] = [
      ['admin', 'a1', 'ok'],
      ['siteAdmin', 'a2', 'ok'],
      ['sponsorAdmin', 'a1', 'FORBIDDEN'],
      ['sponsorAdmin', 'a2', 'NOT_FOUND'],
      ['siteAuditor', 'a1', 'FORBIDDEN'],
      ['otherSiteAdmin', 'a1', 'NOT_FOUND'],
      ['admin', 'missing', 'NOT_FOUND'],
    ];
    for (const [who, id, expected] of table) {
      const { deps } = network();
      const result = updateSystem(
        { systemId: id, revision: 1, changes: { vendor: 'Other' } },
        as(who),
        deps,
      );
      if (expected === 'ok') await expect(result, `${who} → ${id}`).resolves.toBeTruthy();
      else await expect(result, `${who} → ${id}`).rejects.toMatchObject({ code: expected });
    }
  });

  it('renames only to a name the organisation has free, and frees the old one', async () => {
    const { deps } = network();
    await expect(
      updateSystem(
        { systemId: 'a2', revision: 1, changes: { name: 'FLORENCE eBinders' } },
        as('admin'),
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await updateSystem(
      { systemId: 'a1', revision: 1, changes: { name: 'Binders' } },
      as('admin'),
      deps,
    );
    await expect(
      updateSystem(
        { systemId: 'a2', revision: 1, changes: { name: 'Florence eBinders' } },
        as('admin'),
        deps,
      ),
    ).resolves.toMatchObject({ system: { name: 'Florence eBinders', revision: 2 } });
  });

  it('refuses a stale revision', async () => {
    const { deps, audit } = network();
    await expect(
      updateSystem({ systemId: 'a2', revision: 2, changes: { vendor: 'X' } }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(audit.entries).toEqual([]);
  });
});

describe('activate-system and deactivate-system', () => {
  it('deactivate an unused system and activate it again', async () => {
    const { deps, audit } = network();
    const off = await deactivateSystem({ systemId: 'a2', revision: 1 }, as('siteAdmin'), deps);
    expect(off.system).toMatchObject({ status: 'inactive', revision: 2 });
    const on = await activateSystem({ systemId: 'a2', revision: 2 }, as('siteAdmin'), deps);
    expect(on.system.status).toBe('active');
    expect(audit.actions()).toEqual(['system.deactivated', 'system.activated']);
  });

  it('refuse to deactivate a system an open connection uses, naming the connections', async () => {
    const { deps } = network();
    for (const [id, who] of [
      ['a1', 'siteAdmin'],
      ['s1', 'sponsorAdmin'],
    ] as const) {
      await expect(
        deactivateSystem({ systemId: id, revision: 1 }, as(who), deps),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining(
          'is used by 1 open connection: PROT-T1 at Charité Berlin (site 101)',
        ) as unknown,
      });
    }
    // b1's connection ended.
    await deactivateSystem({ systemId: 'b1', revision: 1 }, as('admin'), deps);
  });

  it('refuse through the guard when a connection began using it after the snapshot was read', async () => {
    const { deps, registry } = network();
    const snapshot = await registry.snapshot();
    registry.seed([
      {
        type: 'connection',
        record: connectionRecord('late', T2, 'D', '301', ['s1', 'd1'], 'active'),
      },
    ]);
    registry.uses.set('system#d1', 1);
    const stale = {
      ...deps,
      registry: { get: registry.get.bind(registry), snapshot: () => Promise.resolve(snapshot) },
    };
    await expect(
      deactivateSystem({ systemId: 'd1', revision: 1 }, as('admin'), stale),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /open connection made meanwhile/,
    });
  });

  it('activate only while the organisation is active', async () => {
    const { deps } = network();
    await expect(
      activateSystem({ systemId: 'i1', revision: 1 }, as('admin'), deps),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /Inactive Clinic is inactive/,
    });
  });

  it('per role: own OrgAdmin and PlatformAdmin; Auditors and the other side may not', async () => {
    const { deps } = network();
    await expect(
      deactivateSystem({ systemId: 'a2', revision: 1 }, as('siteAuditor'), deps),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      deactivateSystem({ systemId: 'a1', revision: 1 }, as('sponsorAdmin'), deps),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      deactivateSystem({ systemId: 'd1', revision: 1 }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      activateSystem({ systemId: 'a2', revision: 1 }, as('admin'), deps),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Archive is already active.',
    });
  });
});
