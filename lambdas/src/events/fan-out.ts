import type { Logger } from '../core/logger';
import { PLAIN_MAIL } from '../core/outbox';
import type { Clock } from '../core/ports/clock';
import type { EventLog, StoredEvent } from '../core/ports/events';
import type { NotificationStore, StoredPreferences } from '../core/ports/notifications';
import type { OutboxItem } from '../core/ports/outbox';
import type { Registry } from '../core/ports/registry';
import { audienceOf, type Listener, mayHear } from './notification-rules';
import { immediateMail } from './notification-texts';

/**
 * The fan-out (issue 35; a scheduled job, and offline every pass): each event waiting for it
 * becomes its webhook deliveries (issue 36, `webhooks`), a notification of every user who
 * should hear of it (notification-rules.ts), an e-mail
 * at once for those who chose it (through the outbox, in their language), a digest item for
 * those who chose the digest; then the event no longer waits. A batch's notifications are all
 * written before its mails are sent, many side by side (a distribution's 500 sites' within the
 * 5 s budget, issue 35). Each part is idempotent (a
 * notification once per user and event, a mail once per id), so an event whose fan-out was cut
 * short is simply fanned out again.
 */
export interface FanOutDeps {
  events: Pick<EventLog, 'pendingFanOut' | 'fannedOut'>;
  notifications: Pick<NotificationStore, 'deliverMany' | 'preferences' | 'preferencesOf'>;
  users: { all(): Promise<readonly Listener[]> };
  registry: Pick<Registry, 'snapshot'>;
  outbox: { queue(item: Pick<OutboxItem, 'id' | 'kind' | 'payload'>): Promise<void> };
  clock: Clock;
  logger: Pick<Logger, 'error'>;
  /** Where the mails point (the console's address), or null. */
  consoleUrl: string | null;
  /**
   * The webhook deliveries a batch makes (issue 36), each once whatever runs it again; a batch
   * it cannot queue is left waiting like one not notified.
   */
  webhooks?: { queue(events: readonly StoredEvent[]): Promise<void> };
}

export interface FanOutOutcome {
  events: number;
  notifications: number;
  mails: number;
  failed: number;
}

/** Events a batch: a distribution's 500 sites' notifications are written before any of their mails. */
const BATCH = 500;
/** How many mails are sent at once. */
const LANES = 16;

/** Runs `work` over `items`, at most LANES at a time. */
const inLanes = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(LANES, items.length) }, lane));
};

type Audience = Awaited<ReturnType<typeof audienceOf>>;

const notificationOf = (event: StoredEvent, organisationName: string) => ({
  eventId: event.eventId,
  kind: event.kind,
  at: event.at,
  organisationId: event.organisationId,
  organisationName,
  subject: event.subject,
  counterpart: event.counterpart,
  reason: event.reason,
});

/** Records a part of an event's fan-out that failed: the event is left waiting. */
const failer =
  (deps: FanOutDeps, outcome: FanOutOutcome, failed: Set<string>) =>
  (event: StoredEvent, err: unknown) => {
    // Left waiting: the next run fans it out again (each part once).
    if (!failed.has(event.eventId)) outcome.failed += 1;
    failed.add(event.eventId);
    deps.logger.error('events: a fan-out failed; it will be tried again', {
      eventId: event.eventId,
      error: err instanceof Error ? err.message : String(err),
    });
  };

interface Run {
  deps: FanOutDeps;
  users: readonly Listener[];
  names: ReadonlyMap<string, string>;
  /** A user's choices, read once a run (a run lasts seconds; a change applies from the next). */
  known: Map<string, Promise<StoredPreferences | null>>;
  outcome: FanOutOutcome;
  failed: Set<string>;
}

const labelOf = (run: Run, e: StoredEvent) => run.names.get(e.organisationId) ?? e.organisationId;

/**
 * One batch's notifications: the choices of everyone who may hear of the events read at once,
 * then every notification, many users' to a write (`deliverMany`), each user once a round (one
 * user's count is never raised by two writes at once). Answers each event's audience.
 */
const notifyBatch = async (
  run: Run,
  batch: readonly StoredEvent[],
): Promise<Map<string, Audience>> => {
  const { deps, users, known, outcome, failed } = run;
  const fail = failer(deps, outcome, failed);
  const unread = users
    .filter((u) => batch.some((e) => mayHear(u, e.organisationId)))
    .map((u) => u.userName)
    .filter((u) => !known.has(u));
  if (unread.length > 0) {
    const read = deps.notifications.preferencesOf(unread);
    for (const u of unread)
      known.set(
        u,
        read.then((all) => all.get(u) ?? null),
      );
  }
  const preferences = (userName: string) =>
    known.get(userName) ?? deps.notifications.preferences(userName);
  const audiences = new Map<string, Audience>();
  const byUser = new Map<string, { event: StoredEvent; digest: boolean }[]>();
  for (const event of batch) {
    try {
      const audience = await audienceOf(event, users, preferences);
      audiences.set(event.eventId, audience);
      for (const { user, channel } of audience) {
        const mine = byUser.get(user.userName) ?? [];
        mine.push({ event, digest: channel === 'digest' });
        byUser.set(user.userName, mine);
      }
    } catch (err) {
      fail(event, err);
    }
  }
  const rounds: { userName: string; event: StoredEvent; digest: boolean }[][] = [];
  for (const [userName, items] of byUser) {
    for (const [k, { event, digest }] of items.entries()) {
      rounds[k] ??= [];
      rounds[k].push({ userName, event, digest });
    }
  }
  for (const round of rounds) {
    const open = round.filter((d) => !failed.has(d.event.eventId));
    try {
      const delivered = await deps.notifications.deliverMany(
        open.map((d) => ({ ...d, event: notificationOf(d.event, labelOf(run, d.event)) })),
        deps.clock.now(),
      );
      outcome.notifications += delivered.filter(Boolean).length;
    } catch (err) {
      for (const d of open) fail(d.event, err);
    }
  }
  return audiences;
};

/** The notified events' mails (16 at a time), then each event no longer waits. */
const mailAndMark = async (
  run: Run,
  notified: readonly { event: StoredEvent; audience: Audience }[],
): Promise<void> => {
  const { deps, outcome, failed } = run;
  const fail = failer(deps, outcome, failed);
  await inLanes(notified, async ({ event, audience }) => {
    if (failed.has(event.eventId)) return;
    try {
      for (const { user, channel, language } of audience) {
        if (channel !== 'email') continue;
        // Queued again after an interruption: the outbox sends an id once.
        await deps.outbox.queue({
          id: `notify:${event.eventId}:${user.userName}`,
          kind: PLAIN_MAIL,
          payload: {
            to: user.email,
            ...immediateMail(language, notificationOf(event, labelOf(run, event)), deps.consoleUrl),
          },
        });
        outcome.mails += 1;
      }
      await deps.events.fannedOut(event);
      outcome.events += 1;
    } catch (err) {
      fail(event, err);
    }
  });
};

/** How many times a run takes the events come meanwhile before it sends the mails. */
const NOTIFY_ROUNDS = 4;

export const fanOutEvents = async (deps: FanOutDeps): Promise<FanOutOutcome> => {
  const outcome: FanOutOutcome = { events: 0, notifications: 0, mails: 0, failed: 0 };
  const failed = new Set<string>();
  let run: Run | null = null;
  for (;;) {
    // Every event waiting is notified before any mail is sent, also those written meanwhile (a
    // distribution's events are appended while the run starts): a few rounds, then the mails.
    const notified: { event: StoredEvent; audience: Audience }[] = [];
    const seen = new Set<string>();
    for (let round = 0; round < NOTIFY_ROUNDS; round += 1) {
      const batch = (await deps.events.pendingFanOut(BATCH + failed.size + seen.size)).filter(
        (e) => !failed.has(e.eventId) && !seen.has(e.eventId),
      );
      if (batch.length === 0) break;
      if (run === null) {
        const snapshot = await deps.registry.snapshot();
        run = {
          deps,
          users: await deps.users.all(),
          names: new Map(
            [...snapshot.organisations.values()].map((o) => [o.organisationId, o.name]),
          ),
          known: new Map(),
          outcome,
          failed,
        };
      }
      const audiences = await notifyBatch(run, batch);
      if (deps.webhooks !== undefined) {
        const open = batch.filter((e) => !failed.has(e.eventId));
        try {
          await deps.webhooks.queue(open);
        } catch (err) {
          for (const event of open) failer(deps, outcome, failed)(event, err);
        }
      }
      for (const event of batch) {
        seen.add(event.eventId);
        const audience = audiences.get(event.eventId);
        if (audience !== undefined) notified.push({ event, audience });
      }
    }
    if (run === null || notified.length === 0) return outcome;
    await mailAndMark(run, notified);
  }
};
