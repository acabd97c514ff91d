import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mailTo } from '../support/mail';
import { issueCredential, partnerToken } from '../support/oauth';
import {
  buildNetwork,
  type ConnectionRow,
  must,
  type Network,
  ok,
  protocol,
  registryCall,
} from '../support/registry';

/**
 * Issue 35 over the real offline stack: the sponsor invites, the site accepts; each fact is an
 * event of the other side written once by the registry's journaled write, fanned out (offline
 * every 2 s) to the organisation's OrgAdmins — a notification, an e-mail in maildev in their
 * language — and read by each side's system from the partner feed.
 */

const c = inject('console');

interface NotificationRow {
  notificationId: string;
  kind: string;
  read: boolean;
  organisationId: string;
  subject: { type: string; id: string; name: string };
  counterpart: { organisationId: string; name: string } | null;
}
interface Listed {
  notifications: NotificationRow[];
  nextCursor: string | null;
  unread: number;
}
interface FeedEvent {
  eventId: string;
  sequence: string;
  kind: string;
  organisationId: string;
  subject: { type: string; id: string };
}
interface Feed {
  events: FeedEvent[];
  nextCursor: string;
  hasMore: boolean;
}

const EVENTS = 'ccsc-api/events.read';

const list = (who: Network['admin'], query = '') =>
  registryCall<Listed>(c, who, `notifications/list${query}`, undefined, 'GET');

/** The caller's notifications once `count` have come (the fan-out runs every 2 s offline). */
const notificationsOf = async (
  who: Network['admin'],
  count: number,
  unread = count,
): Promise<Listed> => {
  for (let i = 0; i < 60; i += 1) {
    const res = await list(who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = must(res.body.data);
    // The notification and its count are one transaction, which a list (a Query) may see half
    // applied for a moment: both, then.
    if (data.notifications.length >= count && data.unread >= unread) return data;
    await delay(250);
  }
  throw new Error(`expected ${String(count)} notification(s)`);
};

const mailsOf = async (address: string, subject: RegExp) => {
  for (let i = 0; i < 60; i += 1) {
    const found = (await mailTo(c, address)).filter((m) => subject.test(m.subject));
    if (found.length > 0) return found;
    await delay(250);
  }
  throw new Error(`expected a mail to ${address} matching ${String(subject)}`);
};

const feed = async (credential: { clientId: string; clientSecret: string }, query = '') => {
  const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, EVENTS);
  const res = await fetch(`${c.url}/ccsc/api/v1/events${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as { data?: Feed; error?: unknown } };
};

describe('events and notifications of a connection', () => {
  let n: Network;
  let connection: ConnectionRow;
  let siteCredential: { clientId: string; clientSecret: string };
  let sponsorCredential: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    n = await buildNetwork(c, 'Notify');
    [siteCredential, sponsorCredential] = await Promise.all([
      issueCredential(c, n.admin, n.siteSystem.systemId, [EVENTS]),
      issueCredential(c, n.admin, n.sponsorSystem.systemId, [EVENTS]),
    ]);
    // The site's OrgAdmin reads German mail.
    await ok(c, n.people.siteAdmin, 'notifications/update-preferences', {
      preferences: [],
      language: 'de',
    });
    const study = await ok<{ study: { studyId: string } }>(
      c,
      n.people.sponsorAdmin,
      'create-study',
      {
        sponsorOrganisationId: n.sponsor.organisationId,
        protocolNumber: protocol(),
        title: 'Notifications trial',
        phase: 'phase-2',
      },
    );
    connection = (
      await ok<{ connection: ConnectionRow }>(c, n.people.sponsorAdmin, 'invite-site', {
        studyId: study.study.studyId,
        siteOrganisationId: n.site.organisationId,
        siteNumber: '301',
        country: 'DE',
        principalInvestigator: 'Dr. Jana Müller',
        sponsorSystemId: n.sponsorSystem.systemId,
      })
    ).connection;
  }, 180_000);

  it('tells the site’s OrgAdmin of the invitation: a notification, its unread count, an e-mail in German', async () => {
    const mine = await notificationsOf(n.people.siteAdmin, 1);
    expect(mine.unread).toBe(1);
    expect(mine.notifications).toEqual([
      expect.objectContaining({
        kind: 'connection.invited',
        read: false,
        organisationId: n.site.organisationId,
        subject: expect.objectContaining({
          type: 'connection',
          id: connection.connectionId,
        }) as unknown,
        counterpart: { organisationId: n.sponsor.organisationId, name: n.sponsor.name },
      }),
    ]);
    const count = await registryCall<{ unread: number }>(
      c,
      n.people.siteAdmin,
      'notifications/unread-count',
      undefined,
      'GET',
    );
    expect(count.body.data).toEqual({ unread: 1 });
    const [mail] = await mailsOf(n.people.siteAdmin.email, /eingeladen/u);
    expect(mail?.subject).toContain(n.sponsor.name);
    // The site's Auditor hears nothing by default; the sponsor's side, nothing of its own step.
    expect(must((await list(n.people.siteAuditor)).body.data).notifications).toEqual([]);
    expect(must((await list(n.people.sponsorAdmin)).body.data).notifications).toEqual([]);
  });

  it('tells the sponsor of the acceptance, and each side’s system reads its own feed', async () => {
    await ok(c, n.people.siteAdmin, 'accept-connection', {
      connectionId: connection.connectionId,
      revision: connection.revision,
      siteSystemId: n.siteSystem.systemId,
    });
    const sponsor = await notificationsOf(n.people.sponsorAdmin, 1);
    expect(sponsor.notifications.map((x) => x.kind)).toEqual(['connection.accepted']);
    await mailsOf(n.people.sponsorAdmin.email, /accepted the invitation/u);

    const site = await feed(siteCredential);
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    expect(must(site.body.data).events.map((e) => [e.kind, e.subject.id])).toEqual([
      ['connection.invited', connection.connectionId],
    ]);
    const sponsorFeed = must((await feed(sponsorCredential)).body.data);
    expect(sponsorFeed.events.map((e) => [e.kind, e.organisationId])).toEqual([
      ['connection.accepted', n.sponsor.organisationId],
    ]);
    // Nothing new after the cursor; a cursor that is not one is a 400.
    const after = must(
      (await feed(siteCredential, `?since=${must(site.body.data).nextCursor}`)).body.data,
    );
    expect(after).toEqual({
      events: [],
      nextCursor: must(site.body.data).nextCursor,
      hasMore: false,
    });
    expect((await feed(siteCredential, '?since=abc')).status).toBe(400);
  });

  it('marks read (one, then all), refuses another user’s, and keeps a safety letter on', async () => {
    const [first] = (await notificationsOf(n.people.siteAdmin, 1, 0)).notifications;
    const id = must(first).notificationId;
    const foreign = await registryCall(c, n.people.sponsorAdmin, 'notifications/mark-read', {
      notificationId: id,
    });
    expect(foreign.status).toBe(404);
    expect(
      await ok(c, n.people.siteAdmin, 'notifications/mark-read', { notificationId: id }),
    ).toEqual({ notificationId: id, read: true, unread: 0 });
    expect(await ok(c, n.people.sponsorAdmin, 'notifications/mark-all-read', {})).toEqual({
      marked: 1,
      unread: 0,
    });
    const off = await registryCall(c, n.people.siteAdmin, 'notifications/update-preferences', {
      preferences: [{ kind: 'distribution.to-acknowledge', channel: 'off' }],
    });
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.body)).toContain('cannot be switched off');
    const prefs = await registryCall<{
      language: string;
      preferences: { kind: string; locked: boolean }[];
    }>(c, n.people.siteAdmin, 'notifications/preferences', undefined, 'GET');
    expect(must(prefs.body.data).language).toBe('de');
  });
});
