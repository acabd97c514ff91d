import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCredential, partnerToken } from '../support/oauth';
import { must, type Network, ok, registryCall } from '../support/registry';
import {
  c,
  connection,
  n,
  partner,
  pdf,
  RECEIVE,
  send,
  setUpDocuments,
  sponsor,
  studyId,
} from './documents-kit';

/**
 * Issue 35 over the running offline stack: a document sent back and a document request are news
 * for the other side — a notification for its OrgAdmin and an event in its system's partner feed.
 * The sponsor's eTMF rejects the site's CV (the site hears it); the site recalls a CV before it
 * was acknowledged (the sponsor hears it); the sponsor requests two documents (the site hears
 * it), the site's send fulfils one and the other is past its due date (the document follow-ups,
 * offline every 10 s, tell the sponsor of both and the site of the overdue one).
 */

beforeAll(setUpDocuments, 180_000);

const EVENTS = 'ccsc-api/events.read';

interface NotificationRow {
  kind: string;
  organisationId: string;
  subject: { type: string; id: string; name: string; studyId?: string };
  counterpart: { organisationId: string; name: string } | null;
}
interface FeedEvent {
  kind: string;
  organisationId: string;
  subject: { type: string; id: string; studyId?: string };
  reason: string | null;
}

/** The caller's notifications of `kind` about `subjectId`, once there (fan-out: offline 2 s). */
const notified = async (who: Network['admin'], kind: string, subjectId: string) => {
  for (let i = 0; i < 120; i += 1) {
    const res = await registryCall<{ notifications: NotificationRow[] }>(
      c,
      who,
      'notifications/list?limit=100',
      undefined,
      'GET',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = must(res.body.data).notifications.filter(
      (x) => x.kind === kind && x.subject.id === subjectId,
    );
    if (found.length > 0) return found;
    await delay(250);
  }
  throw new Error(`expected a ${kind} notification about ${subjectId}`);
};

/** The system's feed (every event of its organisation), with a credential that may read it. */
const feedOf = async (systemId: string): Promise<FeedEvent[]> => {
  const credential = await issueCredential(c, n.admin, systemId, [EVENTS]);
  const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, EVENTS);
  const out: FeedEvent[] = [];
  let since = '';
  for (let page = 0; page < 20; page += 1) {
    const res = await fetch(`${c.url}/ccsc/api/v1/events${since}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { events: FeedEvent[]; nextCursor: string; hasMore: boolean };
    };
    out.push(...body.data.events);
    if (!body.data.hasMore) break;
    since = `?since=${body.data.nextCursor}`;
  }
  return out;
};

const cv = (text: string) =>
  send(pdf(text), {
    typeCode: 'CV-SIGNED',
    title: text,
    personName: 'Jana Müller',
    fileName: 'cv.pdf',
  });

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('notifications of documents sent back and requested', () => {
  it('a rejection: the site’s OrgAdmin is told, with the reason, and the site’s system reads it', async () => {
    const sent = await cv('CV the sponsor rejects');
    const id = sent.document.documentId;
    const rejected = await partner(sponsor, RECEIVE, 'POST', `documents/${id}/reject`, {
      reason: 'wrong-version',
      comment: 'Version 1.0 is outdated.',
    });
    expect(rejected.status, JSON.stringify(rejected.error)).toBe(200);
    const [told] = await notified(n.people.siteAdmin, 'document.rejected', id);
    expect(told).toMatchObject({
      organisationId: n.site.organisationId,
      subject: { type: 'document', name: 'CV the sponsor rejects' },
      counterpart: { organisationId: n.sponsor.organisationId, name: n.sponsor.name },
    });
    const events = (await feedOf(n.siteSystem.systemId)).filter(
      (e) => e.kind === 'document.rejected' && e.subject.id === id,
    );
    expect(events).toEqual([
      expect.objectContaining({
        organisationId: n.site.organisationId,
        reason: 'wrong-version: Version 1.0 is outdated.',
      }),
    ]);
  }, 60_000);

  it('a recall before the acknowledgement: the sponsor’s OrgAdmin and system are told', async () => {
    const sent = await cv('CV sent in error');
    const id = sent.document.documentId;
    const recalled = await registryCall(c, n.people.siteAdmin, 's3documents/return', {
      documentId: id,
      action: 'recall',
      comment: 'Sent to the wrong study.',
    });
    expect(recalled.status).toBe(200);
    const [told] = await notified(n.people.sponsorAdmin, 'document.recalled', id);
    expect(told?.counterpart).toEqual({
      organisationId: n.site.organisationId,
      name: n.site.name,
    });
    const events = (await feedOf(n.sponsorSystem.systemId)).filter(
      (e) => e.kind === 'document.recalled' && e.subject.id === id,
    );
    expect(events).toHaveLength(1);
  }, 60_000);

  it('a request: the site is told; fulfilled and overdue, the sponsor is told', async () => {
    const created = await ok<{ requests: { requestId: string; artifactNumber: string }[] }>(
      c,
      n.people.sponsorAdmin,
      'document-requests/create',
      {
        studyId,
        sites: { kind: 'some', connectionIds: [connection.connectionId] },
        artifacts: [
          { artifactNumber: '05.02.07', dueDate: day(14) },
          { artifactNumber: '05.02.08', dueDate: day(-1) },
        ],
      },
    );
    const idOf = (artifact: string) =>
      must(created.requests.find((r) => r.artifactNumber === artifact)).requestId;
    const licence = idOf('05.02.07');
    const form1572 = idOf('05.02.08');

    const [received] = await notified(n.people.siteAdmin, 'request.received', licence);
    expect(received).toMatchObject({
      organisationId: n.site.organisationId,
      subject: { type: 'request', studyId },
      counterpart: { organisationId: n.sponsor.organisationId },
    });
    const siteFeed = await feedOf(n.siteSystem.systemId);
    expect(
      siteFeed
        .filter((e) => e.kind === 'request.received')
        .map((e) => e.subject.id)
        .filter((x) => x === licence || x === form1572)
        .sort(),
    ).toEqual([licence, form1572].sort());

    const sent = await send(pdf('requested licence'), {
      typeCode: 'MED-LIC',
      personName: 'Dr. Ada Request',
      title: 'Medical licence',
    });
    expect(sent.document.state).toBe('delivered');
    const [fulfilled] = await notified(n.people.sponsorAdmin, 'request.fulfilled', licence);
    expect(fulfilled?.counterpart?.organisationId).toBe(n.site.organisationId);
    await notified(n.people.sponsorAdmin, 'request.overdue', form1572);
    await notified(n.people.siteAdmin, 'request.overdue', form1572);
    const sponsorFeed = await feedOf(n.sponsorSystem.systemId);
    expect(
      sponsorFeed
        .filter((e) => e.subject.id === licence || e.subject.id === form1572)
        .map((e) => [e.kind, e.subject.id]),
    ).toEqual(
      expect.arrayContaining([
        ['request.fulfilled', licence],
        ['request.overdue', form1572],
      ]),
    );
    // Told once, however many follow-up passes ran meanwhile.
    await delay(11_000);
    expect(await notified(n.people.sponsorAdmin, 'request.fulfilled', licence)).toHaveLength(1);
  }, 120_000);
});
