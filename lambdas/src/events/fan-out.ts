import type { Logger } from '../core/logger';
import { PLAIN_MAIL } from '../core/outbox';
import type { Clock } from '../core/ports/clock';
import type { EventLog, StoredEvent } from '../core/ports/events';
import type { NotificationStore } from '../core/ports/notifications';
import type { OutboxItem } from '../core/ports/outbox';
import type { Registry } from '../core/ports/registry';
import { audienceOf, type Listener } from './notification-rules';
import { immediateMail } from './notification-texts';

/**
 * The fan-out (issue 35; a scheduled job, and offline every pass): each event waiting for it
 * becomes a notification of every user who should hear of it (notification-rules.ts), an e-mail
 * at once for those who chose it (through the outbox, in their language), a digest item for
 * those who chose the digest; then the event no longer waits. Each part is idempotent (a
 * notification once per user and event, a mail once per id), so an event whose fan-out was cut
 * short is simply fanned out again.
 */
export interface FanOutDeps {
  events: Pick<EventLog, 'pendingFanOut' | 'fannedOut'>;
  notifications: Pick<NotificationStore, 'deliver' | 'preferences'>;
  users: { all(): Promise<readonly Listener[]> };
  registry: Pick<Registry, 'snapshot'>;
  outbox: { queue(item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>): Promise<void> };
  clock: Clock;
  logger: Pick<Logger, 'error'>;
  /** Where the mails point (the console's address), or null. */
  consoleUrl: string | null;
}

export interface FanOutOutcome {
  events: number;
  notifications: number;
  mails: number;
  failed: number;
}

const BATCH = 100;

const fanOutOne = async (
  deps: FanOutDeps,
  event: StoredEvent,
  users: readonly Listener[],
  organisationName: string,
  outcome: FanOutOutcome,
): Promise<void> => {
  const audience = await audienceOf(event, users, (u) => deps.notifications.preferences(u));
  const notification = {
    eventId: event.eventId,
    kind: event.kind,
    at: event.at,
    organisationId: event.organisationId,
    organisationName,
    subject: event.subject,
    counterpart: event.counterpart,
    reason: event.reason,
  };
  for (const { user, channel, language } of audience) {
    const delivered = await deps.notifications.deliver(
      user.userName,
      notification,
      { digest: channel === 'digest' },
      deps.clock.now(),
    );
    if (delivered) outcome.notifications += 1;
    // Queued again after an interruption: the outbox sends an id once.
    if (channel === 'email') {
      await deps.outbox.queue({
        id: `notify:${event.eventId}:${user.userName}`,
        kind: PLAIN_MAIL,
        payload: { to: user.email, ...immediateMail(language, notification, deps.consoleUrl) },
      });
      outcome.mails += 1;
    }
  }
  await deps.events.fannedOut(event);
};

export const fanOutEvents = async (deps: FanOutDeps): Promise<FanOutOutcome> => {
  const outcome: FanOutOutcome = { events: 0, notifications: 0, mails: 0, failed: 0 };
  const failed = new Set<string>();
  let users: readonly Listener[] | null = null;
  let names: Map<string, string> | null = null;
  for (;;) {
    const batch = (await deps.events.pendingFanOut(BATCH + failed.size)).filter(
      (e) => !failed.has(e.eventId),
    );
    if (batch.length === 0) return outcome;
    users ??= await deps.users.all();
    if (names === null) {
      const snapshot = await deps.registry.snapshot();
      names = new Map([...snapshot.organisations.values()].map((o) => [o.organisationId, o.name]));
    }
    for (const event of batch) {
      try {
        await fanOutOne(
          deps,
          event,
          users,
          names.get(event.organisationId) ?? event.organisationId,
          outcome,
        );
        outcome.events += 1;
      } catch (err) {
        // Left waiting: the next run fans it out again (each part once).
        failed.add(event.eventId);
        outcome.failed += 1;
        deps.logger.error('events: a fan-out failed; it will be tried again', {
          eventId: event.eventId,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  }
};
