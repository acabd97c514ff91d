import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import type { DocumentRecord } from '../core/ports/documents';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { documentRecordOf } from '../core/testing/document-records';
import { MemoryDocumentStore } from '../core/testing/memory-documents';
import { connection, network, ORG, STUDY, WHO } from '../core/testing/connection-test-network';
import { dashboardActivity, type ActivityDeps } from './activity.core';

/** dashboard/activity: the last 30 UTC days' exchange and the connections by state, within reach. */

const NOW = new Date('2025-03-10T12:00:00.000Z');
const SITE = ORG.site.organisationId;
const SPONSOR = ORG.sponsor.organisationId;

const sent = (at: string, over: Partial<DocumentRecord> = {}): DocumentRecord =>
  documentRecordOf({
    siteOrganisationId: SITE,
    sponsorOrganisationId: SPONSOR,
    senderOrganisationId: SITE,
    receiverOrganisationId: SPONSOR,
    state: 'received',
    sentAt: at,
    updatedAt: at,
    ...over,
  });

const delivered = (at: string, seconds: number, over: Partial<DocumentRecord> = {}) =>
  sent(at, {
    state: 'delivered',
    deliveredAt: new Date(Date.parse(at) + seconds * 1000).toISOString(),
    ...over,
  });

const setUp = async () => {
  const { registry } = network([
    { type: 'connection', record: connection('c-invited', STUDY.main, SITE) },
    {
      type: 'connection',
      record: connection('c-active', STUDY.own, SITE, { status: 'active', siteNumber: '102' }),
    },
    {
      type: 'connection',
      record: connection('c-other', STUDY.other, ORG.otherSite.organisationId, {
        status: 'suspended',
        suspendedBy: 'site',
        sponsorSystemId: 'sys-sponsor-2',
      }),
    },
  ]);
  const documents = new MemoryDocumentStore();
  const records = [
    // Today, delivered in 40 s (at most a minute).
    delivered('2025-03-10T08:00:00.000Z', 40),
    // Back the other way, delivered in 50 minutes (at most an hour).
    delivered('2025-03-01T10:00:00.000Z', 3000, {
      direction: 'sponsor-to-site',
      senderOrganisationId: SPONSOR,
      receiverOrganisationId: SITE,
    }),
    // The first day of the window, not delivered yet.
    sent('2025-02-09T00:00:00.000Z'),
    // A moment before the window: not counted.
    delivered('2025-02-08T23:59:59.999Z', 1),
    // Another study's pair, delivered after nine days: beyond the last bound.
    delivered('2025-02-20T00:00:00.000Z', 9 * 24 * 3600, {
      siteOrganisationId: ORG.otherSite.organisationId,
      sponsorOrganisationId: ORG.otherSponsor.organisationId,
    }),
  ];
  for (const record of records) await documents.create(record);
  const deps: ActivityDeps = { registry, documents, clock: new FakeClock(NOW) };
  return { deps, documents };
};

const figureOf = (value: number, query: Record<string, string>) => ({
  value,
  link: { list: 'documents', query },
});

describe('dashboard/activity', () => {
  it('answers the 30 days ending today, oldest first, each linked to that day’s list per direction', async () => {
    const { deps } = await setUp();
    const out = await dashboardActivity({}, WHO.platformAdmin, deps);
    expect(routes['dashboard/activity'].response.parse(out)).toEqual(out);
    expect(out.asOf).toBe(NOW.toISOString());
    expect(out.days).toHaveLength(30);
    expect(out.days[0]?.day).toBe('2025-02-09');
    expect(out.days.at(-1)?.day).toBe('2025-03-10');
    expect(out.days.at(-1)?.sent).toEqual({
      'site-to-sponsor': figureOf(1, {
        sentFrom: '2025-03-10',
        sentTo: '2025-03-10',
        direction: 'site-to-sponsor',
      }),
      'sponsor-to-site': figureOf(0, {
        sentFrom: '2025-03-10',
        sentTo: '2025-03-10',
        direction: 'sponsor-to-site',
      }),
    });
    expect(out.days[0]?.sent['site-to-sponsor'].value).toBe(1);
    // A day nothing was sent on is there, with zeros.
    expect(out.days.find((d) => d.day === '2025-02-10')?.sent['site-to-sponsor'].value).toBe(0);
  });

  it('sums the window per direction, counts the delivered, and gives delivery percentiles as bucket bounds', async () => {
    const { deps } = await setUp();
    const out = await dashboardActivity({}, WHO.platformAdmin, deps);
    const window = { sentFrom: '2025-02-09', sentTo: '2025-03-10' };
    expect(out.sent).toEqual({
      'site-to-sponsor': figureOf(3, { ...window, direction: 'site-to-sponsor' }),
      'sponsor-to-site': figureOf(1, { ...window, direction: 'sponsor-to-site' }),
    });
    const perDay = out.days.reduce((n, d) => n + d.sent['site-to-sponsor'].value, 0);
    expect(perDay).toBe(out.sent['site-to-sponsor'].value);
    expect(out.delivery).toEqual({
      delivered: figureOf(3, { ...window, delivered: 'true' }),
      // 40 s, 50 min, 9 days: the middle one is at most an hour; the last lies beyond a week.
      p50Seconds: 3600,
      p90Seconds: null,
      p99Seconds: null,
      beyond: ['p90', 'p99'],
    });
  });

  it('counts only the documents and connections within the caller’s reach', async () => {
    const { deps } = await setUp();
    const site = await dashboardActivity({}, WHO.siteAdmin, deps);
    expect(site.sent['site-to-sponsor'].value).toBe(2);
    expect(site.sent['sponsor-to-site'].value).toBe(1);
    expect(site.delivery).toMatchObject({
      delivered: { value: 2 },
      p50Seconds: 60,
      p90Seconds: 3600,
      p99Seconds: 3600,
      beyond: [],
    });
    // The site's Auditor reads what its OrgAdmin does.
    expect(await dashboardActivity({}, WHO.siteAuditor, deps)).toEqual(site);

    const other = await dashboardActivity(
      {},
      callerContext({ role: 'OrgAdmin', organisationId: ORG.otherSponsor.organisationId }),
      deps,
    );
    expect(other.sent['site-to-sponsor'].value).toBe(1);
    expect(other.delivery).toMatchObject({ p50Seconds: null, beyond: ['p50', 'p90', 'p99'] });

    for (const ctx of [
      WHO.unrelatedAdmin,
      callerContext({ role: 'OrgAdmin', organisationId: null }),
    ]) {
      const none = await dashboardActivity({}, ctx, deps);
      expect(none.days.every((d) => d.sent['site-to-sponsor'].value === 0)).toBe(true);
      expect(none.sent['site-to-sponsor'].value + none.sent['sponsor-to-site'].value).toBe(0);
      expect(none.delivery).toMatchObject({
        delivered: { value: 0 },
        p50Seconds: null,
        p90Seconds: null,
        p99Seconds: null,
        beyond: [],
      });
      expect(none.connections.every((c) => c.figure.value === 0)).toBe(true);
    }
  });

  it('counts the connections by state, each state linked to the connection list of it', async () => {
    const { deps } = await setUp();
    const counts = async (ctx: typeof WHO.platformAdmin) =>
      Object.fromEntries(
        (await dashboardActivity({}, ctx, deps)).connections.map((c) => [c.status, c.figure.value]),
      );
    const all = await dashboardActivity({}, WHO.platformAdmin, deps);
    expect(all.connections.map((c) => c.status)).toEqual([...CONNECTION_STATUSES]);
    for (const c of all.connections) {
      expect(c.figure.link).toEqual({ list: 'connections', query: { status: c.status } });
    }
    expect(await counts(WHO.platformAdmin)).toEqual({
      invited: 1,
      active: 1,
      suspended: 1,
      ended: 0,
      declined: 0,
    });
    expect(await counts(WHO.auditorAll)).toEqual(await counts(WHO.platformAdmin));
    expect(await counts(WHO.siteAdmin)).toMatchObject({ invited: 1, active: 1, suspended: 0 });
    // The CRO acts on the main study only.
    expect(await counts(WHO.croAdmin)).toMatchObject({ invited: 1, active: 0, suspended: 0 });
    expect(await counts(WHO.otherSponsorAdmin)).toMatchObject({ invited: 0, suspended: 1 });
  });

  it('moves its window with the UTC day: at midnight the oldest day drops out and today begins', async () => {
    const { deps } = await setUp();
    const clock = new FakeClock(new Date('2025-03-11T00:00:00.000Z'));
    const out = await dashboardActivity({}, WHO.platformAdmin, { ...deps, clock });
    expect(out.days[0]?.day).toBe('2025-02-10');
    expect(out.days.at(-1)?.day).toBe('2025-03-11');
    expect(out.days).toHaveLength(30);
    // The document of 2025-02-09 is no longer in the window.
    expect(out.sent['site-to-sponsor'].value).toBe(2);
    expect(out.sent['site-to-sponsor'].link.query).toMatchObject({
      sentFrom: '2025-02-10',
      sentTo: '2025-03-11',
    });
  });
});
