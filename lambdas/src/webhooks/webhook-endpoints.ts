import { randomBytes } from 'node:crypto';
import type { WebhookDeliveryView, WebhookEndpointView } from '@ccsc/contract/webhooks';
import type { EventKind } from '@ccsc/contract/events';
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
import { attemptDelivery } from './webhook-dispatch';
import { newWebhookSecret } from './webhook-signature';
import { type WebhookTargetPolicy, webhookUrlProblem } from './webhook-target';
import { WEBHOOK_CHANGED, type WebhookWrites } from './webhook-writes';

/**
 * A system's webhook endpoints (issue 36), whoever manages them: the system itself through the
 * partner API (partner-webhooks.core.ts) or an administrator of its organisation in the console
 * (console-webhooks.core.ts). Each caller first decides which system it acts for and who is
 * acting (a `WebhookOwner`); what follows is the same for both: listed, subscribed (the secret
 * answered once), changed, the secret rotated (the old one signing beside the new for a while),
 * deleted, deliveries read and redelivered. Every change is a journaled write with its audit
 * record (webhook-writes.ts); a secret is in no answer but the one that made it, and in no audit
 * record.
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

/** Whose endpoints, and who is acting (for the audit trail). */
export interface WebhookOwner {
  systemId: string;
  organisationId: string;
  actor: NonNullable<AuditEntry['actor']>;
  source: AuditEntry['source'];
  requestId: string;
}

/** The most endpoints one system may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Hours the old secret signs beside the new one when the call does not say. */
export const DEFAULT_KEEP_OLD_HOURS = 24;
/** How many deliveries a page holds when the caller does not say. */
export const DELIVERIES_PAGE = 50;
const HOUR_MS = 3_600_000;
const NOT_FOUND = 'No webhook endpoint with that id belongs to this system.';

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

const auditOf = (
  owner: WebhookOwner,
  action: string,
  endpoint: WebhookEndpoint,
  change: Pick<AuditEntry, 'before' | 'after'>,
): AuditEntry => ({
  action,
  outcome: 'success',
  actor: owner.actor,
  target: { type: 'webhook-endpoint', id: endpoint.endpointId, label: endpoint.url },
  organisationId: owner.organisationId,
  source: owner.source,
  requestId: owner.requestId,
  ...change,
});

const checkedUrl = (url: string, deps: WebhookDeps): string => {
  const problem = webhookUrlProblem(url, deps.policy);
  if (problem !== null) throw new ValidationError(problem, [{ path: 'url', message: problem }]);
  return new URL(url).toString();
};

const nullIfEmpty = (text: string | null | undefined): string | null =>
  text === undefined || text === null || text === '' ? null : text;

/** The owner's endpoint, at the revision it read (409 otherwise); any other is 404. */
export const ownedEndpoint = async (
  deps: Pick<WebhookDeps, 'store'>,
  owner: Pick<WebhookOwner, 'systemId'>,
  endpointId: string,
  revision?: number,
): Promise<WebhookEndpoint> => {
  const endpoint = await deps.store.endpoint(endpointId);
  if (endpoint?.systemId !== owner.systemId) throw new NotFoundError(NOT_FOUND);
  if (revision !== undefined && endpoint.revision !== revision) {
    throw new ConflictError(WEBHOOK_CHANGED);
  }
  return endpoint;
};

/** The system's endpoints, oldest first. */
export const endpointsOf = async (
  deps: WebhookDeps,
  systemId: string,
): Promise<WebhookEndpointView[]> => {
  const now = deps.clock.now();
  return (await deps.store.endpoints())
    .filter((e) => e.systemId === systemId)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
    .map((e) => endpointView(e, now));
};

export const subscribe = async (
  deps: WebhookDeps,
  owner: WebhookOwner,
  input: { url: string; eventTypes: EventKind[]; description?: string | undefined },
): Promise<{ endpoint: WebhookEndpointView; secret: string }> => {
  const url = checkedUrl(input.url, deps);
  const mine = (await deps.store.endpoints()).filter((e) => e.systemId === owner.systemId);
  if (mine.length >= WEBHOOK_ENDPOINTS_MAX) {
    throw new ConflictError(
      `A system may have at most ${String(WEBHOOK_ENDPOINTS_MAX)} webhook endpoints: delete one first.`,
    );
  }
  const now = deps.clock.now().toISOString();
  const secret = (deps.newSecret ?? newWebhookSecret)();
  const endpoint: WebhookEndpoint = {
    endpointId: (deps.newId ?? newEndpointId)(),
    organisationId: owner.organisationId,
    systemId: owner.systemId,
    url,
    eventTypes: input.eventTypes,
    description: nullIfEmpty(input.description),
    status: 'active',
    disabledAt: null,
    disabledReason: null,
    secrets: [{ secret, createdAt: now, retiresAt: null }],
    createdAt: now,
    createdBy: owner.actor.sub,
    updatedAt: now,
    revision: 1,
    failingSince: null,
    lastSuccessAt: null,
  };
  await deps.writes.apply(endpoint.endpointId, endpoint, null, [
    auditOf(owner, 'webhook.endpoint-created', endpoint, { after: factsOf(endpoint) }),
  ]);
  return { endpoint: endpointView(endpoint, deps.clock.now()), secret };
};

export interface EndpointChange {
  endpointId: string;
  revision: number;
  url?: string | undefined;
  eventTypes?: EventKind[] | undefined;
  description?: string | null | undefined;
  status?: 'active' | 'disabled' | undefined;
}

export const changeEndpoint = async (
  deps: WebhookDeps,
  owner: WebhookOwner,
  input: EndpointChange,
): Promise<{ endpoint: WebhookEndpointView }> => {
  const before = await ownedEndpoint(deps, owner, input.endpointId, input.revision);
  const now = deps.clock.now().toISOString();
  const status = input.status ?? before.status;
  const after: WebhookEndpoint = {
    ...before,
    url: input.url === undefined ? before.url : checkedUrl(input.url, deps),
    eventTypes: input.eventTypes ?? before.eventTypes,
    description:
      input.description === undefined ? before.description : nullIfEmpty(input.description),
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
    auditOf(owner, 'webhook.endpoint-changed', after, {
      before: factsOf(before),
      after: factsOf(after),
    }),
  ]);
  return { endpoint: endpointView(after, deps.clock.now()) };
};

export const rotateSecret = async (
  deps: WebhookDeps,
  owner: WebhookOwner,
  input: { endpointId: string; revision: number; keepOldHours?: number | undefined },
): Promise<{ endpoint: WebhookEndpointView; secret: string }> => {
  const before = await ownedEndpoint(deps, owner, input.endpointId, input.revision);
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
    auditOf(owner, 'webhook.secret-rotated', after, {
      after: {
        keepOldHours: keepMs / HOUR_MS,
        previousSecretRetiresAt: endpointView(after, at).previousSecretRetiresAt,
      },
    }),
  ]);
  return { endpoint: endpointView(after, at), secret };
};

export const deleteEndpoint = async (
  deps: WebhookDeps,
  owner: WebhookOwner,
  input: { endpointId: string; revision: number },
): Promise<{ endpointId: string }> => {
  const before = await ownedEndpoint(deps, owner, input.endpointId, input.revision);
  await deps.writes.apply(before.endpointId, null, before.revision, [
    auditOf(owner, 'webhook.endpoint-deleted', before, { before: factsOf(before) }),
  ]);
  return { endpointId: before.endpointId };
};

export const deliveriesTo = async (
  deps: WebhookDeps,
  owner: Pick<WebhookOwner, 'systemId'>,
  input: { endpointId: string; limit?: number | undefined; cursor?: string | undefined },
): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }> => {
  const endpoint = await ownedEndpoint(deps, owner, input.endpointId);
  const page = await deps.store.deliveries(
    endpoint.endpointId,
    input.limit ?? DELIVERIES_PAGE,
    input.cursor ?? null,
  );
  return { deliveries: page.items.map(deliveryView), nextCursor: page.nextCursor };
};

export const redeliver = async (
  deps: WebhookDeps,
  owner: WebhookOwner,
  input: { endpointId: string; deliveryId: string },
): Promise<{ delivery: WebhookDeliveryView }> => {
  const endpoint = await ownedEndpoint(deps, owner, input.endpointId);
  if (endpoint.status !== 'active') {
    throw new ConflictError('The endpoint is disabled: enable it first, then redeliver.');
  }
  const delivery = await deps.store.delivery(endpoint.endpointId, input.deliveryId);
  if (delivery === null) throw new NotFoundError('No delivery with that id to this endpoint.');
  // The request recorded first: the attempt it makes is in the delivery's own log.
  await deps.audit.appendAll([
    auditOf(owner, 'webhook.redelivery-requested', endpoint, {
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
