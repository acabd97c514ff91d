import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { claimKeys } from '../core/ports/registry';
import { createOrganisation } from './create-organisation.core';
import { as, network, type Who } from './organisation-test-network';
import { updateOrganisation } from './update-organisation.core';

/**
 * update-organisation (operations.md, "The registry"): its details by a PlatformAdmin or its own
 * OrgAdmin (403 to one who sees it, 404 to one who does not), only what changed written and
 * audited, at the revision seen; its kind the PlatformAdmin's, never while in use in that role.
 */

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
