import { describe, expect, it } from 'vitest';
import { as, network, type Who } from './organisation-test-network';
import { updateSystem } from './update-system.core';

/**
 * update-system (operations.md, "The registry"): a system's details by its organisation's own
 * OrgAdmin or a PlatformAdmin, only what changed written and audited, at the revision seen; a
 * rename only to a name the organisation has free.
 */

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
