import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { claimKeys, type ConnectionRecord } from '../core/ports/registry';
import { endConnection } from './connection-steps.core';
import { inviteSite } from './invite-site.core';
import { CONNECTIONS_PER_WRITE, updateStudy } from './study-update.core';
import {
  connection,
  countUses,
  network,
  ORG,
  STUDY,
  SYS,
  WHO,
  type Who,
} from '../core/testing/connection-test-network';

type Changes = Parameters<typeof updateStudy>[0]['changes'];
const update = (
  changes: Changes,
  who: Who,
  deps: ReturnType<typeof network>['deps'],
  studyId: string = STUDY.main.studyId,
  revision = 1,
) => updateStudy({ studyId, revision, changes }, WHO[who], deps);

const withConnections = (connections: ConnectionRecord[]) => {
  const net = network(connections.map((record) => ({ type: 'connection' as const, record })));
  countUses(net.registry, connections);
  return net;
};

describe('update-study', () => {
  it('changes what it is told, audits only what changed, and moves the revision on', async () => {
    const { deps, audit, registry } = network();
    const { study } = await update(
      { title: 'A better title', phase: 'phase-3' },
      'sponsorAdmin',
      deps,
    );
    expect(study).toMatchObject({ title: 'A better title', phase: 'phase-3', revision: 2 });
    expect(await registry.get('study', STUDY.main.studyId)).toMatchObject({
      title: 'A better title',
      revision: 2,
      updatedBy: 'sponsor@example.com',
    });
    // Audited once (issue 37), in the sponsor's trail and the CRO's.
    expect(audit.entries.map((e) => [e.action, e.organisationId, e.alsoFor])).toEqual([
      ['study.updated', ORG.sponsor.organisationId, [ORG.cro.organisationId]],
    ]);
    expect(audit.entries[0]).toMatchObject({
      target: { type: 'study', id: STUDY.main.studyId, label: 'ABC-001' },
      before: { title: 'A randomised trial of made-up medicine' },
      after: { title: 'A better title' },
    });
  });

  it('a change to nothing writes and audits nothing', async () => {
    const { deps, audit, registry } = network();
    const { study } = await update({ title: STUDY.main.title }, 'sponsorAdmin', deps);
    expect(study.revision).toBe(1);
    expect(audit.entries).toEqual([]);
    expect(registry.commits).toBe(0);
  });

  it.each<[Who, 'ok' | 403 | 404]>([
    ['platformAdmin', 'ok'],
    ['sponsorAdmin', 'ok'],
    ['croAdmin', 403],
    ['siteAdmin', 403],
    ['otherSponsorAdmin', 404],
    ['unrelatedAdmin', 404],
    ['auditorAll', 403],
    ['siteAuditor', 403],
  ])('by %s → %s (the site sees the study through its connection)', async (who, want) => {
    const { deps } = withConnections([
      connection('c1', STUDY.main, ORG.site.organisationId, { status: 'ended' }),
    ]);
    const got = await update({ title: 'Changed' }, who, deps).then(
      () => 'ok',
      (err: unknown) =>
        err instanceof NotFoundError ? 404 : err instanceof ForbiddenError ? 403 : err,
    );
    expect(got).toBe(want);
  });

  it('a study nobody has is 404', async () => {
    await expect(
      update({ title: 'x' }, 'platformAdmin', network().deps, 'nope'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a stale revision is a conflict that says what the study is now', async () => {
    const { deps } = network();
    await update({ title: 'First' }, 'sponsorAdmin', deps);
    await expect(update({ title: 'Second' }, 'sponsorAdmin', deps)).rejects.toThrow(
      'The study was changed meanwhile: it is now active (revision 2). Reload it and try again.',
    );
  });

  it('moves the status forward only; closed is final', async () => {
    const { deps } = network();
    await expect(update({ status: 'planned' }, 'sponsorAdmin', deps)).rejects.toThrow(
      'The study ABC-001 is active; it can only move on to closed.',
    );
    const own = STUDY.own.studyId;
    await update({ status: 'active' }, 'sponsorAdmin', deps, own);
    await update({ status: 'closed' }, 'sponsorAdmin', deps, own, 2);
    await expect(update({ status: 'active' }, 'sponsorAdmin', deps, own, 3)).rejects.toThrow(
      'The study ABC-002 is closed, which is final.',
    );
    const planned = network();
    const { study } = await update({ status: 'closed' }, 'sponsorAdmin', planned.deps, own);
    expect(study.status).toBe('closed');
  });

  it('closing is refused while open connections use the study, naming them', async () => {
    const { deps } = withConnections([
      connection('c1', STUDY.main, ORG.site.organisationId, {
        status: 'active',
        siteNumber: '101',
      }),
      connection('c2', STUDY.main, ORG.otherSite.organisationId, {
        status: 'suspended',
        siteNumber: '102',
      }),
      connection('c3', STUDY.main, ORG.unrelatedSite.organisationId, { status: 'ended' }),
    ]);
    const refusal = update({ status: 'closed' }, 'sponsorAdmin', deps);
    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
    await expect(refusal).rejects.toThrow(/ABC-001 at Charité Berlin \(site 101\)/);
    await expect(refusal).rejects.toThrow(/ABC-001 at St\. Mary's Hospital \(site 102\)/);
    await expect(refusal).rejects.not.toThrow(/Faraway/);
  });

  it('closing is guarded against an invitation made meanwhile', async () => {
    const { deps, registry } = network();
    const snapshot = await registry.snapshot();
    await inviteSite(
      {
        studyId: STUDY.main.studyId,
        siteOrganisationId: ORG.site.organisationId,
        siteNumber: '101',
        country: 'DE',
        principalInvestigator: 'Dr. X',
        sponsorSystemId: SYS.sponsor.systemId,
      },
      WHO.sponsorAdmin,
      deps,
    );
    const late = {
      ...deps,
      registry: { snapshot: () => Promise.resolve(snapshot), get: registry.get },
    };
    await expect(update({ status: 'closed' }, 'sponsorAdmin', late)).rejects.toThrow(
      'The study ABC-001 was given an open connection meanwhile; end it first.',
    );
  });

  it('a new protocol number is claimed (409 on the field when taken) and the old one released', async () => {
    const { deps, registry } = network();
    await expect(update({ protocolNumber: 'abc-002' }, 'sponsorAdmin', deps)).rejects.toMatchObject(
      {
        code: 'CONFLICT',
        fields: [{ path: 'protocolNumber' }],
      },
    );
    await update({ protocolNumber: 'ABC-010' }, 'sponsorAdmin', deps);
    const key = (p: string) => claimKeys.studyProtocol(ORG.sponsor.organisationId, p);
    expect(registry.claims.has(key('ABC-010'))).toBe(true);
    expect(registry.claims.has(key('ABC-001'))).toBe(false);
    // A change of case alone keeps the claim.
    const { study } = await update(
      { protocolNumber: 'abc-010' },
      'sponsorAdmin',
      deps,
      STUDY.main.studyId,
      2,
    );
    expect(study.protocolNumber).toBe('abc-010');
    expect(registry.claims.has(key('abc-010'))).toBe(true);
  });

  it('a new CRO is carried into the open connections with their uses; closed ones keep theirs', async () => {
    const open = connection('c1', STUDY.main, ORG.site.organisationId, {
      status: 'active',
      siteSystemId: SYS.site.systemId,
    });
    const ended = connection('c2', STUDY.main, ORG.otherSite.organisationId, { status: 'ended' });
    const { deps, registry, audit } = withConnections([open, ended]);
    const { study } = await update(
      { croOrganisationId: ORG.otherCro.organisationId },
      'sponsorAdmin',
      deps,
    );
    expect(study).toMatchObject({
      croOrganisationId: ORG.otherCro.organisationId,
      croName: 'Slow CRO',
    });
    expect(await registry.get('connection', 'c1')).toMatchObject({
      croOrganisationId: ORG.otherCro.organisationId,
      revision: 2,
    });
    expect((await registry.get('connection', 'c2'))?.croOrganisationId).toBe(
      ORG.cro.organisationId,
    );
    expect(registry.uses.get(`organisation#${ORG.cro.organisationId}`)).toBe(0);
    expect(registry.uses.get(`organisation#${ORG.otherCro.organisationId}`)).toBe(1);
    // One record (issue 37), in the sponsor's, both CROs' and the moved connection's site's trails.
    expect(audit.entries.map((e) => [e.organisationId, e.alsoFor])).toEqual([
      [
        ORG.sponsor.organisationId,
        [ORG.cro.organisationId, ORG.otherCro.organisationId, ORG.site.organisationId],
      ],
    ]);
    expect(audit.entries[0]).toMatchObject({
      before: { croOrganisationId: ORG.cro.organisationId },
      after: { croOrganisationId: ORG.otherCro.organisationId },
      reason: "The study's 1 open connection(s) follow it to the new CRO.",
    });
    // The old CRO acts on the study no more, and sees it no more (its ended connection stays in
    // its history, the study itself is out of its sight).
    await expect(
      inviteSite(
        {
          studyId: STUDY.main.studyId,
          siteOrganisationId: ORG.unrelatedSite.organisationId,
          siteNumber: '109',
          country: 'JP',
          principalInvestigator: 'Dr. Y',
          sponsorSystemId: SYS.sponsor.systemId,
        },
        WHO.croAdmin,
        deps,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('removing the CRO counts its uses down', async () => {
    const open = connection('c1', STUDY.main, ORG.site.organisationId);
    const { deps, registry } = withConnections([open]);
    await update({ croOrganisationId: null }, 'platformAdmin', deps);
    expect(registry.uses.get(`organisation#${ORG.cro.organisationId}`)).toBe(0);
    expect((await registry.get('connection', 'c1'))?.croOrganisationId).toBeNull();
  });

  it('the new CRO must be an active CRO', async () => {
    await expect(
      update({ croOrganisationId: ORG.site.organisationId }, 'sponsorAdmin', network().deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'croOrganisationId' }] });
  });

  it('many open connections move in several writes, the study first; a move cut short is finished by the next update', async () => {
    const sites = Array.from({ length: CONNECTIONS_PER_WRITE + 5 }, (_, i) => `site-${String(i)}`);
    const connections = sites.map((site, i) =>
      connection(`c${String(i)}`, STUDY.main, site, { siteNumber: String(i) }),
    );
    const { deps, registry } = withConnections(connections);
    // The second write fails, as a store that went away would.
    const apply = deps.writes.apply.bind(deps.writes);
    let writes = 0;
    const flaky = {
      ...deps,
      writes: {
        apply: (...args: Parameters<typeof apply>) => {
          writes += 1;
          return writes === 2 ? Promise.reject(new Error('gone')) : apply(...args);
        },
      },
    };
    await expect(
      update({ croOrganisationId: ORG.otherCro.organisationId }, 'sponsorAdmin', flaky),
    ).rejects.toThrow('gone');
    const moved = async () =>
      [...(await registry.snapshot()).connections.values()].filter(
        (c) => c.croOrganisationId === ORG.otherCro.organisationId,
      ).length;
    expect(await moved()).toBe(CONNECTIONS_PER_WRITE);
    // The counts follow each connection's own CRO: the moved ones count on the new CRO, the
    // others still on the old one (so an end of one of those meanwhile counts down the right one).
    expect(registry.uses.get(`organisation#${ORG.otherCro.organisationId}`)).toBe(
      CONNECTIONS_PER_WRITE,
    );
    expect(registry.uses.get(`organisation#${ORG.cro.organisationId}`)).toBe(5);
    const lagging = (await registry.snapshot()).connections.get(`c${String(sites.length - 1)}`);
    if (lagging === undefined) throw new Error('the last connection is missing');
    await endConnection(
      { connectionId: lagging.connectionId, revision: lagging.revision },
      WHO.sponsorAdmin,
      deps,
    );
    expect(registry.uses.get(`organisation#${ORG.cro.organisationId}`)).toBe(4);
    // An empty update finishes the move, without a study change of its own.
    const { study } = await update({}, 'sponsorAdmin', deps, STUDY.main.studyId, 2);
    expect(study.revision).toBe(2);
    expect(await moved()).toBe(sites.length - 1);
    expect(registry.uses.get(`organisation#${ORG.otherCro.organisationId}`)).toBe(sites.length - 1);
    expect(registry.uses.get(`organisation#${ORG.cro.organisationId}`)).toBe(0);
  });
});
