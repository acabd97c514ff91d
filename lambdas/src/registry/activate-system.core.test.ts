import { describe, expect, it } from 'vitest';
import type { RegistryType } from '../core/ports/registry';
import { activateSystem } from './activate-system.core';
import { deactivateOrganisation } from './deactivate-organisation.core';
import { deactivateSystem } from './deactivate-system.core';
import { as, network } from './organisation-test-network';

/**
 * activate-system: an inactive system made active again by its organisation's own OrgAdmin or a
 * PlatformAdmin, only while the organisation is active (checked again as the change is made).
 */

describe('activate-system', () => {
  it('activates again a system deactivated, each step audited', async () => {
    const { deps, audit } = network();
    const off = await deactivateSystem({ systemId: 'a2', revision: 1 }, as('siteAdmin'), deps);
    expect(off.system).toMatchObject({ status: 'inactive', revision: 2 });
    const on = await activateSystem({ systemId: 'a2', revision: 2 }, as('siteAdmin'), deps);
    expect(on.system.status).toBe('active');
    expect(audit.actions()).toEqual(['system.deactivated', 'system.activated']);
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

  it('refuses through the guard when the organisation is deactivated after it was read', async () => {
    const { deps, registry, audit } = network();
    await deactivateSystem({ systemId: 'd1', revision: 1 }, as('admin'), deps);
    const racing = {
      ...deps,
      registry: {
        snapshot: () => registry.snapshot(),
        get: async <T extends RegistryType>(type: T, id: string) => {
          const found = await registry.get(type, id);
          // The organisation is read active, then deactivated before the change is made.
          if (type === 'organisation') {
            await deactivateOrganisation({ organisationId: 'D', revision: 1 }, as('admin'), deps);
          }
          return found;
        },
      },
    };
    await expect(
      activateSystem({ systemId: 'd1', revision: 2 }, as('admin'), racing),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /Klinik Nord is inactive/ });
    expect((await registry.get('system', 'd1'))?.status).toBe('inactive');
    expect(audit.actions()).toEqual(['system.deactivated', 'organisation.deactivated']);
  });

  it('is its own organisation’s: an Auditor and the other side may not (403), one out of sight 404, nothing written', async () => {
    const { deps, audit, registry } = network();
    await deactivateSystem({ systemId: 'a2', revision: 1 }, as('siteAdmin'), deps);
    const commits = registry.commits;
    for (const [who, code] of [
      ['siteAuditor', 'FORBIDDEN'],
      ['auditorAll', 'FORBIDDEN'],
      ['otherSiteAdmin', 'NOT_FOUND'],
    ] as const) {
      await expect(
        activateSystem({ systemId: 'a2', revision: 2 }, as(who), deps),
        who,
      ).rejects.toMatchObject({ code });
    }
    expect(registry.commits).toBe(commits);
    expect(audit.actions()).toEqual(['system.deactivated']);
    const on = await activateSystem({ systemId: 'a2', revision: 2 }, as('admin'), deps);
    expect(on.system).toMatchObject({ status: 'active', revision: 3 });
    expect(audit.entries.at(-1)).toMatchObject({
      action: 'system.activated',
      organisationId: 'A',
      before: { status: 'inactive' },
      after: { status: 'active' },
    });
  });
});
