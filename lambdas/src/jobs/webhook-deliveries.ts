import { lambdaLogger } from '../core/logger';
import { deliveryPass, type DeliveryPassOutcome } from '../webhooks/webhook-queued';
import { webhookDispatchDeps, webhookQueueSender, webhookStore } from '../wiring/webhooks';
import { scheduledJob } from '../telemetry';

/**
 * The scheduled pass over the webhook deliveries (webhooks/webhook-queued.ts, `deliveryPass`).
 * Offline (no WEBHOOK_QUEUE_URL) it tries the deliveries due itself (webhook-dispatch.ts),
 * several times a second while any endpoint exists (mock-server console.ts). In AWS, every
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

/** Whether any endpoint exists (the offline console's quick pump runs only then). */
export const anyWebhookEndpoint = async (): Promise<boolean> =>
  (await webhookStore().endpoints()).length > 0;

export const handler = scheduledJob('webhook-deliveries', runWebhookDeliveries);
