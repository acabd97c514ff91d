import * as z from 'zod';
import { EVENT_KINDS, type EventKind } from '@ccsc/contract/events';

/**
 * Webhook endpoints and their deliveries (issue 36). An endpoint is one system's: a URL, the
 * event kinds it takes, its signing secrets (two while a rotation lets both work), whether it is
 * active, and its health (since when its deliveries fail). A delivery is one event for one
 * endpoint, made once (its id from the event's and the endpoint's), with every attempt and when
 * the next is due; the due ones are found by time.
 */

export interface WebhookSecretRecord {
  /** `whsec_…`: the hub signs with it, so it is kept (the table is encrypted at rest). */
  secret: string;
  createdAt: string;
  /** When a rotated-out secret stops signing; null for the current one. */
  retiresAt: string | null;
}

export interface WebhookEndpoint {
  endpointId: string;
  organisationId: string;
  systemId: string;
  url: string;
  eventTypes: EventKind[];
  description: string | null;
  status: 'active' | 'disabled';
  disabledAt: string | null;
  /** Why: `failing` (the hub, after its retries) or `by-owner`. */
  disabledReason: 'failing' | 'by-owner' | null;
  secrets: WebhookSecretRecord[];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  revision: number;
  /** Since when every attempt failed (null: the last attempt succeeded, or none yet). */
  failingSince: string | null;
  lastSuccessAt: string | null;
  /** The journaled write that made its last change: a step run again finds its own change. */
  lastWriteId?: string | null;
}

export interface WebhookAttempt {
  at: string;
  /** The HTTP status answered, or null when none came (refused, timed out, not public). */
  status: number | null;
  durationMs: number;
  error: string | null;
  /** Who asked for it: the schedule, or a person or system redelivering. */
  trigger: 'schedule' | 'redeliver';
}

export interface WebhookDelivery {
  deliveryId: string;
  endpointId: string;
  organisationId: string;
  systemId: string;
  eventId: string;
  eventType: EventKind;
  /** The body exactly as sent, every attempt the same. */
  body: string;
  createdAt: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: WebhookAttempt[];
  /** When the next attempt is due; null once it succeeded or failed. */
  nextAttemptAt: string | null;
}

export interface WebhookStore {
  endpoint(endpointId: string): Promise<WebhookEndpoint | null>;
  /** Every endpoint (a few per system at most), for the fan-out and the lists. */
  endpoints(): Promise<WebhookEndpoint[]>;
  /** Creates (`expectedRevision` null: it must not exist) or replaces at that revision (409). */
  putEndpoint(endpoint: WebhookEndpoint, expectedRevision: number | null): Promise<void>;
  deleteEndpoint(endpointId: string, expectedRevision: number): Promise<void>;
  /** The delivery side's marks on an endpoint, whatever its revision. */
  recordHealth(
    endpointId: string,
    health: Pick<WebhookEndpoint, 'failingSince' | 'lastSuccessAt'>,
  ): Promise<void>;
  /** Disables an active endpoint for failing; false when it was not active any more. */
  disableFailing(endpointId: string, at: Date): Promise<boolean>;
  /** Writes each delivery once: one already there (same id) is kept as it is. */
  createDeliveries(deliveries: readonly WebhookDelivery[]): Promise<void>;
  delivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /**
   * Deliveries due at `now`, soonest first, at most `limit`; those `skip` names (a dispatcher's
   * in hand) read past, neither answered nor counted.
   */
  due(now: Date, limit: number, skip?: (deliveryId: string) => boolean): Promise<WebhookDelivery[]>;
  /**
   * Records an attempt: the delivery as it is now (its new attempt, state and next time), written
   * only if it is still as the writer read it — `read`'s attempts and next time — so two workers
   * never both record one, nor both put one off. (Compared with what the writer read, never with
   * a fresh read: a writer that reads after another's write would find that write and pass.)
   */
  recordAttempt(
    delivery: WebhookDelivery,
    read: Pick<WebhookDelivery, 'attempts' | 'nextAttemptAt'>,
  ): Promise<boolean>;
  /**
   * Takes one of an endpoint's `slots` attempt slots for `holder` until `until` (a slot held past
   * its time is free again: a worker that died holds it no longer). The slot taken or, when each
   * is held, since when the latest of their holders holds it.
   */
  takeSlot(
    endpointId: string,
    slots: number,
    holder: string,
    now: Date,
    until: Date,
  ): Promise<{ slot: number } | { allHeldSince: string }>;
  /** Gives a slot back, if `holder` still holds it. */
  releaseSlot(endpointId: string, slot: number, holder: string): Promise<void>;
  /** An endpoint's deliveries, newest first, a page at a time. */
  deliveries(
    endpointId: string,
    limit: number,
    cursor: string | null,
  ): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }>;
}

/** What one attempt's POST came to. */
export interface WebhookResponse {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** Sends one attempt: a POST of `body` with `headers`, given up after `timeoutMs`. */
export interface WebhookSender {
  post(
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<WebhookResponse>;
}

/** An endpoint as stored (the table) and as a journal entry carries it (webhook-writes.ts). */
export const webhookEndpointRecordSchema: z.ZodType<WebhookEndpoint> = z.lazy(() =>
  z.object({
    endpointId: z.string(),
    organisationId: z.string(),
    systemId: z.string(),
    url: z.string(),
    eventTypes: z.array(z.enum(EVENT_KINDS)),
    description: z.string().nullable(),
    status: z.enum(['active', 'disabled']),
    disabledAt: z.string().nullable(),
    disabledReason: z.enum(['failing', 'by-owner']).nullable(),
    secrets: z.array(
      z.object({ secret: z.string(), createdAt: z.string(), retiresAt: z.string().nullable() }),
    ),
    createdAt: z.string(),
    createdBy: z.string(),
    updatedAt: z.string(),
    revision: z.number().int(),
    failingSince: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    lastWriteId: z.string().nullable().optional(),
  }),
);

/** A delivery as a queue message names it (AWS: one SQS message per delivery). */
export interface WebhookQueueItem {
  deliveryId: string;
  endpointId: string;
  /** How many times its endpoint's slots were all taken by attempts hanging (webhook-queued.ts). */
  putOffs?: number;
}

/** A queue message's body, read at the edge (the consumer parses it with this). */
export const webhookQueueItemSchema: z.ZodType<WebhookQueueItem> = z.lazy(() =>
  z.object({
    deliveryId: z.string().min(1),
    endpointId: z.string().min(1),
    putOffs: z.number().int().min(0).optional(),
  }),
);

/**
 * The queue that hands deliveries to their consumer (AWS: SQS, adapters/sqs-webhook-queue.ts;
 * offline there is none and the console tries the due deliveries itself). A message is a hint —
 * the delivery and when it is due live in the table — so one sent twice or lost costs nothing.
 */
export interface WebhookQueueSender {
  /** Sends one message per item, each handed over after `delaySeconds` (0–900). */
  send(items: readonly WebhookQueueItem[], delaySeconds: number): Promise<void>;
}
