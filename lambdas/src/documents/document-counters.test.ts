import {
  DELIVERY_TIME_BOUNDS_SECONDS,
  DELIVERY_TIME_BUCKETS,
  deliveryBucketOf,
} from '@ccsc/contract/documents';
import { describe, expect, it } from 'vitest';
import { retryDocument } from './console.core';
import { documentWritesOf } from './document-test-kit';
import { settle } from './routing';
import {
  countChanges,
  documentCounts,
  type DocumentRecord,
  HUB_SCOPE,
  organisationScope,
} from '../core/ports/documents';
import { callerContext } from '../core/testing/fakes';
import { MemoryDocumentStore } from '../core/testing/memory-documents';
import {
  snapshot,
  registry,
  aDocument,
  next,
  held,
  delivered,
  orgAdmin,
} from './list-documents-test-kit';

/** The counters each move of a document adds to. */

describe('the counters a document moves', () => {
  it('counts a send, a hold, a change of reason, its end, a delivery and its time, and nothing for an acknowledgement', async () => {
    const store = new MemoryDocumentStore();
    const sent = aDocument({ croOrganisationId: 'org-cro' });
    await store.create(sent);
    const scopes = [
      HUB_SCOPE,
      organisationScope('site', 'org-site-a'),
      organisationScope('sponsor', 'org-sponsor'),
      organisationScope('cro', 'org-cro'),
    ];
    for (const scope of scopes) {
      const [day] = await store.dayCounts(scope, '2025-03-10', '2025-03-10');
      expect(day?.sent).toEqual({ 'site-to-sponsor': 1, 'sponsor-to-site': 0 });
      expect(day?.delivered).toEqual({ 'site-to-sponsor': 0, 'sponsor-to-site': 0 });
    }
    // No other organisation counts it.
    expect(
      await store.dayCounts(organisationScope('site', 'org-site-b'), '2025-03-10', '2025-03-10'),
    ).toEqual([]);

    const file = held(sent, 'checksum-mismatch');
    expect(await store.update(file, sent)).toBe(true);
    expect((await store.heldCounts(HUB_SCOPE))['checksum-mismatch']).toBe(1);
    // Released from the file's hold into a mapping's (the same update moves both).
    const mapping = held(file, 'sender-type-unmapped');
    expect(await store.update(mapping, file)).toBe(true);
    expect(await store.heldCounts(HUB_SCOPE)).toMatchObject({
      'checksum-mismatch': 0,
      'sender-type-unmapped': 1,
    });
    // A change on a revision that moved on writes nothing, counts nothing.
    expect(await store.update(held(file, 'receiver-no-standard'), file)).toBe(false);
    expect((await store.heldCounts(HUB_SCOPE))['receiver-no-standard']).toBe(0);

    // Delivered 4 minutes after it was sent: bucket "≤ 5 min"; counted on the day it was sent.
    const done = delivered(mapping, '2025-03-10T08:04:00.000Z');
    expect(await store.deliver(done, mapping)).not.toBeNull();
    expect(await store.heldCounts(organisationScope('cro', 'org-cro'))).toMatchObject({
      'sender-type-unmapped': 0,
    });
    const [day] = await store.dayCounts(
      organisationScope('sponsor', 'org-sponsor'),
      '2025-03-01',
      '2025-03-31',
    );
    expect(day?.delivered).toEqual({ 'site-to-sponsor': 1, 'sponsor-to-site': 0 });
    const bucket = DELIVERY_TIME_BOUNDS_SECONDS.indexOf(300);
    expect(day?.deliveryTimes[bucket]).toBe(1);
    expect(day?.deliveryTimes.reduce((a, b) => a + b, 0)).toBe(1);

    // Acknowledged: no counter moves.
    const stored = (await store.get(done.documentId)) as DocumentRecord;
    const acknowledged = next(stored, {
      state: 'acknowledged',
      acknowledgedAt: '2025-03-11T00:00:00.000Z',
    });
    expect(countChanges(stored, acknowledged)).toEqual([]);

    // What the changes left is what the document, as it is, counts (a bulk load writes that).
    const fresh = new MemoryDocumentStore();
    fresh.count(documentCounts(acknowledged));
    await store.update(acknowledged, stored);
    // (A held count back at 0 stays a 0 where the changes left it; a bulk load writes none.)
    const nonZero = (s: MemoryDocumentStore) =>
      [...s.counters]
        .flatMap(([row, numbers]) =>
          [...numbers].filter(([, n]) => n !== 0).map(([name, n]) => `${row} ${name} ${String(n)}`),
        )
        .sort();
    expect(nonZero(fresh)).toEqual(nonZero(store));
  });

  it('puts each delivery time in its bucket: at most the bound, the last bucket beyond', () => {
    expect(DELIVERY_TIME_BUCKETS).toBe(18);
    expect(deliveryBucketOf(0)).toBe(0);
    expect(deliveryBucketOf(1)).toBe(0);
    expect(deliveryBucketOf(1.5)).toBe(1);
    expect(deliveryBucketOf(300)).toBe(DELIVERY_TIME_BOUNDS_SECONDS.indexOf(300));
    expect(deliveryBucketOf(301)).toBe(DELIVERY_TIME_BOUNDS_SECONDS.indexOf(600));
    expect(deliveryBucketOf(7 * 86_400)).toBe(16);
    expect(deliveryBucketOf(7 * 86_400 + 1)).toBe(17);
  });

  it('counts a completion from the record as stored: a file hold ends when the document is held for a mapping instead', async () => {
    const store = new MemoryDocumentStore();
    const sent = aDocument();
    await store.create(sent);
    const file = held(sent, 'checksum-mismatch');
    await store.update(file, sent);
    // The completion's copy, received, at the stored revision; no standard is published.
    const received: DocumentRecord = {
      ...file,
      state: 'received',
      holdReason: null,
      holdDetail: null,
    };
    const outcome = await settle(
      received,
      snapshot,
      { registry, documents: store, rows: { get: () => Promise.resolve([]) } },
      '2025-03-10T09:00:00.000Z',
      { stored: file },
    );
    expect(outcome.record).toMatchObject({ state: 'held', holdReason: 'sender-no-standard' });
    expect(await store.heldCounts(HUB_SCOPE)).toMatchObject({
      'checksum-mismatch': 0,
      'sender-no-standard': 1,
    });
  });

  it('counts an administrator’s retry that holds the document for another reason', async () => {
    const store = new MemoryDocumentStore();
    const clock = { now: () => new Date('2025-03-12T00:00:00.000Z') };
    const sent = aDocument();
    await store.create(sent);
    const unmapped = held(sent, 'sender-type-unmapped');
    await store.update(unmapped, sent);
    const answer = await retryDocument(
      { documentId: sent.documentId },
      callerContext(orgAdmin('org-site-a')),
      {
        registry,
        documents: store,
        rows: { get: () => Promise.resolve([]) },
        files: { downloadUrl: () => Promise.resolve('') },
        clock,
        writes: documentWritesOf({
          registry,
          documents: store,
          rows: { get: () => Promise.resolve([]) },
          clock,
        }).writes,
      },
    );
    expect(answer.document.holdReason).toBe('sender-no-standard');
    expect(await store.heldCounts(organisationScope('site', 'org-site-a'))).toMatchObject({
      'sender-type-unmapped': 0,
      'sender-no-standard': 1,
    });
  });
});
