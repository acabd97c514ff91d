import { randomBytes } from 'node:crypto';
import type { webhookPartnerRoutes as routes } from '@ccsc/contract/webhooks';
import type { WebhookDeliveryView, WebhookEndpointView } from '@ccsc/contract/webhooks';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { AuditEntry, AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSender,
  WebhookStore,
} from '../core/ports/webhooks';
import type { Core, PartnerContext } from '../core/request';
import { attemptDelivery } from './webhook-dispatch';
import { newWebhookSecret } from './webhook-signature';
import { type WebhookTargetPolicy, webhookUrlProblem } from './webhook-target';
import { WEBHOOK_CHANGED, type WebhookWrites } from './webhook-writes';

/**
 * A system's own webhook endpoints through the partner API (issue 36, scope webhooks.manage):
 * listed, subscribed (the secret answered once), changed, their secret rotated (the old one
 * signing beside the new for a while), deleted; their deliveries read and redelivered. Only the
 * calling system's endpoints exist for it (any other is 404). Every change is a journaled write
 * with its audit record (webhook-writes.ts); a secret is in no answer but the one that made it,
 * and in no audit record.
 */
export interface WebhookDeps {
  store: WebhookStore;
  writes: WebhookWrites;
  sender: WebhookSender;
  audit: Pick<AuditTrail, 'appendAll'>;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  policy: WebhookTargetPolicy;
  newId?: () => string;
  newSecret?: () => string;
}

/** The most endpoints one system may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Hours the old secret signs beside the new one when the call does not say. */
export const DEFAULT_KEEP_OLD_HOURS = 24;
const HOUR_MS = 3_600_000;
const NOT_FOUND = 'No webhook endpoint with that id belongs to the calling system.';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const newEndpointId = (): string =>
  `whe_${Array.from(randomBytes(26), (b) => ALPHABET[b % 36] ?? '0').join('')}`;

export const endpointView = (e: WebhookEndpoint, now: Date): WebhookEndpointView => ({
  endpointId: e.endpointId,
  systemId: e.systemId,
  url: e.url,
  eventTypes: e.eventTypes,
  description: e.description,
  status: e.status,
  disabledAt: e.disabledAt,
  disabledReason: e.disabledReason,
  previousSecretRetiresAt:
    e.secrets.find((s) => s.retiresAt !== null && Date.parse(s.retiresAt) > now.getTime())
      ?.retiresAt ?? null,
  failingSince: e.failingSince,
  lastSuccessAt: e.lastSuccessAt,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
  revision: e.revision,
});

export const deliveryView = (d: WebhookDelivery): WebhookDeliveryView => ({
  deliveryId: d.deliveryId,
  eventId: d.eventId,
  eventType: d.eventType,
  createdAt: d.createdAt,
  state: d.state,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt,
});

/** What an audit record says of an endpoint: never its secrets. */
const factsOf = (e: WebhookEndpoint) => ({
  url: e.url,
  eventTypes: e.eventTypes,
  description: e.description,
  status: e.status,
});

const systemAudit = (
  ctx: PartnerContext,
  action: string,
  endpoint: WebhookEndpoint,
  change: Pick<AuditEntry, 'before' | 'after'>,
): AuditEntry => ({
  action,
  outcome: 'success',
  actor: { sub: `system:${ctx.client.systemId}`, email: null, role: null },
  target: { type: 'webhook-endpoint', id: endpoint.endpointId, label: endpoint.url },
  organisationId: ctx.client.organisationId,
  source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
  requestId: ctx.requestId,
  ...change,
});

const checkedUrl = (url: string, deps: WebhookDeps): string => {
  const problem = webhookUrlProblem(url, deps.policy);
  if (problem !== null) throw new ValidationError(problem, [{ path: 'url', message: problem }]);
  return new URL(url).toString();
};

/** The calling system's endpoint, at the revision it read (409 otherwise). */
const ownEndpoint = async (
  deps: WebhookDeps,
  ctx: PartnerContext,
  endpointId: string,
  revision?: number,
): Promise<WebhookEndpoint> => {
  const endpoint = await deps.store.endpoint(endpointId);
  if (endpoint?.systemId !== ctx.client.systemId) throw new NotFoundError(NOT_FOUND);
  if (revision !== undefined && endpoint.revision !== revision) {
    throw new ConflictError(WEBHOOK_CHANGED);
  }
  return endpoint;
};

export const listWebhooks: Core<(typeof routes)['partner-list-webhooks'], WebhookDeps> = async (
  _input,
  ctx,
  deps,
) => {
  const now = deps.clock.now();
  const mine = (await deps.store.endpoints())
    .filter((e) => e.systemId === ctx.client.systemId)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return { endpoints: mine.map((e) => endpointView(e, now)) };
};

export const createWebhook: Core<(typeof routes)['partner-create-webhook'], WebhookDeps> = async (
  input,
  ctx,
  deps,
) => {
  const url = checkedUrl(input.url, deps);
  const mine = (await deps.store.endpoints()).filter((e) => e.systemId === ctx.client.systemId);
  if (mine.length >= WEBHOOK_ENDPOINTS_MAX) {
    throw new ConflictError(
      `A system may have at most ${String(WEBHOOK_ENDPOINTS_MAX)} webhook endpoints: delete one first.`,
    );
  }
  const now = deps.clock.now().toISOString();
  const secret = (deps.newSecret ?? newWebhookSecret)();
  const endpoint: WebhookEndpoint = {
    endpointId: (deps.newId ?? newEndpointId)(),
    organisationId: ctx.client.organisationId,
    systemId: ctx.client.systemId,
    url,
    eventTypes: input.eventTypes,
    description:
      input.description === undefined || input.description === '' ? null : input.description,
    status: 'active',
    disabledAt: null,
    disabledReason: null,
    secrets: [{ secret, createdAt: now, retiresAt: null }],
    createdAt: now,
    createdBy: `system:${ctx.client.systemId}`,
    updatedAt: now,
    revision: 1,
    failingSince: null,
    lastSuccessAt: null,
  };
  await deps.writes.apply(endpoint.endpointId, endpoint, null, [
    systemAudit(ctx, 'webhook.endpoint-created', endpoint, { after: factsOf(endpoint) }),
  ]);
  return { endpoint: endpointView(endpoint, deps.clock.now()), secret };
};

export const updateWebhook: Core<(typeof routes)['partner-update-webhook'], WebhookDeps> = async (
  input,
  ctx,
  deps,
) => {
  const before = await ownEndpoint(deps, ctx, input.endpointId, input.revision);
  const now = deps.clock.now().toISOString();
  const status = input.status ?? before.status;
  const after: WebhookEndpoint = {
    ...before,
    url: input.url === undefined ? before.url : checkedUrl(input.url, deps),
    eventTypes: input.eventTypes ?? before.eventTypes,
    description:
      input.description === undefined
        ? before.description
        : input.description === null || input.description === ''
          ? null
          : input.description,
    status,
    ...(status === before.status
      ? {}
      : status === 'disabled'
        ? { disabledAt: now, disabledReason: 'by-owner' as const }
        : { disabledAt: null, disabledReason: null, failingSince: null }),
    updatedAt: now,
    revision: before.revision + 1,
  };
  await deps.writes.apply(before.endpointId, after, before.revision, [
    systemAudit(ctx, 'webhook.endpoint-changed', after, {
      before: factsOf(before),
      after: factsOf(after),
    }),
  ]);
  return { endpoint: endpointView(after, deps.clock.now()) };
};

export const rotateWebhookSecret: Core<
  (typeof routes)['partner-rotate-webhook-secret'],
  WebhookDeps
> = async (input, ctx, deps) => {
  const before = await ownEndpoint(deps, ctx, input.endpointId, input.revision);
  const at = deps.clock.now();
  const keepMs = (input.keepOldHours ?? DEFAULT_KEEP_OLD_HOURS) * HOUR_MS;
  const current = before.secrets.find((s) => s.retiresAt === null);
  const secret = (deps.newSecret ?? newWebhookSecret)();
  const after: WebhookEndpoint = {
    ...before,
    // The current one signs beside the new one for keepOldHours; one rotated out before is done.
    secrets: [
      ...(current === undefined || keepMs === 0
        ? []
        : [{ ...current, retiresAt: new Date(at.getTime() + keepMs).toISOString() }]),
      { secret, createdAt: at.toISOString(), retiresAt: null },
    ],
    updatedAt: at.toISOString(),
    revision: before.revision + 1,
  };
  await deps.writes.apply(before.endpointId, after, before.revision, [
    systemAudit(ctx, 'webhook.secret-rotated', after, {
      after: {
        keepOldHours: keepMs / HOUR_MS,
        previousSecretRetiresAt: endpointView(after, at).previousSecretRetiresAt,
      },
    }),
  ]);
  return { endpoint: endpointView(after, at), secret };
};

export const deleteWebhook: Core<(typeof routes)['partner-delete-webhook'], WebhookDeps> = async (
  input,
  ctx,
  deps,
) => {
  const before = await ownEndpoint(deps, ctx, input.endpointId, input.revision);
  await deps.writes.apply(before.endpointId, null, before.revision, [
    systemAudit(ctx, 'webhook.endpoint-deleted', before, { before: factsOf(before) }),
  ]);
  return { endpointId: before.endpointId };
};

/** How many deliveries a page holds when the caller does not say. */
export const DELIVERIES_PAGE = 50;

export const webhookDeliveries: Core<
  (typeof routes)['partner-webhook-deliveries'],
  WebhookDeps
> = async (input, ctx, deps) => {
  const endpoint = await ownEndpoint(deps, ctx, input.endpointId);
  const page = await deps.store.deliveries(
    endpoint.endpointId,
    input.limit ?? DELIVERIES_PAGE,
    input.cursor ?? null,
  );
  return { deliveries: page.items.map(deliveryView), nextCursor: page.nextCursor };
};

export const redeliverWebhook: Core<
  (typeof routes)['partner-redeliver-webhook'],
  WebhookDeps
> = async (input, ctx, deps) => {
  const endpoint = await ownEndpoint(deps, ctx, input.endpointId);
  if (endpoint.status !== 'active') {
    throw new ConflictError('The endpoint is disabled: enable it first, then redeliver.');
  }
  const delivery = await deps.store.delivery(endpoint.endpointId, input.deliveryId);
  if (delivery === null) throw new NotFoundError('No delivery with that id to this endpoint.');
  // The request recorded first: the attempt it makes is in the delivery's own log.
  await deps.audit.appendAll([
    systemAudit(ctx, 'webhook.redelivery-requested', endpoint, {
      after: { deliveryId: delivery.deliveryId, eventId: delivery.eventId },
    }),
  ]);
  const done = await attemptDelivery(
    { store: deps.store, sender: deps.sender, clock: deps.clock, logger: deps.logger },
    delivery,
    endpoint,
    'redeliver',
  );
  if (!done.recorded) {
    throw new ConflictError('The delivery was being attempted meanwhile; read it and try again.');
  }
  return { delivery: deliveryView(done.delivery) };
};
