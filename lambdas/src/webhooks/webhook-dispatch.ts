import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
} from '@ccsc/contract/webhooks';
import type { Logger } from '../core/logger';
import type { Clock } from '../core/ports/clock';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSender,
  WebhookStore,
} from '../core/ports/webhooks';
import { webhookHeaders } from './webhook-signature';

/**
 * The delivery of webhooks (issue 36): each delivery due is tried — signed with every secret of
 * its endpoint still signing, POSTed, given up after WEBHOOK_TIMEOUT_MS — and its attempt
 * recorded with the next one's time from WEBHOOK_RETRY_DELAYS_MS (a 2xx ends it; after the last
 * retry it has failed). An endpoint's health follows: since when it fails, its last success. An
 * endpoint failing for the whole schedule when a delivery fails for good is disabled, and
 * `onDisabled` says so (its organisation's administrators are told). A delivery to an endpoint
 * deleted or disabled meanwhile is closed unsent.
 */
export interface DispatchDeps {
  store: WebhookStore;
  sender: WebhookSender;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  onDisabled?: (endpoint: WebhookEndpoint) => Promise<void>;
  /** The endpoints' health as a pass left it, so that its attempts side by side agree. */
  health?: Map<string, Pick<WebhookEndpoint, 'failingSince' | 'lastSuccessAt'>>;
}

export interface DispatchOutcome {
  attempted: number;
  succeeded: number;
  failed: number;
  disabled: number;
}

/** How old an endpoint's recorded last success may be before a success records it again. */
const HEALTH_PRECISION_MS = 60_000;

/** How many deliveries are tried at once (one slow endpoint does not hold the others up). */
const LANES = 32;

/** The secrets that sign now: the current one and any rotated out but not yet retired. */
export const signingSecrets = (endpoint: WebhookEndpoint, now: Date): string[] =>
  endpoint.secrets
    .filter((s) => s.retiresAt === null || Date.parse(s.retiresAt) > now.getTime())
    .map((s) => s.secret);

const isSuccess = (attempt: WebhookAttempt) =>
  attempt.status !== null && attempt.status >= 200 && attempt.status < 300;

/** The delivery after an attempt: succeeded, due again after the schedule's wait, or failed. */
export const afterAttempt = (
  delivery: WebhookDelivery,
  attempt: WebhookAttempt,
): WebhookDelivery => {
  const attempts = [...delivery.attempts, attempt];
  if (isSuccess(attempt)) return { ...delivery, attempts, state: 'succeeded', nextAttemptAt: null };
  const scheduled = attempts.filter((a) => a.trigger === 'schedule').length;
  const wait = WEBHOOK_RETRY_DELAYS_MS[scheduled];
  // A redelivery that fails leaves a delivery already over as it was.
  if (attempt.trigger === 'redeliver' && delivery.state !== 'pending') {
    return { ...delivery, attempts };
  }
  return wait === undefined
    ? { ...delivery, attempts, state: 'failed', nextAttemptAt: null }
    : {
        ...delivery,
        attempts,
        state: 'pending',
        nextAttemptAt: new Date(Date.parse(attempt.at) + wait).toISOString(),
      };
};

/** One attempt of `delivery` to `endpoint`, recorded; the endpoint's health after it. */
export const attemptDelivery = async (
  deps: DispatchDeps,
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint,
  trigger: WebhookAttempt['trigger'],
): Promise<{
  delivery: WebhookDelivery;
  recorded: boolean;
  disabled: boolean;
}> => {
  const at = deps.clock.now();
  const headers = {
    ...webhookHeaders(
      { id: delivery.deliveryId, at, body: delivery.body },
      signingSecrets(endpoint, at),
    ),
    'content-type': 'application/json',
    'user-agent': 'CCSC-Webhooks/1',
  };
  const response = await deps.sender.post(endpoint.url, headers, delivery.body, WEBHOOK_TIMEOUT_MS);
  const attempt: WebhookAttempt = { at: at.toISOString(), ...response, trigger };
  const next = afterAttempt(delivery, attempt);
  const recorded = await deps.store.recordAttempt(next, delivery.attempts.length);
  if (!recorded) return { delivery: next, recorded, disabled: false };
  const ok = isSuccess(attempt);
  // The endpoint's health as this pass last left it (attempts to one endpoint run side by side).
  const known = deps.health?.get(endpoint.endpointId) ?? endpoint;
  const failingSince = ok ? null : (known.failingSince ?? attempt.at);
  const health = { failingSince, lastSuccessAt: ok ? attempt.at : known.lastSuccessAt };
  // Written when it changes: the first failure (failing since then), a success after failures,
  // or a success when the last one recorded is over a minute old (the console shows it to the
  // minute): a burst of successes to one endpoint is not a health write each.
  const changed = ok
    ? known.failingSince !== null ||
      known.lastSuccessAt === null ||
      Date.parse(attempt.at) - Date.parse(known.lastSuccessAt) >= HEALTH_PRECISION_MS
    : known.failingSince === null;
  if (changed) deps.health?.set(endpoint.endpointId, health);
  if (changed) await deps.store.recordHealth(endpoint.endpointId, health);
  let disabled = false;
  if (
    next.state === 'failed' &&
    failingSince !== null &&
    at.getTime() - Date.parse(failingSince) >= WEBHOOK_DISABLE_AFTER_MS
  ) {
    disabled = await deps.store.disableFailing(endpoint.endpointId, at);
    if (disabled && deps.onDisabled !== undefined) {
      await deps.onDisabled({ ...endpoint, status: 'disabled', disabledReason: 'failing' });
    }
  }
  return { delivery: next, recorded, disabled };
};

/** What one due delivery's step came to. */
export type StepOutcome =
  { kind: 'closed' } | ({ kind: 'attempted' } & Awaited<ReturnType<typeof attemptDelivery>>);

/**
 * One due delivery's step, the same wherever it runs (dispatchDue below; in AWS the queue's
 * consumer, webhook-queued.ts): to an endpoint deleted or disabled meanwhile (null: deleted) it
 * is closed unsent — a redelivery can send it later —, otherwise attempted on its schedule.
 */
export const stepDelivery = async (
  deps: DispatchDeps,
  delivery: WebhookDelivery,
  endpoint: WebhookEndpoint | null,
): Promise<StepOutcome> => {
  if (endpoint?.status !== 'active') {
    await deps.store.recordAttempt(
      { ...delivery, state: 'failed', nextAttemptAt: null },
      delivery.attempts.length,
    );
    return { kind: 'closed' };
  }
  return { kind: 'attempted', ...(await attemptDelivery(deps, delivery, endpoint, 'schedule')) };
};

/** Tries every delivery due now (at most `limit`), LANES at a time. */
export const dispatchDue = async (deps: DispatchDeps, limit = 200): Promise<DispatchOutcome> => {
  const now = deps.clock.now();
  const due = await deps.store.due(now, limit);
  const pass: DispatchDeps = { ...deps, health: new Map() };
  const outcome: DispatchOutcome = { attempted: 0, succeeded: 0, failed: 0, disabled: 0 };
  const endpoints = new Map<string, Promise<WebhookEndpoint | null>>();
  const endpointOf = (id: string) => {
    const known = endpoints.get(id) ?? deps.store.endpoint(id);
    endpoints.set(id, known);
    return known;
  };
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < due.length; i = next++) {
      const delivery = due[i] as WebhookDelivery;
      try {
        const endpoint = await endpointOf(delivery.endpointId);
        const done = await stepDelivery(pass, delivery, endpoint);
        if (done.kind === 'closed' || !done.recorded) continue;
        outcome.attempted += 1;
        if (done.delivery.state === 'succeeded') outcome.succeeded += 1;
        if (done.delivery.state === 'failed') outcome.failed += 1;
        if (done.disabled && endpoint !== null) {
          outcome.disabled += 1;
          endpoints.set(endpoint.endpointId, Promise.resolve({ ...endpoint, status: 'disabled' }));
        }
      } catch (err) {
        // Left due: the next pass tries it again.
        deps.logger.warn('webhooks: a delivery could not be attempted', {
          deliveryId: delivery.deliveryId,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LANES, due.length) }, lane));
  return outcome;
};
