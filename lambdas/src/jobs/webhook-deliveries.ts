import { lambdaLogger } from '../core/logger';
import { createDispatcher, type Dispatcher } from '../webhooks/webhook-dispatch';
import { deliveryPass, type DeliveryPassOutcome } from '../webhooks/webhook-queued';
import { webhookDispatchDeps, webhookQueueSender, webhookStore } from '../wiring/webhooks';
import { scheduledJob } from '../telemetry';

/**
 * The scheduled pass over the webhook deliveries (webhooks/webhook-queued.ts, `deliveryPass`).
 * Offline (no WEBHOOK_QUEUE_URL) it tries the deliveries due itself, once (webhook-dispatch.ts);
 * the console keeps a dispatcher instead (`webhookDispatcher`). In AWS, every
 * minute, it is the queue's safety net: it enqueues the deliveries overdue by more than a minute
 * (the schedule's long waits, a message lost) for the queue's consumer
 * (webhook-queue-consumer.ts), and attempts none itself.
 */
export const runWebhookDeliveries = async (): Promise<DeliveryPassOutcome> => {
  const outcome = await deliveryPass(webhookDispatchDeps(), webhookQueueSender());
  if (outcome.attempted + outcome.enqueued > 0) {
    lambdaLogger.info('webhook deliveries', { ...outcome });
  }
  return outcome;
};

/**
 * Offline, the console's dispatcher (no queue): kicked several times a second while any endpoint
 * exists, its lanes going from one delivery to the next, an endpoint that hangs holding only its
 * own (webhook-dispatch.ts).
 */
export const webhookDispatcher = (): Dispatcher =>
  createDispatcher(webhookDispatchDeps(), { refill: true });

/** Whether any endpoint exists (the offline console's quick pump runs only then). */
export const anyWebhookEndpoint = async (): Promise<boolean> =>
  (await webhookStore().endpoints()).length > 0;

export const handler = scheduledJob('webhook-deliveries', runWebhookDeliveries);
