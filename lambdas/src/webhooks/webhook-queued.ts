import { randomUUID } from 'node:crypto';
import { WEBHOOK_TIMEOUT_MS } from '@ccsc/contract/webhooks';
import type { Clock } from '../core/ports/clock';
import type { Logger } from '../core/logger';
import {
  type WebhookDelivery,
  type WebhookQueueItem,
  webhookQueueItemSchema,
  type WebhookQueueSender,
  type WebhookStore,
} from '../core/ports/webhooks';
import {
  dispatchDue,
  type DispatchDeps,
  type DispatchOutcome,
  PER_ENDPOINT,
  putOffDelivery,
  STALLED_AFTER_MS,
  stepDelivery,
  type StepOutcome,
} from './webhook-dispatch';

/**
 * Webhook deliveries through a queue (issue 36, in AWS; offline there is no queue and the
 * console tries the due deliveries itself, dispatchDue). The table stays the truth — each
 * delivery, its attempts and when its next is due (WEBHOOKMSG#, WEBHOOKDUE) —, a message only
 * says "look at this delivery now":
 * - the fan-out sends each new delivery's message at once (webhook-queue.ts);
 * - the consumer (`consumeBatch`) takes each message's delivery through the same step as
 *   the offline dispatcher (`stepDelivery`) when it is still pending and due, holding one of its
 *   endpoint's PER_ENDPOINT attempt slots in the table meanwhile (shared by every consumer: an
 *   endpoint that hangs keeps at most that many consumers waiting; `deferQueued` when none is
 *   free), and, when its next attempt is at most 15 minutes away, sends itself a message delayed
 *   until then;
 * - every minute the job enqueues the deliveries overdue by more than OVERDUE_AFTER_MS
 *   (`enqueueOverdue`): the longer waits of the schedule (30 min and more, beyond SQS's delay)
 *   and any delivery whose message was lost.
 * A message sent twice is harmless: the second finds its delivery no longer due (or loses the
 * attempt's conditional record). A message that keeps failing (DynamoDB failing) goes back to
 * the queue, then to its dead-letter queue; its delivery stays due in the table all the while.
 */

/** SQS delays a message at most 15 minutes. */
export const MAX_QUEUE_DELAY_S = 900;

/** A delivery due this much longer than its time is the safety net's (its message is late or lost). */
export const OVERDUE_AFTER_MS = 60_000;

/** A slot is held this much longer than an attempt can last (the writes after the POST). */
const SLOT_SLACK_MS = 5_000;

/** A delivery whose endpoint is busy (not hanging) is put off this long at first… */
export const BUSY_WAIT_S = 1;

/** …and at most this long. */
const BUSY_WAIT_MAX_S = 60;

/** A message handed over a little early (clocks, rounding) still finds its delivery due. */
const EARLY_MS = 1_000;

/** How many overdue deliveries a run of the safety net enqueues at most. */
const OVERDUE_LIMIT = 500;

export interface QueuedDeps extends DispatchDeps {
  queue: WebhookQueueSender;
}

export type QueuedOutcome = 'skipped' | 'closed' | 'attempted' | 'deferred';

/**
 * One message's delivery: skipped when gone, over, or not due yet (another message, or the job,
 * took it); closed unsent when its endpoint is gone or disabled; otherwise attempted, and its
 * next attempt, when pending and at most MAX_QUEUE_DELAY_S away, queued for its time. A thrown
 * error (the table failing) leaves the delivery as it was: the caller reports the message failed.
 */
export const consumeQueued = async (
  deps: QueuedDeps,
  item: WebhookQueueItem,
): Promise<QueuedOutcome> => {
  const delivery = await deps.store.delivery(item.endpointId, item.deliveryId);
  const now = deps.clock.now().getTime();
  if (
    delivery?.state !== 'pending' ||
    delivery.nextAttemptAt === null ||
    Date.parse(delivery.nextAttemptAt) > now + EARLY_MS
  ) {
    return 'skipped';
  }
  const endpoint = await deps.store.endpoint(item.endpointId);
  if (endpoint?.status !== 'active') {
    await stepDelivery(deps, delivery, endpoint);
    return 'closed';
  }
  // One of its endpoint's PER_ENDPOINT slots, shared by every consumer, for the attempt's length.
  const holder = `${item.deliveryId}#${randomUUID()}`;
  const takenAt = deps.clock.now();
  const taken = await deps.store.takeSlot(
    item.endpointId,
    PER_ENDPOINT,
    holder,
    takenAt,
    new Date(takenAt.getTime() + WEBHOOK_TIMEOUT_MS + SLOT_SLACK_MS),
  );
  if ('allHeldSince' in taken) return deferQueued(deps, item, delivery, taken.allHeldSince);
  let done: StepOutcome;
  try {
    done = await stepDelivery(deps, delivery, endpoint);
  } finally {
    await deps.store.releaseSlot(item.endpointId, taken.slot, holder).catch((err: unknown) => {
      // Held past its time then: free again after WEBHOOK_TIMEOUT_MS + SLOT_SLACK_MS.
      deps.logger.warn('webhooks: an attempt slot could not be given back', {
        endpointId: item.endpointId,
        error: err instanceof Error ? err.message : String(err),
      });
    });
  }
  if (done.kind === 'closed') return 'closed';
  const next = done.delivery.nextAttemptAt;
  if (done.recorded && done.delivery.state === 'pending' && next !== null) {
    const wait = (Date.parse(next) - deps.clock.now().getTime()) / 1000;
    if (wait <= MAX_QUEUE_DELAY_S) {
      try {
        // Its put-offs counted afresh: they were this endpoint's state then, not now.
        const { deliveryId, endpointId } = item;
        await deps.queue.send([{ deliveryId, endpointId }], Math.max(0, Math.ceil(wait)));
      } catch (err) {
        // Recorded and due in the table: the every-minute job enqueues it once overdue.
        deps.logger.warn('webhooks: the next attempt could not be queued', {
          deliveryId: item.deliveryId,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  }
  return 'attempted';
};

/**
 * A delivery whose endpoint's slots are all taken: put off — its next attempt moved later in the
 * table (so the every-minute job does not take it for a lost one), no attempt made — and its
 * message delayed as long, the wait doubling with each put-off of it, with a random part so that
 * a backlog spreads out. Taken by attempts under way for less than STALLED_AFTER_MS (a busy
 * endpoint): from BUSY_WAIT_S up to BUSY_WAIT_MAX_S; for longer (an endpoint that hangs): from
 * WEBHOOK_TIMEOUT_MS up to SQS's longest delay.
 */
const deferQueued = async (
  deps: QueuedDeps,
  item: WebhookQueueItem,
  delivery: WebhookDelivery,
  allHeldSince: string,
): Promise<QueuedOutcome> => {
  const now = deps.clock.now().getTime();
  const stalled = now - Date.parse(allHeldSince) >= STALLED_AFTER_MS;
  const baseS = stalled ? WEBHOOK_TIMEOUT_MS / 1000 : BUSY_WAIT_S;
  const putOffs = item.putOffs ?? 0;
  const waitS = Math.min(
    stalled ? MAX_QUEUE_DELAY_S : BUSY_WAIT_MAX_S,
    Math.ceil(baseS * 2 ** Math.min(putOffs, 10) + Math.random() * baseS),
  );
  const nextAttemptAt = new Date(now + waitS * 1000).toISOString();
  if (!(await putOffDelivery(deps.store, delivery, nextAttemptAt))) return 'skipped';
  try {
    await deps.queue.send([{ ...item, putOffs: putOffs + 1 }], waitS);
  } catch (err) {
    // Due in the table at its new time: the every-minute job enqueues it once overdue.
    deps.logger.warn('webhooks: a put-off delivery could not be queued', {
      deliveryId: item.deliveryId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
  return 'deferred';
};

export interface QueueMessage {
  messageId: string;
  body: string;
}

/**
 * A batch of messages (SQS hands the consumer up to 10), their deliveries side by side, each once
 * (two messages of one delivery in a batch share its outcome). Answers the ids of the messages
 * that failed — SQS hands them over again, and after its maxReceiveCount moves them to the
 * dead-letter queue —: a body that is no delivery's (logged at ERROR), or a delivery whose step
 * threw.
 */
export const consumeBatch = async (
  deps: QueuedDeps & { logger: Pick<Logger, 'warn' | 'error'> },
  messages: readonly QueueMessage[],
): Promise<{ failed: string[]; outcomes: Record<QueuedOutcome, number> }> => {
  const failed: string[] = [];
  const outcomes: Record<QueuedOutcome, number> = {
    skipped: 0,
    closed: 0,
    attempted: 0,
    deferred: 0,
  };
  const byDelivery = new Map<string, { item: WebhookQueueItem; messageIds: string[] }>();
  for (const message of messages) {
    const parsed = webhookQueueItemSchema.safeParse(parseJson(message.body));
    if (!parsed.success) {
      deps.logger.error('webhooks: a queue message names no delivery', {
        messageId: message.messageId,
      });
      failed.push(message.messageId);
      continue;
    }
    const key = `${parsed.data.endpointId} ${parsed.data.deliveryId}`;
    const same = byDelivery.get(key) ?? { item: parsed.data, messageIds: [] };
    same.messageIds.push(message.messageId);
    byDelivery.set(key, same);
  }
  // The batch's attempts side by side agree on their endpoints' health, as a pass's do.
  const batch: typeof deps = { ...deps, health: new Map() };
  await Promise.all(
    [...byDelivery.values()].map(async ({ item, messageIds }) => {
      try {
        outcomes[await consumeQueued(batch, item)] += 1;
      } catch (err) {
        deps.logger.warn('webhooks: a queued delivery could not be attempted', {
          deliveryId: item.deliveryId,
          error: err instanceof Error ? err.message : String(err),
        });
        failed.push(...messageIds);
      }
    }),
  );
  return { failed, outcomes };
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * The safety net (the every-minute job in AWS): the deliveries due for more than
 * OVERDUE_AFTER_MS, soonest first, at most `limit`, sent to the queue at once. It attempts none
 * itself; a send that fails throws (the job's failure alarm), the deliveries staying due.
 */
export const enqueueOverdue = async (
  deps: { store: Pick<WebhookStore, 'due'>; queue: WebhookQueueSender; clock: Clock },
  limit = OVERDUE_LIMIT,
): Promise<number> => {
  const overdue = await deps.store.due(
    new Date(deps.clock.now().getTime() - OVERDUE_AFTER_MS),
    limit,
  );
  await deps.queue.send(
    overdue.map((d) => ({ deliveryId: d.deliveryId, endpointId: d.endpointId })),
    0,
  );
  return overdue.length;
};

export type DeliveryPassOutcome = DispatchOutcome & { enqueued: number };

/**
 * The scheduled pass: with a queue (AWS) the overdue deliveries enqueued, its consumer attempting
 * them; without one (offline) the due deliveries tried here and now.
 */
export const deliveryPass = async (
  deps: DispatchDeps,
  queue: WebhookQueueSender | null,
): Promise<DeliveryPassOutcome> => {
  if (queue === null) return { ...(await dispatchDue(deps)), enqueued: 0 };
  const enqueued = await enqueueOverdue({ store: deps.store, queue, clock: deps.clock });
  return { attempted: 0, succeeded: 0, failed: 0, disabled: 0, putOff: 0, enqueued };
};
