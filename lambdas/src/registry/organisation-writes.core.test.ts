import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { claimKeys } from '../core/ports/registry';
import { activateOrganisation } from './activate-organisation.core';
import { createOrganisation } from './create-organisation.core';
import { deactivateOrganisation } from './deactivate-organisation.core';
import { listOrganisations } from './list-organisations.core';
import { as, connectionRecord, network, T2, type Who } from './organisation-test-network';
import { updateOrganisation } from './update-organisation.core';

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
});

describe('update-organisation', () => {
  const change = (who: Who, organisationId: string, changes: object, revision = 1) => {
    const { deps, audit, registry } = network();
    const result = updateOrganisation(
      routes['update-organisation'].request.parse({ organisationId, revision, changes }),
      as(who),
      deps,
    );
    return { result, audit, registry, deps };
  };

  it('lets a PlatformAdmin and the organisation’s own OrgAdmin change its details; 403 to one who sees it, 404 to one who does not', async () => {
    const table: [Who, string, 'ok' | 'FORBIDDEN' | 'NOT_FOUND'][] = [
      ['admin', 'A', 'ok'],
      ['siteAdmin', 'A', 'ok'],
      ['siteAuditor', 'A', 'FORBIDDEN'],
      ['sponsorAdmin', 'A', 'FORBIDDEN'],
      ['auditorAll', 'A', 'FORBIDDEN'],
      ['siteAdmin', 'S', 'FORBIDDEN'],
      ['otherSiteAdmin', 'A', 'NOT_FOUND'],
      ['siteAdmin', 'D', 'NOT_FOUND'],
      ['noOrganisationAdmin', 'A', 'NOT_FOUND'],
      ['admin', 'missing', 'NOT_FOUND'],
    ];
    for (const [who, id, expected] of table) {
      const { result } = change(who, id, { contactEmail: 'new@example.org' });
      if (expected === 'ok') await expect(result, `${who} → ${id}`).resolves.toBeTruthy();
      else await expect(result, `${who} → ${id}`).rejects.toMatchObject({ code: expected });
    }
  });

  it('writes and audits only what changed, with before and after', async () => {
    const { result, audit, registry } = change('siteAdmin', 'A', {
      contactEmail: 'new@example.org',
      name: 'Charité Berlin',
      identifiers: [{ label: 'Site network', value: 'SN-100' }],
    });
    const { organisation } = await result;
    expect(organisation).toMatchObject({
      contactEmail: 'new@example.org',
      revision: 2,
      updatedBy: 'siteAdmin@example.com',
      updatedAt: '2025-06-01T12:00:00.000Z',
    });
    expect(await registry.get('organisation', 'A')).toMatchObject({ revision: 2 });
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'organisation.updated',
        organisationId: 'A',
        before: { contactEmail: 'studien@charite.example' },
        after: { contactEmail: 'new@example.org' },
      }),
    ]);
  });

  it('writes nothing when nothing changes', async () => {
    const { result, audit, registry } = change('admin', 'A', { name: 'Charité Berlin' });
    expect((await result).organisation.revision).toBe(1);
    expect(audit.entries).toEqual([]);
    expect(registry.commits).toBe(0);
  });

  it('refuses a stale revision (409) and writes nothing', async () => {
    const { result, audit } = change('admin', 'A', { contactEmail: 'x@example.org' }, 3);
    await expect(result).rejects.toMatchObject({ code: 'CONFLICT', message: /meanwhile/ });
    expect(audit.entries).toEqual([]);
  });

  it('moves the name claim on a rename; a name taken in the country is a 409 on name', async () => {
    const { result, registry, deps } = change('admin', 'D', { name: 'Klinik Süd' });
    await result;
    expect(registry.claims.has(claimKeys.organisationName('DE', 'Klinik Nord'))).toBe(false);
    expect(registry.claims.has(claimKeys.organisationName('DE', 'Klinik Süd'))).toBe(true);
    // The old name is free again, the new one taken.
    await createOrganisation(
      { name: 'Klinik Nord', kind: 'site', country: 'DE' },
      as('admin'),
      deps,
    );
    await expect(
      updateOrganisation(
        { organisationId: 'A', revision: 1, changes: { name: 'klinik süd' } },
        as('admin'),
        deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'name' }] });
    // Moving country frees the name in the old country.
    await updateOrganisation(
      { organisationId: 'D', revision: 2, changes: { country: 'AT' } },
      as('admin'),
      deps,
    );
    await updateOrganisation(
      { organisationId: 'A', revision: 1, changes: { name: 'Klinik Süd' } },
      as('admin'),
      deps,
    );
  });

  it('a case-only rename keeps its claim', async () => {
    const { result, registry } = change('admin', 'D', { name: 'KLINIK NORD' });
    expect((await result).organisation.name).toBe('KLINIK NORD');
    expect(registry.claims.has(claimKeys.organisationName('DE', 'Klinik Nord'))).toBe(true);
  });

  it('the kind is the PlatformAdmin’s, and never while a study or connection uses it in that role', async () => {
    await expect(change('otherSiteAdmin', 'D', { kind: 'sponsor' }).result).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(change('admin', 'D', { kind: 'sponsor' }).result).resolves.toMatchObject({
      organisation: { kind: 'sponsor' },
    });
    await expect(change('admin', 'S', { kind: 'cro' }).result).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/sponsor of 2 studies \(PROT-T1, PROT-T2\)/) as unknown,
    });
    await expect(change('admin', 'C', { kind: 'sponsor' }).result).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/CRO of 1 study/) as unknown,
    });
    await expect(change('admin', 'B', { kind: 'cro' }).result).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/site of 1 connection/) as unknown,
    });
    await expect(change('admin', 'O', { kind: 'cro' }).result).resolves.toBeTruthy();
  });
});

describe('activate-organisation and deactivate-organisation', () => {
  it('deactivate an unused organisation and activate it again, audited', async () => {
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
});
