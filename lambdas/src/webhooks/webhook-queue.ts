import type { Clock } from '../core/ports/clock';
import type { StoredEvent } from '../core/ports/events';
import type { WebhookStore } from '../core/ports/webhooks';
import { deliveriesFor } from './webhook-deliveries';

/** The fan-out's webhook part: the deliveries of a batch of events, each written once. */
export const webhookQueue = (store: WebhookStore, clock: Clock) => ({
  async queue(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const endpoints = await store.endpoints();
    if (endpoints.length === 0) return;
    await store.createDeliveries(deliveriesFor(events, endpoints, clock.now()));
  },
});
