import * as z from 'zod';
import { EVENT_KINDS, eventKindSchema } from './events';

/**
 * Webhooks (issue 36): a system subscribes endpoints to event kinds and is sent each event of its
 * organisation as it happens, as Standard Webhooks 1.0 defines a delivery — `webhook-id`,
 * `webhook-timestamp`, `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under the secret; during a rotation one signature per secret) — with a body
 * `{ type, timestamp, data }`, data the event as the events feed gives it. Declared here once for
 * the delivery engine, the console's screens and the API's reference.
 */

/** What a secret looks like: `whsec_` and the base64 of its 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const webhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{43}=$/u, 'A webhook secret is whsec_ and 32 bytes in base64.');

/** The kinds an endpoint can subscribe to: every kind of the events feed. */
export const WEBHOOK_EVENT_TYPES = EVENT_KINDS;
export const webhookEventTypeSchema = eventKindSchema;

/**
 * When a delivery is tried, counted from the event: at once, then after each of these waits
 * after the attempt before (Svix's schedule, its 10-hour step repeated to about three days: 2 d
 * 19 h 35 min 5 s in all). A 2xx answer within WEBHOOK_TIMEOUT_MS ends it; after the last, the
 * delivery has failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** How long an endpoint has to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * An endpoint that has not taken a delivery for this long, with a delivery whose every attempt
 * failed, is disabled (its organisation's administrators told): the span of the retry schedule.
 */
export const WEBHOOK_DISABLE_AFTER_MS = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);

/** A delivery's body: Standard Webhooks' recommended shape. */
export const webhookPayloadSchema = z.object({
  /** The event's kind (`document.held`…): what the endpoint subscribed to. */
  type: webhookEventTypeSchema,
  /** When the event happened (RFC 3339, UTC). */
  timestamp: z.string(),
  /** The event as GET /ccsc/api/v1/events gives it. */
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
