import { describe, expect, it } from 'vitest';
import type { EventDraft } from '../core/ports/events';
import { fanOutEvents } from './fan-out';
import { eventsWorld, USERS } from './events-test-kit';

/**
 * The fan-out in batches (issue 35: a distribution's 500 sites' notifications within 5 s): every
 * waiting event is a notification before any mail is sent, those appended while the run started
 * too; each user's notifications written one at a time; each once across a run cut short.
 */

const SITES = 120;

const letterTo = (organisationId: string): EventDraft => ({
  kind: 'distribution.to-acknowledge',
  organisationId,
  subject: { type: 'distribution', id: 'dist-1', name: 'IND safety report 7' },
  counterpart: { organisationId: 'org-sponsor', name: 'Acme Pharma' },
  reason: null,
});

const world = () => {
  const w = eventsWorld();
  for (let i = 0; i < SITES; i += 1) {
    w.users.push({
      userName: `admin-${String(i)}`,
      email: `admin-${String(i)}@site.example`,
      role: 'OrgAdmin',
      organisationId: `org-${String(i)}`,
      enabled: true,
    });
  }
  return w;
};

describe('the fan-out of many events', () => {
  it('notifies every waiting event, those appended meanwhile too, before it sends a mail', async () => {
    const w = world();
    await w.events.appendOnce(
      Array.from({ length: SITES / 2 }, (_, i) => ({
        key: `d:${String(i)}`,
        draft: letterTo(`org-${String(i)}`),
      })),
      w.clock.now(),
    );
    // The rest appended while the run reads the first (as a distribution's events are).
    const deliverMany = w.notifications.deliverMany.bind(w.notifications);
    let appended = false;
    w.notifications.deliverMany = async (deliveries, now) => {
      if (!appended) {
        appended = true;
        await w.events.appendOnce(
          Array.from({ length: SITES / 2 }, (_, i) => ({
            key: `d:${String(SITES / 2 + i)}`,
            draft: letterTo(`org-${String(SITES / 2 + i)}`),
          })),
          w.clock.now(),
        );
      }
      return deliverMany(deliveries, now);
    };
    const unreadAtFirstMail: number[] = [];
    const send = w.mailer.send.bind(w.mailer);
    let first = true;
    w.mailer.send = async (message) => {
      if (first) {
        first = false;
        const counts = await Promise.all(
          Array.from({ length: SITES }, (_, i) => w.notifications.unread(`admin-${String(i)}`)),
        );
        unreadAtFirstMail.push(counts.filter((n) => n === 1).length);
      }
      return send(message);
    };
    expect(await fanOutEvents(w.fanOutDeps)).toEqual({
      events: SITES,
      notifications: SITES,
      mails: SITES,
      failed: 0,
    });
    expect(unreadAtFirstMail).toEqual([SITES]);
    expect(await w.events.pendingFanOut(1000)).toEqual([]);
  });

  it('writes one user’s notifications of a batch one after another, each once', async () => {
    const w = world();
    const many = Array.from({ length: 5 }, (_, i) => ({
      key: `k:${String(i)}`,
      draft: letterTo('org-site'),
    }));
    await w.events.appendOnce(many, w.clock.now());
    const rounds: string[][] = [];
    const deliverMany = w.notifications.deliverMany.bind(w.notifications);
    w.notifications.deliverMany = (deliveries, now) => {
      rounds.push(deliveries.map((d) => d.userName));
      return deliverMany(deliveries, now);
    };
    await fanOutEvents(w.fanOutDeps);
    // The site's one enabled OrgAdmin: five rounds of one, never two of theirs in one write.
    expect(rounds).toEqual(Array.from({ length: 5 }, () => ['site-admin']));
    expect(await w.notifications.unread('site-admin')).toBe(5);
    expect(USERS.map((u) => u.userName)).toContain('site-admin');
  });
});
