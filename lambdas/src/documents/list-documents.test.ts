import { routes } from '@ccsc/contract/routes';
import {
  DELIVERY_TIME_BOUNDS_SECONDS,
  DELIVERY_TIME_BUCKETS,
  DIRECTIONS,
  type HoldReason,
} from '@ccsc/contract/documents';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../core/request';
import { listDocuments } from './console.core';
import { type DocumentRecord, HUB_SCOPE } from '../core/ports/documents';
import { callerContext } from '../core/testing/fakes';
import { MemoryDocumentStore } from '../core/testing/memory-documents';
import {
  daysEndingOn,
  deliveryPercentile,
  documentActivity,
  documentListFor,
  documentScopeOf,
  documentTotal,
  seesDocument,
  type DocumentFilters,
} from '../core/lists/documents';
import {
  snapshot,
  registry,
  aDocument,
  next,
  held,
  delivered,
  admin,
  orgAdmin,
} from './list-documents-test-kit';

describe('a caller’s scope and list', () => {
  it('is the hub for everything, an organisation in the role of its kind, nothing else', () => {
    expect(documentScopeOf({ kind: 'everything' }, snapshot)).toBe(HUB_SCOPE);
    expect(documentScopeOf({ kind: 'nothing' }, snapshot)).toBeNull();
    expect(documentScopeOf({ kind: 'organisation', organisationId: 'org-cro' }, snapshot)).toBe(
      'cro#org-cro',
    );
    expect(
      documentScopeOf({ kind: 'organisation', organisationId: 'org-unknown' }, snapshot),
    ).toBeNull();
    expect(documentListFor({}, 'site#org-site-a')).toEqual({ list: 'site', key: 'org-site-a' });
    expect(documentListFor({ holdKind: 'mapping' }, 'site#org-site-a')).toEqual({
      list: 'held',
      key: '',
    });
  });

  it('shows an organisation exactly the documents of its index: not one its system sent for a study it no longer serves', () => {
    // The study's CRO changed; the old CRO's system still serves the connection.
    const record = aDocument({
      croOrganisationId: 'org-cro',
      senderOrganisationId: 'org-cro-old',
      direction: 'sponsor-to-site',
    });
    expect(seesDocument('cro#org-cro', record)).toBe(true);
    expect(seesDocument('cro#org-cro-old', record)).toBe(false);
    expect(seesDocument('site#org-site-a', record)).toBe(true);
    expect(seesDocument('site#org-site-b', record)).toBe(false);
    // In another role than its kind's: not its list, not its scope.
    expect(seesDocument('sponsor#org-site-a', record)).toBe(false);
  });
});

describe('the list’s total', () => {
  /**
   * A history over two weeks: held, delivered, acknowledged, rejected after its delivery,
   * recalled before it; both directions, three sites' worth of parties.
   */
  const history = async () => {
    const store = new MemoryDocumentStore();
    let random = 7;
    const roll = (n: number) => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random % n;
    };
    const reasons: HoldReason[] = [
      'sender-no-standard',
      'receiver-artifact-unmapped',
      'checksum-mismatch',
      'metadata-missing',
    ];
    for (let i = 0; i < 240; i += 1) {
      const sentAt = new Date(Date.UTC(2025, 2, 1 + roll(14), roll(24), roll(60))).toISOString();
      const site = roll(2) === 0 ? 'org-site-a' : 'org-site-b';
      const record = aDocument({
        sentAt,
        updatedAt: sentAt,
        siteOrganisationId: site,
        croOrganisationId: roll(3) === 0 ? 'org-cro' : null,
        direction: DIRECTIONS[roll(2)],
        connectionId: `conn-${site}`,
      });
      await store.create(record);
      const fate = roll(7);
      if (fate === 0) continue;
      if (fate === 5) {
        // Recalled while it was still on its way: never delivered.
        await store.update(next(record, { state: 'recalled' }), record);
        continue;
      }
      const hold = held(record, reasons[roll(reasons.length)] ?? 'sender-no-standard');
      await store.update(hold, record);
      if (fate === 1) continue;
      const at = new Date(Date.parse(sentAt) + roll(3) * 3_600_000 + roll(600) * 1000);
      const done = delivered(hold, at.toISOString());
      await store.deliver(done, hold);
      if (fate === 2 || fate === 6) {
        // Acknowledged, or sent back after its delivery: either way it reached its receiver.
        const stored = (await store.get(record.documentId)) as DocumentRecord;
        await store.update(
          next(stored, { state: fate === 2 ? 'acknowledged' : 'rejected' }),
          stored,
        );
      }
    }
    return store;
  };

  /** Every row of the list, page by page, and the total each page answered. */
  const readAll = async (
    store: MemoryDocumentStore,
    caller: Partial<Caller>,
    filters: DocumentFilters,
  ) => {
    const input = routes['s3documents/list'].request.parse({ ...filters, limit: 7 });
    const rows: string[] = [];
    const totals = new Set<number | null>();
    let cursor: string | undefined;
    do {
      const page = await listDocuments(
        { ...input, ...(cursor === undefined ? {} : { cursor }) },
        callerContext(caller),
        { registry, documents: store },
      );
      routes['s3documents/list'].response.parse(page);
      rows.push(...page.documents.map((d) => d.documentId));
      totals.add(page.total);
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return { rows, totals: [...totals] };
  };

  const callers: [string, Partial<Caller>][] = [
    ['a PlatformAdmin', admin],
    ['an Auditor of every organisation', { role: 'Auditor', organisationId: null }],
    ['a site’s OrgAdmin', orgAdmin('org-site-a')],
    ['the sponsor’s Auditor', { role: 'Auditor', organisationId: 'org-sponsor' }],
    ['the CRO’s OrgAdmin', orgAdmin('org-cro')],
    ['an OrgAdmin of an organisation in none', orgAdmin('org-cro-old')],
  ];
  const counted: DocumentFilters[] = [
    { state: 'held' },
    { state: 'held', holdKind: 'mapping' },
    { state: 'held', holdKind: 'sender' },
    { holdKind: 'mapping' },
    { sentFrom: '2025-03-03', sentTo: '2025-03-03' },
    { sentFrom: '2025-03-03', sentTo: '2025-03-03', direction: 'sponsor-to-site' },
    { sentFrom: '2025-03-01', sentTo: '2025-03-30', delivered: 'true' },
    {
      sentFrom: '2025-03-05',
      sentTo: '2025-03-09',
      direction: 'site-to-sponsor',
      delivered: 'true',
    },
  ];

  it.each(callers)('equals the rows the list shows, for %s', async (_, caller) => {
    const store = await history();
    const sizes: number[] = [];
    for (const filters of counted) {
      const { rows, totals } = await readAll(store, caller, filters);
      expect(totals, JSON.stringify(filters)).toEqual([rows.length]);
      sizes.push(rows.length);
    }
    // Lists of several pages (7 a page), but for the organisation no document names.
    if (caller.organisationId === 'org-cro-old') expect(Math.max(...sizes)).toBe(0);
    else expect(Math.max(...sizes)).toBeGreaterThan(7);
  });

  it('is null for filters it does not count, and 0 for a caller who sees nothing', async () => {
    const store = await history();
    for (const filters of [
      {},
      { state: 'delivered' },
      { state: 'held', direction: 'site-to-sponsor' },
      { sentFrom: '2025-03-03' },
      { sentFrom: '2025-03-03', sentTo: '2025-03-04', studyId: 'study-1' },
      { sentFrom: '2025-03-03', sentTo: '2025-03-04', state: 'held' },
    ] as DocumentFilters[]) {
      expect(await documentTotal(filters, HUB_SCOPE, store), JSON.stringify(filters)).toBeNull();
    }
    expect(await documentTotal({ state: 'held' }, null, store)).toBe(0);
    const page = await listDocuments(
      { state: 'held' },
      callerContext({ role: 'OrgAdmin', organisationId: null }),
      {
        registry,
        documents: store,
      },
    );
    expect(page).toEqual({ documents: [], nextCursor: null, total: 0 });
  });
});

describe('the activity the dashboard shows', () => {
  it('gives every day, its sent and delivered per direction as the lists count them, and the delivery times', async () => {
    const store = new MemoryDocumentStore();
    const a = aDocument({ sentAt: '2025-03-02T10:00:00.000Z' });
    const b = aDocument({ sentAt: '2025-03-04T23:59:59.999Z', direction: 'sponsor-to-site' });
    const c = aDocument({ sentAt: '2025-03-05T00:00:00.000Z' });
    for (const r of [a, b, c]) await store.create(r);
    await store.deliver(delivered(a, '2025-03-02T10:00:01.000Z'), a);
    await store.deliver(delivered(b, '2025-03-05T23:59:59.999Z'), b);
    const activity = await documentActivity(HUB_SCOPE, '2025-03-01', '2025-03-04', store);
    expect(activity.days.map((d) => d.day)).toEqual(daysEndingOn('2025-03-04', 4));
    expect(activity.days[1]).toEqual({
      day: '2025-03-02',
      sent: { 'site-to-sponsor': 1, 'sponsor-to-site': 0 },
      delivered: { 'site-to-sponsor': 1, 'sponsor-to-site': 0 },
    });
    expect(activity.sent).toEqual({ 'site-to-sponsor': 1, 'sponsor-to-site': 1 });
    expect(activity.delivered).toEqual({ 'site-to-sponsor': 1, 'sponsor-to-site': 1 });
    expect(activity.deliveryTimes[0]).toBe(1);
    expect(activity.deliveryTimes[DELIVERY_TIME_BOUNDS_SECONDS.indexOf(86_400)]).toBe(1);
    for (const day of activity.days) {
      for (const direction of DIRECTIONS) {
        expect(
          await documentTotal({ sentFrom: day.day, sentTo: day.day, direction }, HUB_SCOPE, store),
        ).toBe(day.sent[direction]);
      }
    }
    expect(
      await documentTotal(
        { sentFrom: '2025-03-01', sentTo: '2025-03-04', delivered: 'true' },
        HUB_SCOPE,
        store,
      ),
    ).toBe(activity.deliveryTimes.reduce((x, y) => x + y, 0));
    expect((await documentActivity(null, '2025-03-01', '2025-03-04', store)).sent).toEqual({
      'site-to-sponsor': 0,
      'sponsor-to-site': 0,
    });
  });

  it('reads percentiles as the bound of their bucket', () => {
    const times = Array.from({ length: DELIVERY_TIME_BUCKETS }, () => 0);
    expect(deliveryPercentile(times, 50)).toBeNull();
    times[2] = 50; // ≤ 5 s
    times[7] = 40; // ≤ 5 min
    times[17] = 10; // beyond 7 days
    expect(deliveryPercentile(times, 50)).toBe(5);
    expect(deliveryPercentile(times, 51)).toBe(300);
    expect(deliveryPercentile(times, 90)).toBe(300);
    expect(deliveryPercentile(times, 99)).toBe('beyond');
  });
});

describe('the order', () => {
  it('lists oldest first on asking (the held queue by age), page after page, its cursors its own', async () => {
    const store = new MemoryDocumentStore();
    const sent: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const sentAt = new Date(Date.UTC(2025, 3, 1 + ((i * 4) % 9), 8)).toISOString();
      const record = aDocument({ sentAt, updatedAt: sentAt });
      await store.create(record);
      await store.update(held(record, 'sender-no-standard'), record);
      sent.push(`${sentAt}#${record.documentId}`);
    }
    const read = async (order: 'oldest' | 'newest' | undefined) => {
      const rows: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listDocuments(
          routes['s3documents/list'].request.parse({
            state: 'held',
            limit: 4,
            ...(order === undefined ? {} : { order }),
            ...(cursor === undefined ? {} : { cursor }),
          }),
          callerContext(admin),
          { registry, documents: store },
        );
        // The order changes no total.
        expect(page.total).toBe(9);
        rows.push(...page.documents.map((d) => `${d.sentAt}#${d.documentId}`));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      return rows;
    };
    const oldest = [...sent].sort();
    expect(await read('oldest')).toEqual(oldest);
    expect(await read('newest')).toEqual([...oldest].reverse());
    expect(await read(undefined)).toEqual([...oldest].reverse());

    // A cursor of the newest-first list does not continue the oldest-first one.
    const first = await listDocuments({ state: 'held', limit: 4 }, callerContext(admin), {
      registry,
      documents: store,
    });
    await expect(
      listDocuments(
        { state: 'held', limit: 4, order: 'oldest', cursor: first.nextCursor ?? '' },
        callerContext(admin),
        { registry, documents: store },
      ),
    ).rejects.toThrow(/cursor does not belong/);
  });
});
