import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buildNetwork,
  must,
  type ConnectionRow,
  type Network,
  ok,
  protocol,
  registryCall,
  type StudyRow,
} from '../support/registry';

/**
 * Studies and site–sponsor connections through the running console (issue 14): the sponsor
 * invites, the site accepts with its system, either side suspends, the suspending side resumes,
 * ending is final; uniqueness, stale revisions and the guards that keep what is in use.
 */

const c = inject('console');

interface AuditRow {
  action: string;
  outcome: string;
  requestId: string;
  target: { type: string; id: string } | null;
  actor: { email: string | null } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('studies and connections', () => {
  let n: Network;
  let study: StudyRow;
  beforeAll(async () => {
    n = await buildNetwork(c, 'Conn');
    study = (
      await ok<{ study: StudyRow }>(c, n.people.sponsorAdmin, 'create-study', {
        sponsorOrganisationId: n.sponsor.organisationId,
        croOrganisationId: n.cro.organisationId,
        protocolNumber: protocol(),
        title: 'A randomised trial of made-up medicine',
        phase: 'phase-3',
      })
    ).study;
  }, 120_000);

  const invite = (caller = n.people.sponsorAdmin, site = n.site, siteNumber = '101') =>
    registryCall<{ connection: ConnectionRow }>(c, caller, 'invite-site', {
      studyId: study.studyId,
      siteOrganisationId: site.organisationId,
      siteNumber,
      country: 'DE',
      principalInvestigator: 'Dr. Jana Müller',
      sponsorSystemId: n.sponsorSystem.systemId,
    });

  it('a protocol number is the sponsor’s once, in any case (409 on the field)', async () => {
    const again = await registryCall(c, n.people.sponsorAdmin, 'create-study', {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: study.protocolNumber.toLowerCase(),
      title: 'Another title',
      phase: 'phase-2',
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.fields?.[0]?.path).toBe('protocolNumber');
    // Another sponsor may use the same number.
    await ok(c, n.people.otherSponsorAdmin, 'create-study', {
      sponsorOrganisationId: n.otherSponsor.organisationId,
      protocolNumber: study.protocolNumber,
      title: 'Same number, other sponsor',
      phase: 'phase-2',
    });
  });

  it('a sponsor cannot make studies for another sponsor, a site none at all', async () => {
    const body = {
      sponsorOrganisationId: n.sponsor.organisationId,
      protocolNumber: protocol(),
      title: 'Not mine',
      phase: 'phase-1',
    };
    expect((await registryCall(c, n.people.otherSponsorAdmin, 'create-study', body)).status).toBe(
      403,
    );
    expect((await registryCall(c, n.people.siteAdmin, 'create-study', body)).status).toBe(403);
    expect((await registryCall(c, n.people.auditorAll, 'create-study', body)).status).toBe(403);
  });

  it('the whole life of a connection, each step recorded with who and which side', async () => {
    const invited = await invite();
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    let conn = must(invited.body.data).connection;
    expect(conn.status).toBe('invited');
    expect(conn.siteSystemId).toBeNull();

    // Invited once while open.
    const twice = await invite(n.people.sponsorAdmin, n.site, '102');
    expect(twice.status).toBe(409);

    // Only the site answers; with its own active system.
    const bySponsor = await registryCall(c, n.people.sponsorAdmin, 'accept-connection', {
      connectionId: conn.connectionId,
      revision: conn.revision,
      siteSystemId: n.siteSystem.systemId,
    });
    expect(bySponsor.status).toBe(403);
    const foreignSystem = await registryCall(c, n.people.siteAdmin, 'accept-connection', {
      connectionId: conn.connectionId,
      revision: conn.revision,
      siteSystemId: n.otherSiteSystem.systemId,
    });
    expect(foreignSystem.status).toBe(400);
    expect(foreignSystem.body.error?.fields?.[0]?.path).toBe('siteSystemId');
    conn = (
      await ok<{ connection: ConnectionRow }>(c, n.people.siteAdmin, 'accept-connection', {
        connectionId: conn.connectionId,
        revision: conn.revision,
        siteSystemId: n.siteSystem.systemId,
      })
    ).connection;
    expect(conn.status).toBe('active');
    expect(conn.siteSystemId).toBe(n.siteSystem.systemId);

    // A stale revision is a conflict, not a silent overwrite.
    const stale = await registryCall(c, n.people.siteAdmin, 'suspend-connection', {
      connectionId: conn.connectionId,
      revision: conn.revision - 1,
    });
    expect(stale.status).toBe(409);

    // The site suspends; the sponsor may not resume what the site suspended; the site may.
    conn = (
      await ok<{ connection: ConnectionRow }>(c, n.people.siteAdmin, 'suspend-connection', {
        connectionId: conn.connectionId,
        revision: conn.revision,
        reason: 'Site monitoring visit',
      })
    ).connection;
    expect(conn.status).toBe('suspended');
    expect(conn.suspendedBy).toBe('site');
    const sponsorResume = await registryCall(c, n.people.sponsorAdmin, 'resume-connection', {
      connectionId: conn.connectionId,
      revision: conn.revision,
    });
    expect(sponsorResume.status).toBe(403);
    conn = (
      await ok<{ connection: ConnectionRow }>(c, n.people.siteAdmin, 'resume-connection', {
        connectionId: conn.connectionId,
        revision: conn.revision,
      })
    ).connection;
    expect(conn.status).toBe('active');

    // The CRO acts for the sponsor on this study: it may suspend too.
    conn = (
      await ok<{ connection: ConnectionRow }>(c, n.people.croAdmin, 'suspend-connection', {
        connectionId: conn.connectionId,
        revision: conn.revision,
      })
    ).connection;
    expect(conn.suspendedBy).toBe('sponsor');
    conn = (
      await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'resume-connection', {
        connectionId: conn.connectionId,
        revision: conn.revision,
      })
    ).connection;

    expect(conn.history.map((h) => [h.status, h.side])).toEqual([
      ['invited', 'sponsor'],
      ['active', 'site'],
      ['suspended', 'site'],
      ['active', 'site'],
      ['suspended', 'sponsor'],
      ['active', 'sponsor'],
    ]);
    expect(conn.history[2]?.reason).toBe('Site monitoring visit');

    // Seen by both sides, by the CRO and by an Auditor of the site; not by the other sponsor.
    for (const who of [
      n.people.sponsorAdmin,
      n.people.siteAdmin,
      n.people.croAdmin,
      n.people.siteAuditor,
    ]) {
      const seen = await ok<{ connections: ConnectionRow[] }>(c, who, 'list-connections', {
        studyId: study.studyId,
      });
      expect(seen.connections.map((x) => x.connectionId)).toContain(conn.connectionId);
    }
    const other = await ok<{ connections: ConnectionRow[]; total: number }>(
      c,
      n.people.otherSponsorAdmin,
      'list-connections',
      {},
    );
    expect(other.connections.map((x) => x.connectionId)).not.toContain(conn.connectionId);
    // ...nor the study (another sponsor's studies are invisible).
    const studies = await ok<{ studies: StudyRow[] }>(
      c,
      n.people.otherSponsorAdmin,
      'list-studies',
      {},
    );
    expect(studies.studies.map((s) => s.studyId)).not.toContain(study.studyId);
    const peek = await registryCall(c, n.people.otherSponsorAdmin, 'end-connection', {
      connectionId: conn.connectionId,
      revision: conn.revision,
    });
    expect(peek.status).toBe(404);

    // Deactivating what an open connection uses is refused, naming the connection.
    const system = await ok<{
      organisation: unknown;
      systems: { systemId: string; revision: number }[];
    }>(c, n.people.siteAdmin, 'get-organisation', { organisationId: n.site.organisationId });
    const inUse = must(system.systems.find((s) => s.systemId === n.siteSystem.systemId));
    const refused = await registryCall(c, n.people.siteAdmin, 'deactivate-system', {
      systemId: inUse.systemId,
      revision: inUse.revision,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain(study.protocolNumber);
    const orgRefused = await registryCall(c, n.admin, 'deactivate-organisation', {
      organisationId: n.site.organisationId,
      revision: n.site.revision,
    });
    expect(orgRefused.status).toBe(409);
    const closeRefused = await registryCall(c, n.people.sponsorAdmin, 'update-study', {
      studyId: study.studyId,
      revision: study.revision,
      changes: { status: 'closed' },
    });
    expect(closeRefused.status).toBe(409);

    // Ending is final; afterwards the system may go, and the site may be invited again.
    conn = (
      await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'end-connection', {
        connectionId: conn.connectionId,
        revision: conn.revision,
        reason: 'Site closed out',
      })
    ).connection;
    expect(conn.status).toBe('ended');
    const afterEnd = await registryCall(c, n.people.siteAdmin, 'resume-connection', {
      connectionId: conn.connectionId,
      revision: conn.revision,
    });
    expect(afterEnd.status).toBe(409);
    const deactivated = await registryCall(c, n.people.siteAdmin, 'deactivate-system', {
      systemId: inUse.systemId,
      revision: inUse.revision,
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    const reinvited = await invite(n.people.croAdmin, n.site, '103');
    expect(reinvited.status, JSON.stringify(reinvited.body)).toBe(200);

    // Every step is in the audit trail with before and after, and the site's people read it.
    const trail = await ok<{ records: AuditRow[] }>(c, n.people.siteAdmin, 'list-audit-records', {
      action: 'connection.',
      limit: 100,
    });
    const mine = trail.records.filter((r) => r.target?.id === conn.connectionId);
    const actions = mine.map((r) => r.action);
    for (const action of [
      'connection.invited',
      'connection.accepted',
      'connection.suspended',
      'connection.resumed',
      'connection.ended',
    ]) {
      expect(actions).toContain(action);
    }
    const accepted = must(mine.find((r) => r.action === 'connection.accepted'));
    expect(accepted.before).toMatchObject({ status: 'invited' });
    expect(accepted.after).toMatchObject({ status: 'active', siteSystemId: n.siteSystem.systemId });

    // Each step is one record (issue 37): no request is recorded twice for its action, whoever
    // reads it — each party in its own trail, whoever reads everything — in the trail and in its
    // "changes" view (the dashboard's recent changes).
    const recordsOf = async (who: typeof n.admin, view?: 'changes') =>
      (
        await ok<{ records: AuditRow[] }>(c, who, 'list-audit-records', {
          target: conn.connectionId,
          limit: 100,
          ...(view === undefined ? {} : { view }),
        })
      ).records.filter((r) => r.target?.id === conn.connectionId);
    for (const who of [n.people.siteAdmin, n.people.sponsorAdmin, n.people.auditorAll]) {
      for (const view of [undefined, 'changes'] as const) {
        const records = await recordsOf(who, view);
        const keys = records.map((r) => `${r.requestId} ${r.action} ${r.outcome}`);
        expect(new Set(keys).size, `${who.email} ${view ?? 'trail'}`).toBe(keys.length);
        expect(
          new Set(records.filter((r) => r.outcome === 'success').map((r) => r.action)),
        ).toEqual(
          new Set([
            'connection.invited',
            'connection.accepted',
            'connection.suspended',
            'connection.resumed',
            'connection.ended',
          ]),
        );
      }
    }
  });

  it('a site declines an invitation; the invitation is final and the site may be invited again', async () => {
    const invited = await invite(n.people.sponsorAdmin, n.otherSite, '201');
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const conn = must(invited.body.data).connection;
    const declined = await ok<{ connection: ConnectionRow }>(
      c,
      n.people.otherSiteAdmin,
      'decline-connection',
      { connectionId: conn.connectionId, revision: conn.revision, reason: 'No capacity' },
    );
    expect(declined.connection.status).toBe('declined');
    const accept = await registryCall(c, n.people.otherSiteAdmin, 'accept-connection', {
      connectionId: conn.connectionId,
      revision: declined.connection.revision,
      siteSystemId: n.otherSiteSystem.systemId,
    });
    expect(accept.status).toBe(409);
    expect((await invite(n.people.sponsorAdmin, n.otherSite, '202')).status).toBe(200);
  });

  it('refuses bad input with the field named, and unknown fields', async () => {
    const bad = await registryCall(c, n.people.sponsorAdmin, 'invite-site', {
      studyId: study.studyId,
      siteOrganisationId: n.site.organisationId,
      siteNumber: '',
      country: 'XX',
      principalInvestigator: 'Dr. X',
      sponsorSystemId: n.sponsorSystem.systemId,
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body.error?.fields ?? []).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['siteNumber', 'country']));
    const extra = await registryCall(c, n.people.sponsorAdmin, 'list-connections', { foo: 1 });
    expect(extra.status).toBe(400);
  });

  it('an unauthenticated caller learns nothing', async () => {
    const res = await registryCall(c, null, 'list-connections', {});
    expect(res.status).toBe(401);
  });
});
