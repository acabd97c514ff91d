import type { Logger } from '../core/logger';
import type { Clock } from '../core/ports/clock';
import type { StoredEvent } from '../core/ports/events';
import type { WebhookQueueSender, WebhookStore } from '../core/ports/webhooks';
import { deliveriesFor } from './webhook-deliveries';

/**
 * The fan-out's webhook part: the deliveries of a batch of events, each written once, then — with
 * a queue (AWS) — sent to it at once. A send that fails loses nothing: the deliveries are due in
 * the table, and the every-minute job enqueues them once overdue (webhook-queued.ts); so it is
 * logged, not failed (the events are not fanned out again for it).
 */
export const webhookQueue = (
  store: WebhookStore,
  clock: Clock,
  queue: { sender: WebhookQueueSender; logger: Pick<Logger, 'warn'> } | null = null,
) => ({
  async queue(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const endpoints = await store.endpoints();
    if (endpoints.length === 0) return;
    const made = deliveriesFor(events, endpoints, clock.now());
    await store.createDeliveries(made);
    if (queue === null || made.length === 0) return;
    try {
      await queue.sender.send(
        made.map((d) => ({ deliveryId: d.deliveryId, endpointId: d.endpointId })),
        0,
      );
    } catch (err) {
      queue.logger.warn('webhooks: new deliveries could not be queued; the job will enqueue them', {
        deliveries: made.length,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  },
});
