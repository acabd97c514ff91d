import { describe, expect, it } from 'vitest';
import { activateSystem } from './activate-system.core';
import { deactivateSystem } from './deactivate-system.core';
import { as, connectionRecord, network, T2 } from './organisation-test-network';

/**
 * deactivate-system (operations.md, "Nothing referenced is deleted"): by its organisation's own
 * OrgAdmin or a PlatformAdmin; refused (409, naming them) while an open connection uses it, also
 * one that began after the snapshot was read.
 */

describe('deactivate-system', () => {
  it('deactivates an unused system, audited in its organisation’s trail', async () => {
    const { deps, audit, registry } = network();
    const off = await deactivateSystem({ systemId: 'a2', revision: 1 }, as('siteAdmin'), deps);
    expect(off.system).toMatchObject({ systemId: 'a2', status: 'inactive', revision: 2 });
    expect((await registry.get('system', 'a2'))?.status).toBe('inactive');
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'system.deactivated',
        outcome: 'success',
        organisationId: 'A',
        before: { status: 'active' },
        after: { status: 'inactive' },
      }),
    ]);
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

  it('writes nothing on a refusal', async () => {
    const { deps, audit, registry } = network();
    const commits = registry.commits;
    await expect(
      deactivateSystem({ systemId: 'a1', revision: 1 }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      deactivateSystem({ systemId: 'a2', revision: 1 }, as('siteAuditor'), deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      deactivateSystem({ systemId: 'a2', revision: 5 }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(registry.commits).toBe(commits);
    expect(audit.entries).toEqual([]);
  });
});
