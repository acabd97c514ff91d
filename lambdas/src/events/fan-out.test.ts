import { describe, expect, it } from 'vitest';
import { fanOutEvents } from './fan-out';
import { sendDigests } from './notification-digest';
import { eventsWorld, invited, SPONSOR } from './events-test-kit';

const emit = async (w: ReturnType<typeof eventsWorld>, key: string, draft = invited()) =>
  w.events.appendOnce([{ key, draft }], w.clock.now());

describe('the fan-out of events to notifications', () => {
  it('reaches the recipient organisation’s enabled OrgAdmins in the list and by e-mail, nobody else by default', async () => {
    const w = eventsWorld();
    await emit(w, 'w1:0');
    expect(await fanOutEvents(w.fanOutDeps)).toMatchObject({
      events: 1,
      notifications: 1,
      mails: 1,
    });
    expect(
      [...w.notifications.byUser.entries()].filter(([, l]) => l.length > 0).map(([u]) => u),
    ).toEqual(['site-admin']);
    expect(await w.notifications.unread('site-admin')).toBe(1);
    expect(w.mailer.sent).toEqual([
      expect.objectContaining({
        to: 'admin@site.example',
        subject: 'CCSC: Acme Pharma invited your organisation to a study: ABC-001 · Klinik Nord.',
      }),
    ]);
    expect(w.mailer.sent[0]?.text).toContain('Klinik Nord: Acme Pharma invited');
    expect(w.mailer.sent[0]?.text).toContain('https://console.example');
    expect(await w.events.pendingFanOut(10)).toEqual([]);
    // Nothing waits any more: a second run does nothing.
    expect(await fanOutEvents(w.fanOutDeps)).toMatchObject({ events: 0, notifications: 0 });
  });

  it('follows each user’s choice: a PlatformAdmin and an Auditor who opted in, a digest, off, the language', async () => {
    const w = eventsWorld();
    await w.notifications.savePreferences('platform', {
      channels: { 'connection.invited': 'in-app' },
      language: null,
    });
    await w.notifications.savePreferences('site-auditor', {
      channels: { 'connection.invited': 'digest' },
      language: 'tr',
    });
    await w.notifications.savePreferences('site-admin', { channels: {}, language: 'de' });
    await w.notifications.savePreferences('sponsor-admin', {
      channels: { 'connection.invited': 'email' },
      language: null,
    });
    await emit(w, 'w1:0');
    expect(await fanOutEvents(w.fanOutDeps)).toMatchObject({ notifications: 3, mails: 1 });
    expect(await w.notifications.unread('platform')).toBe(1);
    expect(await w.notifications.unread('site-auditor')).toBe(1);
    // Another organisation's OrgAdmin never hears of the site's event, whatever they chose.
    expect(await w.notifications.unread('sponsor-admin')).toBe(0);
    expect(w.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [
        'admin@site.example',
        'CCSC: Acme Pharma hat Ihre Organisation zu einer Studie eingeladen: ABC-001 · Klinik Nord.',
      ],
    ]);
    await w.notifications.savePreferences('site-admin', {
      channels: { 'connection.invited': 'off' },
      language: 'de',
    });
    await emit(w, 'w2:0');
    await fanOutEvents(w.fanOutDeps);
    expect(await w.notifications.unread('site-admin')).toBe(1);

    // The digest: one mail to the auditor, in Turkish, listing both; then nothing waits.
    expect(await sendDigests({ ...w.fanOutDeps })).toEqual({ mails: 1, items: 2 });
    const digest = w.mailer.sent.at(-1);
    expect(digest?.to).toBe('audit@site.example');
    expect(digest?.subject).toBe('CCSC: günün bildirimleri');
    expect(digest?.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(2);
    expect(await sendDigests({ ...w.fanOutDeps })).toEqual({ mails: 0, items: 0 });
  });

  it('delivers a safety letter to an OrgAdmin who chose off for everything else', async () => {
    const w = eventsWorld();
    // Stored by hand (the server refuses `off` for it): the fan-out still never leaves them out.
    await w.notifications.savePreferences('site-admin', {
      channels: { 'distribution.to-acknowledge': 'off' },
      language: null,
    });
    await emit(w, 'w1:0', { ...invited(), kind: 'distribution.to-acknowledge' });
    await fanOutEvents(w.fanOutDeps);
    expect(await w.notifications.unread('site-admin')).toBe(1);
  });

  it('fans an event out again after a cut-short run without a second notification or mail', async () => {
    const w = eventsWorld();
    await emit(w, 'w1:0');
    await emit(w, 'w1:1', invited(SPONSOR));
    const fannedOut = w.events.fannedOut.bind(w.events);
    let fail = true;
    w.events.fannedOut = (e) => {
      if (fail) return Promise.reject(new Error('DynamoDB unavailable'));
      return fannedOut(e);
    };
    expect(await fanOutEvents(w.fanOutDeps)).toMatchObject({ events: 0, failed: 2 });
    expect(w.logger.errors).toHaveLength(2);
    fail = false;
    expect(await fanOutEvents(w.fanOutDeps)).toMatchObject({ events: 2, notifications: 0 });
    expect(await w.notifications.unread('site-admin')).toBe(1);
    expect(await w.notifications.unread('sponsor-admin')).toBe(1);
    expect(w.mailer.sent.map((m) => m.to).sort()).toEqual([
      'admin@site.example',
      'admin@sponsor.example',
    ]);
  });

  it('hands each batch to the webhooks, and leaves a batch they could not take waiting', async () => {
    const w = eventsWorld();
    await emit(w, 'w1:0');
    const queued: string[][] = [];
    let down = true;
    const webhooks = {
      queue: (events: readonly { eventId: string }[]) => {
        if (down) return Promise.reject(new Error('DynamoDB unavailable'));
        queued.push(events.map((e) => e.eventId));
        return Promise.resolve();
      },
    };
    expect(await fanOutEvents({ ...w.fanOutDeps, webhooks })).toMatchObject({
      events: 0,
      failed: 1,
    });
    down = false;
    expect(await fanOutEvents({ ...w.fanOutDeps, webhooks })).toMatchObject({ events: 1 });
    expect(queued).toHaveLength(1);
    expect(queued[0]).toHaveLength(1);
  });
});
