import { describe, expect, it } from 'vitest';
import { deactivateOrganisation } from './deactivate-organisation.core';
import { as, connectionRecord, network, T2 } from './organisation-test-network';

/**
 * deactivate-organisation (operations.md, "Nothing referenced is deleted"): the PlatformAdmin's;
 * refused (409, naming them) while an open connection uses the organisation, also one opened
 * after the snapshot was read; its systems keep their own status.
 */

describe('deactivate-organisation', () => {
  it('deactivates an unused organisation, audited with before and after; its systems keep their status', async () => {
    const { deps, audit, registry } = network();
    const off = await deactivateOrganisation(
      { organisationId: 'D', revision: 1 },
      as('admin'),
      deps,
    );
    expect(off.organisation).toMatchObject({
      organisationId: 'D',
      status: 'inactive',
      revision: 2,
    });
    expect(await registry.get('organisation', 'D')).toMatchObject({
      status: 'inactive',
      updatedBy: 'admin@example.com',
    });
    expect((await registry.get('system', 'd1'))?.status).toBe('active');
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'organisation.deactivated',
        outcome: 'success',
        organisationId: 'D',
        before: { status: 'active' },
        after: { status: 'inactive' },
      }),
    ]);
  });

  it('refuse while an open connection uses it, naming the connections', async () => {
    const { deps, audit } = network();
    for (const id of ['A', 'S', 'C']) {
      await expect(
        deactivateOrganisation({ organisationId: id, revision: 1 }, as('admin'), deps),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining(
          '1 open connection: PROT-T1 at Charité Berlin (site 101)',
        ) as unknown,
      });
    }
    // Site B's connection ended: it may go.
    await deactivateOrganisation({ organisationId: 'B', revision: 1 }, as('admin'), deps);
    expect(audit.actions()).toEqual(['organisation.deactivated']);
  });

  it('refuse through the guard when a connection opened after the snapshot was read', async () => {
    const { deps, registry } = network();
    // The snapshot is read, then an invitation to D is made before the change.
    const snapshot = await registry.snapshot();
    const invitation = connectionRecord('late', T2, 'D', '301', ['s1', null], 'invited');
    registry.seed([{ type: 'connection', record: invitation }]);
    registry.uses.set('organisation#D', 1);
    const stale = {
      ...deps,
      registry: { get: registry.get.bind(registry), snapshot: () => Promise.resolve(snapshot) },
    };
    await expect(
      deactivateOrganisation({ organisationId: 'D', revision: 1 }, as('admin'), stale),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: /open connection made meanwhile/ });
    expect((await registry.get('organisation', 'D'))?.status).toBe('active');
  });

  it('is the PlatformAdmin’s; refuses a stale revision and an organisation inactive already, writing nothing', async () => {
    const { deps, audit, registry } = network();
    const commits = registry.commits;
    for (const [who, organisationId, revision, code] of [
      ['otherSiteAdmin', 'D', 1, 'FORBIDDEN'],
      ['auditorAll', 'D', 1, 'FORBIDDEN'],
      ['siteAdmin', 'D', 1, 'NOT_FOUND'],
      ['admin', 'D', 2, 'CONFLICT'],
      ['admin', 'I', 1, 'CONFLICT'],
      ['admin', 'missing', 1, 'NOT_FOUND'],
    ] as const) {
      await expect(
        deactivateOrganisation({ organisationId, revision }, as(who), deps),
        `${who} ${organisationId}`,
      ).rejects.toMatchObject({ code });
    }
    expect(registry.commits).toBe(commits);
    expect(audit.entries).toEqual([]);
  });
});
