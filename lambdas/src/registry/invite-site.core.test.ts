import { describe, expect, it } from 'vitest';
import { AppError, ForbiddenError, NotFoundError } from '../core/errors';
import { claimKeys } from '../core/ports/registry';
import { endConnection } from './connection-steps.core';
import { inviteSite } from './invite-site.core';
import {
  connection,
  network,
  ORG,
  STUDY,
  SYS,
  WHO,
  type Who,
} from '../core/testing/connection-test-network';

const body = (more: Partial<Parameters<typeof inviteSite>[0]> = {}) => ({
  studyId: STUDY.main.studyId,
  siteOrganisationId: ORG.site.organisationId,
  siteNumber: '101',
  country: 'DE',
  principalInvestigator: 'Dr. Jana Müller',
  sponsorSystemId: SYS.sponsor.systemId,
  ...more,
});

describe('invite-site', () => {
  it('opens an invitation: the record, its history, its claim, its uses and an audit record per party', async () => {
    const { deps, registry, audit } = network();
    const { connection: out } = await inviteSite(body(), WHO.sponsorAdmin, deps);
    expect(out).toMatchObject({
      connectionId: 'id-2',
      studyId: STUDY.main.studyId,
      protocolNumber: 'ABC-001',
      studyTitle: 'A randomised trial of made-up medicine',
      sponsorOrganisationId: ORG.sponsor.organisationId,
      sponsorName: 'Acme Pharma',
      croOrganisationId: ORG.cro.organisationId,
      siteOrganisationId: ORG.site.organisationId,
      siteName: 'Charité Berlin',
      siteNumber: '101',
      country: 'DE',
      principalInvestigator: 'Dr. Jana Müller',
      sponsorSystemId: SYS.sponsor.systemId,
      sponsorSystemName: 'Acme CTMS',
      siteSystemId: null,
      siteSystemName: null,
      status: 'invited',
      suspendedBy: null,
      revision: 1,
      createdBy: 'sponsor@example.com',
      history: [
        {
          status: 'invited',
          at: '2025-03-01T09:00:00.000Z',
          by: 'sponsor@example.com',
          side: 'sponsor',
          reason: null,
        },
      ],
    });
    expect(await registry.get('connection', 'id-2')).toMatchObject({
      status: 'invited',
      writeId: 'id-1',
    });
    expect(
      registry.claims.has(claimKeys.openConnection(STUDY.main.studyId, ORG.site.organisationId)),
    ).toBe(true);
    expect(Object.fromEntries(registry.uses)).toEqual({
      [`study#${STUDY.main.studyId}`]: 1,
      [`organisation#${ORG.sponsor.organisationId}`]: 1,
      [`organisation#${ORG.cro.organisationId}`]: 1,
      [`organisation#${ORG.site.organisationId}`]: 1,
      [`system#${SYS.sponsor.systemId}`]: 1,
    });
    // One record (issue 37), in the sponsor's, the CRO's and the site's trail.
    expect(audit.entries.map((e) => [e.organisationId, e.alsoFor])).toEqual([
      [ORG.sponsor.organisationId, [ORG.cro.organisationId, ORG.site.organisationId]],
    ]);
    expect(audit.entries[0]).toMatchObject({
      action: 'connection.invited',
      outcome: 'success',
      actor: { email: 'sponsor@example.com', role: 'OrgAdmin' },
      target: { type: 'connection', id: 'id-2', label: 'ABC-001 · Charité Berlin' },
      after: {
        studyId: STUDY.main.studyId,
        siteOrganisationId: ORG.site.organisationId,
        siteNumber: '101',
        sponsorSystemId: SYS.sponsor.systemId,
        status: 'invited',
      },
      requestId: 'req-1',
      source: { ip: '203.0.113.7', userAgent: 'vitest' },
    });
  });

  it('the CRO acting for the sponsor invites too, with its own system, and is recorded as the sponsor side', async () => {
    const { deps } = network();
    const { connection: out } = await inviteSite(
      body({ sponsorSystemId: SYS.cro.systemId }),
      WHO.croAdmin,
      deps,
    );
    expect(out.history[0]?.side).toBe('sponsor');
    expect(out.sponsorSystemId).toBe(SYS.cro.systemId);
  });

  const outcome = (who: Who, studyId: string) =>
    inviteSite(
      body({ studyId, sponsorSystemId: SYS.sponsor.systemId }),
      WHO[who],
      network().deps,
    ).then(
      () => 'ok',
      (err: unknown) =>
        err instanceof NotFoundError ? 404 : err instanceof ForbiddenError ? 403 : err,
    );

  it.each<[Who, 'ok' | 403 | 404]>([
    ['platformAdmin', 'ok'],
    ['sponsorAdmin', 'ok'],
    ['croAdmin', 'ok'],
    ['siteAdmin', 404],
    ['otherSponsorAdmin', 404],
    ['unrelatedAdmin', 404],
    ['auditorAll', 403],
    ['siteAuditor', 404],
  ])('on a study the site is not connected to yet: %s → %s', async (who, want) => {
    expect(await outcome(who, STUDY.main.studyId)).toBe(want);
  });

  it('a site that sees the study through its connection still may not invite (403)', async () => {
    const open = connection('conn-0', STUDY.main, ORG.site.organisationId, {
      siteNumber: '100',
      status: 'ended',
    });
    const { deps } = network([{ type: 'connection', record: open }]);
    await expect(
      inviteSite(body({ siteOrganisationId: ORG.otherSite.organisationId }), WHO.siteAdmin, deps),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      inviteSite(body({ siteOrganisationId: ORG.otherSite.organisationId }), WHO.siteAuditor, deps),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('a site is invited to a study once while a connection is open, again after it ended', async () => {
    const { deps, registry } = network();
    const first = await inviteSite(body(), WHO.sponsorAdmin, deps);
    const again = inviteSite(body({ siteNumber: '102' }), WHO.croAdmin, deps);
    await expect(again).rejects.toMatchObject({
      code: 'CONFLICT',
      message:
        'Charité Berlin already has an open connection to ABC-001 (site 101, invited); it can be invited again once that one has ended or was declined.',
      fields: [{ path: 'siteOrganisationId' }],
    });
    // Another site, and the same site on another study, are fine.
    await inviteSite(
      body({ siteOrganisationId: ORG.otherSite.organisationId, siteNumber: '201' }),
      WHO.sponsorAdmin,
      deps,
    );
    await inviteSite(body({ studyId: STUDY.own.studyId }), WHO.sponsorAdmin, deps);

    await endConnection(
      { connectionId: first.connection.connectionId, revision: 1, reason: 'Withdrawn' },
      WHO.sponsorAdmin,
      deps,
    );
    const reinvited = await inviteSite(body({ siteNumber: '103' }), WHO.croAdmin, deps);
    expect(reinvited.connection.status).toBe('invited');
    expect(registry.uses.get(`organisation#${ORG.site.organisationId}`)).toBe(2);
  });

  it('a site number names one open study site of a study, free again once that one ended', async () => {
    const { deps } = network();
    const first = await inviteSite(body({ siteNumber: 'S-01' }), WHO.sponsorAdmin, deps);
    const clash = inviteSite(
      body({ siteOrganisationId: ORG.otherSite.organisationId, siteNumber: 's-01' }),
      WHO.sponsorAdmin,
      deps,
    );
    await expect(clash).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Site number s-01 is already used by an open connection of ABC-001.',
      fields: [{ path: 'siteNumber' }],
    });
    // The same number on another study is another site list.
    await inviteSite(
      body({
        studyId: STUDY.own.studyId,
        siteOrganisationId: ORG.otherSite.organisationId,
        siteNumber: 'S-01',
      }),
      WHO.sponsorAdmin,
      deps,
    );
    await endConnection(
      { connectionId: first.connection.connectionId, revision: 1, reason: 'Withdrawn' },
      WHO.sponsorAdmin,
      deps,
    );
    const reused = await inviteSite(
      body({ siteOrganisationId: ORG.otherSite.organisationId, siteNumber: 'S-01' }),
      WHO.sponsorAdmin,
      deps,
    );
    expect(reused.connection.siteNumber).toBe('S-01');
  });

  it('two invitations at once: the claim lets one win', async () => {
    const { deps, registry } = network();
    const snapshot = await registry.snapshot();
    await inviteSite(body(), WHO.sponsorAdmin, deps);
    // The second read its snapshot before the first was made.
    const late = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(inviteSite(body({ siteNumber: '102' }), WHO.croAdmin, late)).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        fields: [{ path: 'siteOrganisationId' }],
      },
    );
  });

  it('refuses a closed study (409), guarded against closing meanwhile', async () => {
    const { deps, registry } = network();
    registry.seed([{ type: 'study', record: { ...STUDY.main, status: 'closed' } }]);
    await expect(inviteSite(body(), WHO.sponsorAdmin, deps)).rejects.toThrow(
      'The study ABC-001 is closed; it takes no invitations.',
    );
    const fresh = network();
    const snapshot = await fresh.registry.snapshot();
    fresh.registry.seed([{ type: 'study', record: { ...STUDY.main, status: 'closed' } }]);
    const late = {
      ...fresh.deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: fresh.registry.get },
    };
    await expect(inviteSite(body(), WHO.sponsorAdmin, late)).rejects.toThrow(
      'The study ABC-001 was closed meanwhile.',
    );
    expect(fresh.registry.uses.size).toBe(0);
  });

  it.each([
    ['a sponsor', ORG.sponsor.organisationId],
    ['a CRO', ORG.cro.organisationId],
    ['nothing', 'no-such-org'],
  ])('the site must be a site organisation, not %s', async (_what, siteOrganisationId) => {
    await expect(
      inviteSite(body({ siteOrganisationId }), WHO.sponsorAdmin, network().deps),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'siteOrganisationId',
          message: 'siteOrganisationId must name an active site organisation.',
        },
      ],
    });
  });

  it('the site must be active, guarded against deactivation meanwhile', async () => {
    // Out of the sponsor's sight (the directory lists active sites only): answered like a
    // missing one, never named. A PlatformAdmin, who sees it, is told it is inactive (409).
    await expect(
      inviteSite(
        body({ siteOrganisationId: ORG.inactiveSite.organisationId }),
        WHO.sponsorAdmin,
        network().deps,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'siteOrganisationId',
          message: 'siteOrganisationId must name an active site organisation.',
        },
      ],
    });
    await expect(
      inviteSite(
        body({ siteOrganisationId: ORG.inactiveSite.organisationId }),
        WHO.platformAdmin,
        network().deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'siteOrganisationId' }] });
    const { deps, registry } = network();
    const snapshot = await registry.snapshot();
    registry.seed([{ type: 'organisation', record: { ...ORG.site, status: 'inactive' } }]);
    const late = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(inviteSite(body(), WHO.sponsorAdmin, late)).rejects.toThrow(
      'Charité Berlin was deactivated meanwhile.',
    );
  });

  it.each([
    ["another sponsor's", SYS.otherSponsor.systemId],
    ["the site's", SYS.site.systemId],
    ['no', 'no-such-system'],
  ])(
    "the sponsor system must be the sponsor's or the CRO's, not %s",
    async (_what, sponsorSystemId) => {
      await expect(
        inviteSite(body({ sponsorSystemId }), WHO.sponsorAdmin, network().deps),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'sponsorSystemId' }] });
    },
  );

  it('the sponsor system must be active (409 on the field)', async () => {
    await expect(
      inviteSite(
        body({ sponsorSystemId: SYS.sponsorOff.systemId }),
        WHO.sponsorAdmin,
        network().deps,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', fields: [{ path: 'sponsorSystemId' }] });
  });

  it('an inactive sponsor or CRO opens no connections', async () => {
    const { deps, registry } = network();
    registry.seed([{ type: 'organisation', record: { ...ORG.cro, status: 'inactive' } }]);
    await expect(inviteSite(body(), WHO.platformAdmin, deps)).rejects.toThrow(
      'Quick CRO is inactive; it cannot open connections.',
    );
  });

  it('nothing is written when the store refuses', async () => {
    const { deps, registry, audit } = network();
    registry.failNext = new AppError('SERVICE_UNAVAILABLE', 'down');
    await expect(inviteSite(body(), WHO.sponsorAdmin, deps)).rejects.toThrow('down');
    expect((await registry.snapshot()).connections.size).toBe(0);
    expect(audit.entries).toEqual([]);
  });
});
