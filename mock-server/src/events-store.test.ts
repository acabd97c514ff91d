import { describe, expect, it } from 'vitest';
import { DynamoEventLog, DynamoNotifications } from '@ccsc/lambdas/adapters';
import { useDynaliteTables } from './dynalite-test-support';

/**
 * Issue 35's stores on dynalite (lambdas/src/adapters/dynamodb-events.ts, -notifications.ts):
 * what the in-memory fakes promise the cores, held by the DynamoDB adapters.
 */
const db = useDynaliteTables('ccsc-events');

const draft = (organisationId: string) => ({
  kind: 'connection.invited' as const,
  organisationId,
  subject: { type: 'connection' as const, id: 'c1', name: 'ABC-001 · Site' },
  counterpart: { organisationId: 'sponsor', name: 'Sponsor' },
  reason: null,
});
const at = new Date('2026-01-01T10:00:00.000Z');

describe('DynamoEventLog on dynalite', () => {
  it('writes a key once, numbers each organisation’s events, pages after a cursor and fans out', async () => {
    const log = new DynamoEventLog(db.documents, await db.newTable());
    const items = [
      { key: 'w1:0', draft: draft('site') },
      { key: 'w1:1', draft: draft('cro') },
      { key: 'w1:2', draft: draft('site') },
    ];
    await log.appendOnce(items, at);
    await log.appendOnce(items, at);
    const later = new Date(at.getTime() + 1_000);
    const site = await log.page('site', 0, 10, later);
    expect(site.map((e) => e.sequence)).toEqual([1, 2]);
    expect(site[0]).toMatchObject({ ...draft('site'), at: at.toISOString() });
    expect((await log.page('site', 1, 10, later)).map((e) => e.sequence)).toEqual([2]);
    expect(await log.page('site', 2, 10, later)).toEqual([]);
    expect((await log.page('cro', 0, 1, later)).map((e) => e.sequence)).toEqual([1]);
    const pending = await log.pendingFanOut(10);
    expect(pending).toHaveLength(3);
    for (const e of pending) await log.fannedOut(e);
    expect(await log.pendingFanOut(10)).toEqual([]);
  });
});

describe('DynamoNotifications on dynalite', () => {
  const event = (n: number) => ({
    ...draft('site'),
    eventId: `e${String(n)}`,
    at: new Date(at.getTime() + n).toISOString(),
    organisationName: 'Site',
  });

  it('delivers once, counts the unread, marks one and all read, and lists newest first', async () => {
    const store = new DynamoNotifications(db.documents, await db.newTable());
    for (let n = 1; n <= 5; n += 1) {
      expect(
        await store.deliver('u1', event(n), { digest: n === 5 }, new Date(at.getTime() + n)),
      ).toBe(true);
    }
    expect(await store.deliver('u1', event(3), { digest: false }, new Date())).toBe(false);
    expect(await store.unread('u1')).toBe(5);
    expect(await store.unread('u2')).toBe(0);

    const first = await store.list('u1', { limit: 2, cursor: null, unreadOnly: false });
    expect(first.notifications.map((n) => n.eventId)).toEqual(['e5', 'e4']);
    expect(first.nextCursor).not.toBeNull();
    const second = await store.list('u1', {
      limit: 10,
      cursor: first.nextCursor,
      unreadOnly: false,
    });
    expect(second.notifications.map((n) => n.eventId)).toEqual(['e3', 'e2', 'e1']);
    await expect(
      store.list('u1', { limit: 10, cursor: 'bm9wZQ', unreadOnly: false }),
    ).rejects.toThrow('cursor');

    const four = first.notifications[1]?.notificationId ?? '';
    expect(await store.markRead('u1', four)).toBe('marked');
    expect(await store.markRead('u1', four)).toBe('already');
    expect(await store.markRead('u2', four)).toBe('missing');
    expect(await store.unread('u1')).toBe(4);
    const unread = await store.list('u1', { limit: 10, cursor: null, unreadOnly: true });
    expect(unread.notifications.map((n) => n.eventId)).toEqual(['e5', 'e3', 'e2', 'e1']);

    expect(await store.markAllRead('u1')).toBe(4);
    expect(await store.unread('u1')).toBe(0);
    expect(
      (await store.list('u1', { limit: 10, cursor: null, unreadOnly: true })).notifications,
    ).toEqual([]);
    expect(
      (await store.list('u1', { limit: 10, cursor: null, unreadOnly: false })).notifications.every(
        (n) => n.read,
      ),
    ).toBe(true);
    expect(await store.markRead('u1', four)).toBe('already');
    // A notification after the mark is unread again, and counted.
    await store.deliver('u1', event(6), { digest: false }, new Date(at.getTime() + 60_000));
    expect(await store.unread('u1')).toBe(1);

    const digest = await store.digestPending();
    expect(digest.map((d) => [d.userName, d.notification.eventId])).toEqual([['u1', 'e5']]);
    await store.digestDone(digest);
    expect(await store.digestPending()).toEqual([]);
  });

  it('keeps the preferences', async () => {
    const store = new DynamoNotifications(db.documents, await db.newTable());
    expect(await store.preferences('u1')).toBeNull();
    await store.savePreferences('u1', {
      channels: { 'connection.invited': 'digest' },
      language: 'de',
    });
    expect(await store.preferences('u1')).toEqual({
      channels: { 'connection.invited': 'digest' },
      language: 'de',
    });
  });
});
