import * as z from 'zod';
import { ADMINS, READERS } from './common';
import { EVENT_KINDS, eventKindSchema } from './events';
import { identifierSchema } from './fields';
import { defineRoute } from './route';
import { fullScope } from './scopes';

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
 * How many attempts to one endpoint are under way at once at most. An endpoint that keeps them
 * all waiting has its other deliveries put off (none lost, none tried sooner than scheduled), so
 * that it never holds back another endpoint's.
 */
export const WEBHOOK_IN_FLIGHT_PER_ENDPOINT = 4;

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

// ---- The partner calls: a system's own endpoints (issue 36) ----

export const webhookEndpointIdSchema = z.lazy(() =>
  z.string().regex(/^whe_[0-9a-z]{26}$/u, 'endpointId is not one this hub gave.'),
);
export const webhookDeliveryIdSchema = z.lazy(() =>
  z
    .string()
    .regex(/^msg_\d{17}_[0-9a-z]{20,40}_[0-9a-f]{12}$/u, 'deliveryId is not one this hub gave.'),
);

const urlSchema = z
  .string()
  .trim()
  .min(1, 'url is required.')
  .max(2000, 'url may be at most 2,000 characters.');
const eventTypesSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Subscribe to at least one event type.')
  .max(EVENT_KINDS.length)
  .refine((types) => new Set(types).size === types.length, 'Name each event type once.');
const descriptionSchema = z.string().trim().max(200, 'description may be at most 200 characters.');
/** Hours the old secret keeps signing after a rotation (both signatures are sent meanwhile). */
export const WEBHOOK_ROTATION_HOURS_MAX = 72;

export const webhookEndpointSchema = z.lazy(() =>
  z.object({
    endpointId: z.string(),
    systemId: z.string(),
    url: z.string(),
    eventTypes: z.array(webhookEventTypeSchema),
    description: z.string().nullable(),
    status: z
      .enum(['active', 'disabled'])
      .describe(
        'active: events are delivered; disabled: none are (by its owner, or by the hub after its deliveries failed for the whole retry schedule — disabledReason says which).',
      ),
    disabledAt: z.string().nullable(),
    disabledReason: z.enum(['failing', 'by-owner']).nullable(),
    /** When the rotated-out secret stops signing (null: one secret signs). */
    previousSecretRetiresAt: z.string().nullable(),
    failingSince: z
      .string()
      .nullable()
      .describe('Since when every attempt failed; null once one succeeds.'),
    lastSuccessAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    revision: z.number().int(),
  }),
);
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z.lazy(() =>
  z.object({
    deliveryId: z.string().describe('The webhook-id header of every attempt.'),
    eventId: z.string(),
    eventType: webhookEventTypeSchema,
    createdAt: z.string(),
    state: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.array(
      z.object({
        at: z.string(),
        status: z.number().int().nullable(),
        durationMs: z.number().int(),
        error: z.string().nullable(),
        trigger: z.enum(['schedule', 'redeliver']),
      }),
    ),
    nextAttemptAt: z.string().nullable(),
  }),
);
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

/** A change of an endpoint at the revision read: the partner call's and the console's. */
const endpointChangeSchema = z
  .object({
    endpointId: webhookEndpointIdSchema,
    revision: z.number().int().min(1),
    url: urlSchema.optional(),
    eventTypes: eventTypesSchema.optional(),
    description: descriptionSchema.nullable().optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .strict();
/** A secret's rotation at the revision read. */
const rotationSchema = z
  .object({
    endpointId: webhookEndpointIdSchema,
    revision: z.number().int().min(1),
    keepOldHours: z.number().int().min(0).max(WEBHOOK_ROTATION_HOURS_MAX).optional(),
  })
  .strict();
/** A page of an endpoint's deliveries. */
const deliveriesPageSchema = z
  .object({
    endpointId: webhookEndpointIdSchema,
    limit: z.coerce.number().int().min(1).max(100).optional(),
    cursor: webhookDeliveryIdSchema.optional(),
  })
  .strict();

const partnerAccess = {
  api: 'partner',
  auth: 'authenticated',
  roles: [],
  scope: fullScope('webhooks.manage'),
} as const;

export const webhookPartnerRoutes = {
  'partner-list-webhooks': defineRoute({
    operation: 'partner-list-webhooks',
    method: 'GET',
    path: 'webhooks',
    input: 'query',
    ...partnerAccess,
    summary:
      'The webhook endpoints of the calling system, oldest first, with their health: since when their deliveries fail, their last success, whether the hub disabled them.',
    request: () => z.object({}).strict(),
    response: () => z.object({ endpoints: z.array(webhookEndpointSchema) }),
  }),
  'partner-create-webhook': defineRoute({
    operation: 'partner-create-webhook',
    method: 'POST',
    path: 'webhooks',
    input: 'body',
    ...partnerAccess,
    summary:
      "Subscribes an endpoint of the calling system to event types: each event of the system's organisation of those types is POSTed to it as Standard Webhooks 1.0 defines (webhook-id, webhook-timestamp, webhook-signature), retried for about three days. The URL must be https to a public address. Answers the signing secret once: keep it, it is not shown again.",
    request: () =>
      z
        .object({
          url: urlSchema,
          eventTypes: eventTypesSchema,
          description: descriptionSchema.optional(),
        })
        .strict(),
    response: () => z.object({ endpoint: webhookEndpointSchema, secret: webhookSecretSchema }),
  }),
  'partner-update-webhook': defineRoute({
    operation: 'partner-update-webhook',
    method: 'POST',
    path: 'webhooks/{endpointId}',
    input: 'body',
    ...partnerAccess,
    summary:
      'Changes an endpoint of the calling system at the revision read (409 if it changed meanwhile): its URL, event types, description, or status (disabled: nothing is delivered; active again: events from then on are, and its failure mark is cleared).',
    request: () => endpointChangeSchema,
    response: () => z.object({ endpoint: webhookEndpointSchema }),
  }),
  'partner-rotate-webhook-secret': defineRoute({
    operation: 'partner-rotate-webhook-secret',
    method: 'POST',
    path: 'webhooks/{endpointId}/rotate-secret',
    input: 'body',
    ...partnerAccess,
    summary: `A new signing secret for an endpoint, answered once. The old one keeps signing beside it for keepOldHours (default 24, 0 to ${String(WEBHOOK_ROTATION_HOURS_MAX)}): every delivery then carries both signatures, so the receiver can switch without a failed check.`,
    request: () => rotationSchema,
    response: () => z.object({ endpoint: webhookEndpointSchema, secret: webhookSecretSchema }),
  }),
  'partner-delete-webhook': defineRoute({
    operation: 'partner-delete-webhook',
    method: 'POST',
    path: 'webhooks/{endpointId}/delete',
    input: 'body',
    ...partnerAccess,
    summary:
      'Deletes an endpoint of the calling system at the revision read: nothing more is delivered to it, deliveries still due are closed unsent.',
    request: () =>
      z.object({ endpointId: webhookEndpointIdSchema, revision: z.number().int().min(1) }).strict(),
    response: () => z.object({ endpointId: z.string() }),
  }),
  'partner-webhook-deliveries': defineRoute({
    operation: 'partner-webhook-deliveries',
    method: 'GET',
    path: 'webhooks/{endpointId}/deliveries',
    input: 'query',
    ...partnerAccess,
    summary:
      'The deliveries to an endpoint of the calling system, newest event first, each with every attempt (when, the status answered or the error, how long) and when the next is due; 50 a page.',
    request: () => deliveriesPageSchema,
    response: () =>
      z.object({ deliveries: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }),
  }),
  'partner-redeliver-webhook': defineRoute({
    operation: 'partner-redeliver-webhook',
    method: 'POST',
    path: 'webhooks/{endpointId}/deliveries/{deliveryId}/redeliver',
    input: 'body',
    ...partnerAccess,
    summary:
      'Sends a delivery again now (an active endpoint only), with the same webhook-id and body, signed afresh; the attempt is added to its log. A delivery still pending keeps its schedule if this attempt fails.',
    request: () =>
      z
        .object({ endpointId: webhookEndpointIdSchema, deliveryId: webhookDeliveryIdSchema })
        .strict(),
    response: () => z.object({ delivery: webhookDeliverySchema }),
  }),
} as const;

// ---- The console calls: an administrator manages a system's endpoints (issue 36) ----

/** The system a console page of endpoints is about, with its organisation's name. */
export const webhookSystemSchema = z.lazy(() =>
  z.object({
    systemId: z.string(),
    name: z.string(),
    kind: z.string(),
    status: z.string(),
    organisationId: z.string(),
    organisationName: z.string(),
  }),
);

/**
 * The same actions as the partner calls, for any system the caller may see (reads: every role
 * within its reach) or manage (changes: a PlatformAdmin, or the system's organisation's
 * OrgAdmin), audited as the administrator. A system or endpoint the caller may not see is 404.
 */
export const webhookConsoleRoutes = {
  'list-webhook-endpoints': defineRoute({
    operation: 'list-webhook-endpoints',
    method: 'GET',
    path: 'list-webhook-endpoints',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      "A system's webhook endpoints, oldest first, with their health (failing since, last success, disabled by whom), and the system itself; never a secret.",
    request: () => z.object({ systemId: identifierSchema }).strict(),
    response: () =>
      z.object({ system: webhookSystemSchema, endpoints: z.array(webhookEndpointSchema) }),
  }),
  'create-webhook-endpoint': defineRoute({
    operation: 'create-webhook-endpoint',
    method: 'POST',
    path: 'create-webhook-endpoint',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      "Subscribes an endpoint for a system (an active system of the caller's reach) to event types, as the system itself could; answers the signing secret once.",
    request: () =>
      z
        .object({
          systemId: identifierSchema,
          url: urlSchema,
          eventTypes: eventTypesSchema,
          description: descriptionSchema.optional(),
        })
        .strict(),
    response: () => z.object({ endpoint: webhookEndpointSchema, secret: webhookSecretSchema }),
  }),
  'update-webhook-endpoint': defineRoute({
    operation: 'update-webhook-endpoint',
    method: 'POST',
    path: 'update-webhook-endpoint',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Changes an endpoint at the revision read (409 if it changed meanwhile): URL, event types, description, or status (enabling clears its failure mark).',
    request: () => endpointChangeSchema,
    response: () => z.object({ endpoint: webhookEndpointSchema }),
  }),
  'rotate-webhook-secret': defineRoute({
    operation: 'rotate-webhook-secret',
    method: 'POST',
    path: 'rotate-webhook-secret',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'A new signing secret for an endpoint, answered once; the old one signs beside it for keepOldHours (default 24).',
    request: () => rotationSchema,
    response: () => z.object({ endpoint: webhookEndpointSchema, secret: webhookSecretSchema }),
  }),
  'delete-webhook-endpoint': defineRoute({
    operation: 'delete-webhook-endpoint',
    method: 'POST',
    path: 'delete-webhook-endpoint',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary: 'Deletes an endpoint at the revision read: nothing more is delivered to it.',
    request: () =>
      z.object({ endpointId: webhookEndpointIdSchema, revision: z.number().int().min(1) }).strict(),
    response: () => z.object({ endpointId: z.string() }),
  }),
  'list-webhook-deliveries': defineRoute({
    operation: 'list-webhook-deliveries',
    method: 'GET',
    path: 'list-webhook-deliveries',
    input: 'query',
    auth: 'authenticated',
    roles: READERS,
    summary:
      'The deliveries to an endpoint, newest event first, each with every attempt (when, status or error, duration, who asked) and when the next is due; 50 a page.',
    request: () => deliveriesPageSchema,
    response: () =>
      z.object({ deliveries: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }),
  }),
  'redeliver-webhook': defineRoute({
    operation: 'redeliver-webhook',
    method: 'POST',
    path: 'redeliver-webhook',
    input: 'body',
    auth: 'authenticated',
    roles: ADMINS,
    summary:
      'Sends a delivery again now (an active endpoint only), same webhook-id and body, signed afresh; the attempt joins its log.',
    request: () =>
      z
        .object({ endpointId: webhookEndpointIdSchema, deliveryId: webhookDeliveryIdSchema })
        .strict(),
    response: () => z.object({ delivery: webhookDeliverySchema }),
  }),
} as const;
