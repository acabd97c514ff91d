import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '@ccsc/contract/events';
import { notificationRoutes as routes } from '@ccsc/contract/notifications';
import { NotFoundError, ValidationError } from '../core/errors';
import { fanOutEvents } from './fan-out';
import { listNotifications } from './list-notifications.core';
import { markAllRead, markRead } from './mark-read.core';
import { getPreferences, updatePreferences } from './notification-preferences.core';
import { unreadCount } from './unread-count.core';
import { eventsWorld, invited } from './events-test-kit';

/** A world where the site's OrgAdmin has `n` notifications, a second apart. */
const withNotifications = async (n: number) => {
  const w = eventsWorld();
  for (let i = 0; i < n; i += 1) {
    await w.events.appendOnce([{ key: `w${String(i)}:0`, draft: invited() }], w.clock.now());
    await fanOutEvents(w.fanOutDeps);
    w.clock.advance(1_000);
  }
  return w;
};
const list = (input: Record<string, unknown>) => routes['notifications/list'].request.parse(input);

describe('the notification calls', () => {
  it('list the caller’s own notifications newest first, a page at a time, with the unread count', async () => {
    const w = await withNotifications(3);
    const me = w.as('site-admin');
    const first = await listNotifications(list({ limit: '2' }), me, {
      notifications: w.notifications,
    });
    expect(first.unread).toBe(3);
    expect(first.notifications).toHaveLength(2);
    expect(first.notifications[0]).toMatchObject({
      kind: 'connection.invited',
      read: false,
      organisationName: 'Klinik Nord',
      subject: { type: 'connection', id: 'conn-1' },
      counterpart: { name: 'Acme Pharma' },
    });
    const ats = first.notifications.map((n) => n.notificationId);
    expect([...ats].sort().reverse()).toEqual(ats);
    const rest = await listNotifications(list({ cursor: first.nextCursor }), me, {
      notifications: w.notifications,
    });
    expect(rest.notifications).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    await expect(
      listNotifications(list({ cursor: 'not-one-of-mine' }), me, {
        notifications: w.notifications,
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    // Another user sees none of them.
    const theirs = await listNotifications(list({}), w.as('sponsor-admin'), {
      notifications: w.notifications,
    });
    expect(theirs).toEqual({ notifications: [], nextCursor: null, unread: 0 });
  });

  it('mark one read (again: the same), refuse another user’s, and mark all read', async () => {
    const w = await withNotifications(3);
    const me = w.as('site-admin');
    const deps = { notifications: w.notifications };
    const [newest] = (await listNotifications(list({}), me, deps)).notifications;
    const id = newest?.notificationId ?? '';
    expect(await markRead({ notificationId: id }, me, deps)).toEqual({
      notificationId: id,
      read: true,
      unread: 2,
    });
    expect(await markRead({ notificationId: id }, me, deps)).toEqual({
      notificationId: id,
      read: true,
      unread: 2,
    });
    await expect(
      markRead({ notificationId: id }, w.as('sponsor-admin'), deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    const unread = await listNotifications(list({ unread: 'true' }), me, deps);
    expect(unread.notifications.map((n) => n.read)).toEqual([false, false]);
    expect(await markAllRead({}, me, deps)).toEqual({ marked: 2, unread: 0 });
    expect(await unreadCount({}, me, deps)).toEqual({ unread: 0 });
    expect((await listNotifications(list({}), me, deps)).notifications.every((n) => n.read)).toBe(
      true,
    );
  });

  it('answer the preferences: every kind, the role’s defaults, the safety letters locked for an OrgAdmin', async () => {
    const w = eventsWorld();
    const deps = { notifications: w.notifications };
    const admin = await getPreferences({}, w.as('site-admin'), deps);
    expect(admin.language).toBe('en');
    expect(admin.preferences.map((p) => p.kind)).toEqual([...EVENT_KINDS]);
    expect(admin.preferences.every((p) => p.channel === 'email')).toBe(true);
    expect(admin.preferences.filter((p) => p.locked).map((p) => p.kind)).toEqual([
      'distribution.to-acknowledge',
      'distribution.overdue',
    ]);
    const auditor = await getPreferences({}, w.as('site-auditor'), deps);
    expect(auditor.preferences.every((p) => p.channel === 'off' && !p.locked)).toBe(true);
  });

  it('save the kinds given and the language, keeping the others', async () => {
    const w = eventsWorld();
    const deps = { notifications: w.notifications };
    const me = w.as('site-admin');
    const parse = (input: unknown) =>
      routes['notifications/update-preferences'].request.parse(input);
    await updatePreferences(
      parse({ preferences: [{ kind: 'standard.published', channel: 'digest' }] }),
      me,
      deps,
    );
    const out = await updatePreferences(
      parse({ preferences: [{ kind: 'connection.ended', channel: 'off' }], language: 'tr' }),
      me,
      deps,
    );
    expect(out.language).toBe('tr');
    const channel = (kind: string) => out.preferences.find((p) => p.kind === kind)?.channel;
    expect([
      channel('standard.published'),
      channel('connection.ended'),
      channel('connection.invited'),
    ]).toEqual(['digest', 'off', 'email']);
    expect(await getPreferences({}, me, deps)).toEqual(out);
  });

  it('refuse `off` for a safety letter with a 400 that says why, saving nothing', async () => {
    const w = eventsWorld();
    const deps = { notifications: w.notifications };
    const input = routes['notifications/update-preferences'].request.parse({
      preferences: [
        { kind: 'standard.published', channel: 'in-app' },
        { kind: 'distribution.to-acknowledge', channel: 'off' },
      ],
    });
    const refused = updatePreferences(input, w.as('site-admin'), deps);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow(
      /Safety-letter notifications \(distribution.to-acknowledge\) cannot be switched off/u,
    );
    expect(await w.notifications.preferences('site-admin')).toBeNull();
    // A PlatformAdmin is not the letter's addressee: off is theirs to choose.
    await expect(updatePreferences(input, w.as('platform'), deps)).resolves.toMatchObject({
      language: 'en',
    });
  });

  it('validate the input by the contract: an unknown kind or channel, a kind twice, an unknown field', () => {
    const schema = routes['notifications/update-preferences'].request;
    expect(schema.safeParse({ preferences: [{ kind: 'nope', channel: 'email' }] }).success).toBe(
      false,
    );
    expect(
      schema.safeParse({ preferences: [{ kind: 'connection.ended', channel: 'sms' }] }).success,
    ).toBe(false);
    expect(
      schema.safeParse({
        preferences: [
          { kind: 'connection.ended', channel: 'email' },
          { kind: 'connection.ended', channel: 'off' },
        ],
      }).success,
    ).toBe(false);
    expect(schema.safeParse({ preferences: [], extra: 1 }).success).toBe(false);
    expect(schema.safeParse({ preferences: [], language: 'fr' }).success).toBe(false);
    expect(routes['notifications/list'].request.safeParse({ limit: '101' }).success).toBe(false);
  });
});
