import { describe, expect, it } from 'vitest';
import { activateOrganisation } from './activate-organisation.core';
import { deactivateOrganisation } from './deactivate-organisation.core';
import { listOrganisations } from './list-organisations.core';
import { as, network } from './organisation-test-network';

/** activate-organisation (PlatformAdmin): an inactive organisation made active again, audited. */

describe('activate-organisation', () => {
  it('activates an inactive organisation, audited in its own trail with before and after', async () => {
    const { deps, audit } = network();
    const on = await activateOrganisation({ organisationId: 'I', revision: 1 }, as('admin'), deps);
    expect(on.organisation).toMatchObject({ organisationId: 'I', status: 'active', revision: 2 });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'organisation.activated',
        outcome: 'success',
        organisationId: 'I',
        actor: expect.objectContaining({ email: 'admin@example.com' }) as unknown,
        before: { status: 'inactive' },
        after: { status: 'active' },
      }),
    ]);
    expect((await listOrganisations({ status: 'inactive' }, as('admin'), deps)).total).toBe(0);
  });

  it('activates again an organisation deactivated, each step audited', async () => {
    const { deps, audit } = network();
    const off = await deactivateOrganisation(
      { organisationId: 'D', revision: 1 },
      as('admin'),
      deps,
    );
    expect(off.organisation).toMatchObject({ status: 'inactive', revision: 2 });
    const on = await activateOrganisation({ organisationId: 'D', revision: 2 }, as('admin'), deps);
    expect(on.organisation).toMatchObject({ status: 'active', revision: 3 });
    expect(audit.entries.map((e) => [e.action, e.before, e.after, e.organisationId])).toEqual([
      ['organisation.deactivated', { status: 'active' }, { status: 'inactive' }, 'D'],
      ['organisation.activated', { status: 'inactive' }, { status: 'active' }, 'D'],
    ]);
    const inactive = await listOrganisations({ status: 'inactive' }, as('admin'), deps);
    expect(inactive.organisations.map((o) => o.organisationId)).toEqual(['I']);
  });

  it('are the PlatformAdmin’s; refuse a stale revision and a status it already has', async () => {
    const { deps } = network();
    await expect(
      deactivateOrganisation({ organisationId: 'D', revision: 1 }, as('otherSiteAdmin'), deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      activateOrganisation({ organisationId: 'I', revision: 1 }, as('auditorAll'), deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      deactivateOrganisation({ organisationId: 'D', revision: 1 }, as('siteAdmin'), deps),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      deactivateOrganisation({ organisationId: 'D', revision: 2 }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      activateOrganisation({ organisationId: 'D', revision: 1 }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Klinik Nord is already active.' });
  });

  it('writes nothing on a refusal', async () => {
    const { deps, audit, registry } = network();
    const commits = registry.commits;
    for (const [who, revision] of [
      ['siteAdmin', 1],
      ['admin', 2],
    ] as const) {
      await expect(
        activateOrganisation({ organisationId: 'I', revision }, as(who), deps),
      ).rejects.toThrow();
    }
    expect(registry.commits).toBe(commits);
    expect((await registry.get('organisation', 'I'))?.status).toBe('inactive');
    expect(audit.entries).toEqual([]);
  });
});
