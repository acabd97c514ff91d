import { describe, expect, it } from 'vitest';
import { AppError, ForbiddenError, NotFoundError } from '../core/errors';
import { claimKeys } from '../core/ports/registry';
import { createStudy } from './study-create.core';
import { network, ORG, WHO, type Who } from '../core/testing/connection-test-network';

const body = (more: Partial<Parameters<typeof createStudy>[0]> = {}) => ({
  sponsorOrganisationId: ORG.sponsor.organisationId,
  croOrganisationId: ORG.cro.organisationId,
  protocolNumber: 'NEW-100',
  title: 'A new trial',
  phase: 'phase-2' as const,
  ...more,
});

describe('create-study', () => {
  it('registers a planned study of the sponsor, claims its protocol number and audits it for sponsor and CRO', async () => {
    const { deps, registry, audit } = network();
    const { study } = await createStudy(body(), WHO.sponsorAdmin, deps);
    expect(study).toEqual({
      studyId: 'id-2',
      sponsorOrganisationId: ORG.sponsor.organisationId,
      sponsorName: 'Acme Pharma',
      croOrganisationId: ORG.cro.organisationId,
      croName: 'Quick CRO',
      protocolNumber: 'NEW-100',
      title: 'A new trial',
      phase: 'phase-2',
      status: 'planned',
      revision: 1,
      createdAt: '2025-03-01T09:00:00.000Z',
      createdBy: 'sponsor@example.com',
      updatedAt: '2025-03-01T09:00:00.000Z',
      updatedBy: 'sponsor@example.com',
    });
    expect(await registry.get('study', 'id-2')).toMatchObject({
      status: 'planned',
      writeId: 'id-1',
    });
    expect(
      registry.claims.has(claimKeys.studyProtocol(ORG.sponsor.organisationId, 'new-100')),
    ).toBe(true);
    // Audited once (issue 37), in the sponsor's trail and the CRO's.
    expect(audit.entries.map((e) => [e.action, e.organisationId, e.alsoFor])).toEqual([
      ['study.created', ORG.sponsor.organisationId, [ORG.cro.organisationId]],
    ]);
    expect(audit.entries[0]).toMatchObject({
      target: { type: 'study', id: 'id-2', label: 'NEW-100' },
      after: {
        protocolNumber: 'NEW-100',
        status: 'planned',
        croOrganisationId: ORG.cro.organisationId,
      },
    });
  });

  it('without a CRO, for a PlatformAdmin', async () => {
    const { deps, audit } = network();
    const { study } = await createStudy(body({ croOrganisationId: null }), WHO.platformAdmin, deps);
    expect(study.croOrganisationId).toBeNull();
    expect(study.croName).toBeNull();
    expect(audit.entries.map((e) => e.organisationId)).toEqual([ORG.sponsor.organisationId]);
  });

  it.each<[Who, 'ok' | 403]>([
    ['platformAdmin', 'ok'],
    ['sponsorAdmin', 'ok'],
    ['croAdmin', 403],
    ['siteAdmin', 403],
    ['otherSponsorAdmin', 403],
    ['unrelatedAdmin', 403],
    ['auditorAll', 403],
    ['siteAuditor', 403],
  ])("for Acme Pharma's: %s → %s", async (who, want) => {
    const got = await createStudy(body(), WHO[who], network().deps).then(
      () => 'ok',
      (err: unknown) => (err instanceof ForbiddenError ? 403 : err),
    );
    expect(got).toBe(want);
  });

  it('an OrgAdmin of a CRO or a site makes no studies for their own organisation either', async () => {
    await expect(
      createStudy(
        body({ sponsorOrganisationId: ORG.site.organisationId, croOrganisationId: null }),
        WHO.siteAdmin,
        network().deps,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'sponsorOrganisationId' }],
    });
    await expect(
      createStudy(
        body({ sponsorOrganisationId: ORG.cro.organisationId, croOrganisationId: null }),
        WHO.croAdmin,
        network().deps,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'sponsorOrganisationId' }],
    });
  });

  it('an unknown sponsor is 404 for a PlatformAdmin', async () => {
    await expect(
      createStudy(body({ sponsorOrganisationId: 'nope' }), WHO.platformAdmin, network().deps),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a protocol number is the sponsor’s once, in any case (409 on the field); another sponsor may use it', async () => {
    const { deps, audit } = network();
    await expect(
      createStudy(body({ protocolNumber: 'abc-001' }), WHO.sponsorAdmin, deps),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Acme Pharma already has a study with the protocol number abc-001.',
      fields: [{ path: 'protocolNumber' }],
    });
    expect(audit.entries).toEqual([]);
    const { study } = await createStudy(
      body({
        sponsorOrganisationId: ORG.otherSponsor.organisationId,
        croOrganisationId: null,
        protocolNumber: 'ABC-001',
      }),
      WHO.otherSponsorAdmin,
      deps,
    );
    expect(study.protocolNumber).toBe('ABC-001');
  });

  it('two creations at once with one protocol number: the claim lets one win', async () => {
    const { deps, registry } = network();
    const snapshot = await registry.snapshot();
    await createStudy(body(), WHO.sponsorAdmin, deps);
    const late = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(
      createStudy(body({ protocolNumber: 'new-100' }), WHO.platformAdmin, late),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'protocolNumber' }] });
    expect((await registry.snapshot()).studies.size).toBe(4);
  });

  it('the sponsor must be active; the CRO an active CRO', async () => {
    const inactive = network();
    inactive.registry.seed([
      { type: 'organisation', record: { ...ORG.sponsor, status: 'inactive' } },
    ]);
    await expect(createStudy(body(), WHO.platformAdmin, inactive.deps)).rejects.toMatchObject({
      code: 'CONFLICT',
      fields: [{ path: 'sponsorOrganisationId' }],
    });
    for (const croOrganisationId of [
      ORG.site.organisationId,
      ORG.otherSponsor.organisationId,
      'nope',
    ]) {
      await expect(
        createStudy(body({ croOrganisationId }), WHO.sponsorAdmin, network().deps),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [
          {
            path: 'croOrganisationId',
            message: 'croOrganisationId must name an active CRO organisation.',
          },
        ],
      });
    }
    const croOff = network();
    croOff.registry.seed([{ type: 'organisation', record: { ...ORG.cro, status: 'inactive' } }]);
    await expect(createStudy(body(), WHO.sponsorAdmin, croOff.deps)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Quick CRO is inactive; name an active CRO.',
    });
    // An inactive CRO the sponsor does not see (the CRO directory lists active ones only) is
    // answered like a missing one, never named.
    const unseen = network();
    unseen.registry.seed([
      { type: 'organisation', record: { ...ORG.otherCro, status: 'inactive' } },
    ]);
    await expect(
      createStudy(
        body({ croOrganisationId: ORG.otherCro.organisationId }),
        WHO.sponsorAdmin,
        unseen.deps,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'croOrganisationId',
          message: 'croOrganisationId must name an active CRO organisation.',
        },
      ],
    });
  });

  it('a sponsor deactivated between the check and the write stops it', async () => {
    const { deps, registry } = network();
    const snapshot = await registry.snapshot();
    registry.seed([{ type: 'organisation', record: { ...ORG.sponsor, status: 'inactive' } }]);
    const late = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(createStudy(body(), WHO.sponsorAdmin, late)).rejects.toThrow(
      'Acme Pharma was deactivated meanwhile.',
    );
  });

  it('a store that fails leaves nothing behind', async () => {
    const { deps, registry, audit } = network();
    registry.failNext = new AppError('SERVICE_UNAVAILABLE', 'down');
    await expect(createStudy(body(), WHO.sponsorAdmin, deps)).rejects.toThrow('down');
    expect(audit.entries).toEqual([]);
    expect((await registry.snapshot()).studies.size).toBe(3);
  });
});
