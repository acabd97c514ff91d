import { createHash } from 'node:crypto';
import type { StoredEvent } from '../core/ports/events';
import type { WebhookDelivery, WebhookEndpoint } from '../core/ports/webhooks';

/**
 * The deliveries an event makes (issue 36): one for each active endpoint of its organisation
 * that takes its kind, due at once. The id is made from the event's time and id and the
 * endpoint's, so an event fanned out again makes no second delivery, and an endpoint's
 * deliveries sort by when their events happened. The body is Standard Webhooks'
 * `{ type, timestamp, data }`, data the event as the events feed gives it.
 */

export const deliveryIdOf = (
  event: Pick<StoredEvent, 'eventId' | 'at'>,
  endpointId: string,
): string => {
  const when = new Date(event.at).toISOString().replace(/\D/gu, '');
  const id = event.eventId.replace(/[^0-9A-Za-z]/gu, '').toLowerCase();
  return `msg_${when}_${id}_${createHash('sha256').update(endpointId).digest('hex').slice(0, 12)}`;
};

export const webhookBody = (event: StoredEvent): string =>
  JSON.stringify({
    type: event.kind,
    timestamp: event.at,
    data: {
      eventId: event.eventId,
      sequence: String(event.sequence),
      kind: event.kind,
      at: event.at,
      organisationId: event.organisationId,
      subject: event.subject,
      counterpart: event.counterpart,
      reason: event.reason,
    },
  });

export const deliveriesFor = (
  events: readonly StoredEvent[],
  endpoints: readonly WebhookEndpoint[],
  now: Date,
): WebhookDelivery[] =>
  events.flatMap((event) =>
    endpoints
      .filter(
        (e) =>
          e.status === 'active' &&
          e.organisationId === event.organisationId &&
          e.eventTypes.includes(event.kind),
      )
      .map((endpoint) => ({
        deliveryId: deliveryIdOf(event, endpoint.endpointId),
        endpointId: endpoint.endpointId,
        organisationId: endpoint.organisationId,
        systemId: endpoint.systemId,
        eventId: event.eventId,
        eventType: event.kind,
        body: webhookBody(event),
        createdAt: now.toISOString(),
        state: 'pending' as const,
        attempts: [],
        nextAttemptAt: now.toISOString(),
      })),
  );
