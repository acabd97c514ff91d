import { describe, expect, it } from 'vitest';
import { MailOutbox } from '../core/outbox';
import { FakeMailer, silentLogger } from '../core/testing/fakes';
import { MemoryNotifications } from '../core/testing/memory-notifications';
import { MemoryOutbox } from '../core/testing/memory-outbox';
import { WHO } from '../core/testing/connection-test-network';
import { createDistribution } from '../documents/distribution/create-distribution.core';
import { remindDistributions } from '../documents/distribution/distribution-reminders';
import { consoleCall, distributionWorld } from '../documents/distribution/distribution-test-kit';
import { fanOutEvents } from '../events/fan-out';
import type { Listener } from '../events/notification-rules';

/**
 * A safety letter's reminder reaching people (issue 35): the distributions' pass emits the site's
 * `distribution.overdue`, the events' fan-out makes it the site OrgAdmin's notification and a
 * mail in their language — once a reminder, beside the `distribution.to-acknowledge` of the
 * delivery.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('a distribution’s reminder through the events', () => {
  it('reaches the overdue site’s OrgAdmin by notification and by mail in Turkish, once a reminder', async () => {
    const w = await distributionWorld();
    await consoleCall(
      'distributions/create',
      createDistribution,
      { sourceDocumentId: w.source.documentId, overdueDays: 3 },
      WHO.sponsorAdmin,
      w,
    );
    w.clock.advance(3 * DAY);
    await remindDistributions(w.deps);
    w.clock.advance(3 * DAY);
    await remindDistributions(w.deps);
    await remindDistributions(w.deps);

    const notifications = new MemoryNotifications();
    await notifications.savePreferences('ankara-admin', { channels: {}, language: 'tr' });
    const mailer = new FakeMailer();
    const users: Listener[] = [
      {
        userName: 'ankara-admin',
        email: 'admin@ankara.example',
        role: 'OrgAdmin',
        organisationId: 'org-site-3',
        enabled: true,
      },
    ];
    const deps = {
      events: w.events,
      notifications,
      users: { all: () => Promise.resolve(users) },
      registry: w.registry,
      outbox: new MailOutbox(
        { outbox: new MemoryOutbox(), mailer, clock: w.clock, logger: silentLogger() },
        {},
        {},
      ),
      clock: w.clock,
      logger: silentLogger(),
      consoleUrl: null,
    };
    expect((await fanOutEvents(deps)).failed).toBe(0);
    // Told to acknowledge once, reminded twice; a second fan-out adds nothing.
    expect(await notifications.unread('ankara-admin')).toBe(3);
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'CCSC: Acme Pharma onaylanması gereken bir güvenlik mektubu gönderdi: IND safety report 7.',
      'CCSC: IND safety report 7 güvenlik mektubunun onay süresi geçti.',
      'CCSC: IND safety report 7 güvenlik mektubunun onay süresi geçti.',
    ]);
    await fanOutEvents(deps);
    expect(await notifications.unread('ankara-admin')).toBe(3);
    expect(mailer.sent).toHaveLength(3);
  });
});
