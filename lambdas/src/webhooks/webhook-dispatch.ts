import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_IN_FLIGHT_PER_ENDPOINT,
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
  /** Deliveries to a stalled endpoint whose next attempt was moved later, none made. */
  putOff: number;
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

/**
 * Puts a due delivery off: its next attempt moved to `nextAttemptAt`, no attempt made. Written
 * only if no attempt came in between (another worker, a redelivery: then it is theirs); false then.
 */
export const putOffDelivery = (
  store: Pick<WebhookStore, 'recordAttempt'>,
  delivery: WebhookDelivery,
  nextAttemptAt: string,
): Promise<boolean> => store.recordAttempt({ ...delivery, nextAttemptAt }, delivery);

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
  const recorded = await deps.store.recordAttempt(next, delivery);
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
    await deps.store.recordAttempt({ ...delivery, state: 'failed', nextAttemptAt: null }, delivery);
    return { kind: 'closed' };
  }
  return { kind: 'attempted', ...(await attemptDelivery(deps, delivery, endpoint, 'schedule')) };
};

/**
 * The dispatcher that tries the deliveries due (offline, where there is no queue: the console
 * keeps one and kicks it several times a second; dispatchDue below for one go). Its lanes are
 * shared by every endpoint, at most PER_ENDPOINT of them to one endpoint at a time, round robin:
 * an endpoint that hangs until the timeout holds PER_ENDPOINT lanes for its length, never the
 * others' deliveries. A lane that finishes takes the next delivery waiting at once; when nothing
 * waiting may start, the next deliveries due are read (`refill`), those in hand left out.
 *
 * An endpoint is stalled when all of its lanes have been busy for STALLED_AFTER_MS: its deliveries
 * due are put off (their next attempt moved later, no attempt made) rather than held in hand, so
 * that a backlog for it does not fill every read of the deliveries due — and each later read
 * finds the others'. Its put-off deliveries are spread over the time it takes that many at its
 * pace (PER_ENDPOINT per WEBHOOK_TIMEOUT_MS) up to PUT_OFF_HORIZON_MS ahead, those beyond at
 * random over the PUT_OFF_HORIZON_MS after (`putOffDelivery` writes each). In AWS, the queue's
 * consumer (webhook-queued.ts) takes one delivery per message instead.
 */
export interface Dispatcher {
  /** Reads the deliveries due (or joins the read under way) and starts what the lanes allow. */
  kick(): Promise<void>;
  /** Resolves once no attempt and no putting off is under way. */
  idle(): Promise<void>;
  /** Starts nothing more (what is in hand stays due in the store); resolves once idle. */
  stop(): Promise<void>;
  /** What the dispatcher's attempts came to so far. */
  readonly outcome: DispatchOutcome;
}

export interface DispatcherOptions {
  lanes?: number;
  perEndpoint?: number;
  /** How many deliveries due one read takes at most. */
  limit?: number;
  /** Whether a lane left with nothing to start reads the deliveries due again (the console's). */
  refill?: boolean;
}

/** How many attempts to one endpoint are under way at most at once (the contract says). */
export const PER_ENDPOINT = WEBHOOK_IN_FLIGHT_PER_ENDPOINT;

/** How long all of an endpoint's lanes are busy before its deliveries due are put off. */
export const STALLED_AFTER_MS = 2_000;

/** How far ahead a stalled endpoint's deliveries are put off at most. */
export const PUT_OFF_HORIZON_MS = 5 * 60_000;

/** How many put-off writes run at once. */
const PUT_OFF_LANES = 8;

export const createDispatcher = (
  deps: DispatchDeps,
  {
    lanes = LANES,
    perEndpoint = PER_ENDPOINT,
    limit = 200,
    refill = false,
  }: DispatcherOptions = {},
): Dispatcher => {
  const outcome: DispatchOutcome = {
    attempted: 0,
    succeeded: 0,
    failed: 0,
    disabled: 0,
    putOff: 0,
  };
  /** Per endpoint, its deliveries in hand not yet started, soonest due first. */
  const waiting = new Map<string, WebhookDelivery[]>();
  /** Per endpoint, when each of its attempts under way started. */
  const running = new Map<string, number[]>();
  /** The deliveries waiting, under way or being put off: a read leaves them out. */
  const inHand = new Set<string>();
  /** The deliveries attempted or put off while a read ran: that read may have seen them due. */
  const doneWhileReading = new Set<string>();
  /** Per endpoint, until when its put-off deliveries are spread so far. */
  const putOffUntil = new Map<string, number>();
  /** The endpoints' health as their attempts under way left it (they agree side by side). */
  const health = new Map<string, Pick<WebhookEndpoint, 'failingSince' | 'lastSuccessAt'>>();
  /**
   * The endpoints as read since the last read of the deliveries due began: a delivery is never
   * signed or sent by an endpoint older than itself (a secret rotated, a URL changed before it).
   */
  const endpoints = new Map<string, Promise<WebhookEndpoint | null>>();
  const tried: DispatchDeps = { ...deps, health };
  let busy = 0;
  let reading: Promise<void> | undefined;
  let lastReadFull = false;
  let idlers: (() => void)[] = [];

  const endpointOf = (id: string) => {
    const known = endpoints.get(id) ?? deps.store.endpoint(id);
    endpoints.set(id, known);
    return known;
  };

  const underWay = (endpointId: string) => running.get(endpointId)?.length ?? 0;

  const stalled = (endpointId: string, now: number) => {
    const starts = running.get(endpointId) ?? [];
    return (
      starts.length >= perEndpoint && starts.every((started) => now - started >= STALLED_AFTER_MS)
    );
  };

  let stopped = false;

  const startable = () => [...waiting.keys()].some((id) => underWay(id) < perEndpoint);

  const settleIdlers = () => {
    if (busy > 0 || putOffWorkers > 0 || reading !== undefined) return;
    const waiters = idlers;
    idlers = [];
    for (const resolve of waiters) resolve();
  };

  const attempt = async (delivery: WebhookDelivery) => {
    const id = delivery.endpointId;
    const started = deps.clock.now().getTime();
    busy += 1;
    running.set(id, [...(running.get(id) ?? []), started]);
    try {
      const endpoint = await endpointOf(id);
      const done = await stepDelivery(tried, delivery, endpoint);
      if (done.kind === 'attempted' && done.recorded) {
        outcome.attempted += 1;
        if (done.delivery.state === 'succeeded') outcome.succeeded += 1;
        if (done.delivery.state === 'failed') outcome.failed += 1;
        if (done.disabled && endpoint !== null) {
          outcome.disabled += 1;
          endpoints.set(id, Promise.resolve({ ...endpoint, status: 'disabled' }));
        }
      }
    } catch (err) {
      // Left due: a later read finds it again.
      deps.logger.warn('webhooks: a delivery could not be attempted', {
        deliveryId: delivery.deliveryId,
        error: err instanceof Error ? err.message : String(err),
      });
    } finally {
      busy -= 1;
      const rest = (running.get(id) ?? []).filter((s, i, all) => i !== all.indexOf(started));
      if (rest.length > 0) running.set(id, rest);
      else running.delete(id);
      if (rest.length === 0 && !waiting.has(id)) {
        // Idle: its health and its copy are read afresh next time (the store has what it wrote).
        health.delete(id);
        endpoints.delete(id);
      }
      inHand.delete(delivery.deliveryId);
      if (reading !== undefined) doneWhileReading.add(delivery.deliveryId);
      start();
      // A backlog (the last read was full): the next deliveries due as soon as lanes idle;
      // otherwise the next kick (the console's tick) reads them.
      if (refill && lastReadFull && busy < lanes && !startable()) kickAgain();
      settleIdlers();
    }
  };

  /** Starts deliveries waiting while lanes are free, one per endpoint in turn. */
  const start = () => {
    if (stopped) return;
    let progress = true;
    while (busy < lanes && progress) {
      progress = false;
      for (const id of [...waiting.keys()]) {
        if (busy >= lanes) break;
        const queue = waiting.get(id);
        if (queue === undefined || underWay(id) >= perEndpoint) continue;
        const delivery = queue.shift();
        // To the back of the line: an endpoint with a backlog takes its turn, not every turn.
        waiting.delete(id);
        if (queue.length > 0) waiting.set(id, queue);
        if (delivery === undefined) continue;
        progress = true;
        void attempt(delivery);
      }
    }
  };

  /** The put-off writes waiting, done PUT_OFF_LANES at a time whatever asked for them. */
  const putOffQueue: { delivery: WebhookDelivery; nextAttemptAt: string }[] = [];
  let putOffWorkers = 0;
  let putOffsDone: Promise<void> = Promise.resolve();
  let resolvePutOffsDone: (() => void) | undefined;

  const putOffWorker = async () => {
    putOffWorkers += 1;
    try {
      for (let move = putOffQueue.shift(); move !== undefined; move = putOffQueue.shift()) {
        const { delivery, nextAttemptAt } = move;
        try {
          if (await putOffDelivery(deps.store, delivery, nextAttemptAt)) outcome.putOff += 1;
        } catch (err) {
          deps.logger.warn('webhooks: a delivery could not be put off', {
            deliveryId: delivery.deliveryId,
            error: err instanceof Error ? err.message : String(err),
          });
        } finally {
          inHand.delete(delivery.deliveryId);
          if (reading !== undefined) doneWhileReading.add(delivery.deliveryId);
        }
      }
    } finally {
      putOffWorkers -= 1;
      if (putOffWorkers === 0) {
        resolvePutOffsDone?.();
        resolvePutOffsDone = undefined;
      }
      settleIdlers();
    }
  };

  /**
   * Moves each delivery's next attempt later, spread at its stalled endpoint's pace up to
   * PUT_OFF_HORIZON_MS ahead, and beyond that at random over the PUT_OFF_HORIZON_MS after (a
   * backlog does not come due all at once). Resolves once every put-off asked for is written.
   */
  const putOff = (deliveries: WebhookDelivery[], now: number): Promise<void> => {
    const step = WEBHOOK_TIMEOUT_MS / perEndpoint;
    for (const delivery of deliveries) {
      const id = delivery.endpointId;
      const at = Math.max(putOffUntil.get(id) ?? 0, now + WEBHOOK_TIMEOUT_MS);
      putOffUntil.set(id, at + step);
      const until =
        at <= now + PUT_OFF_HORIZON_MS ? at : now + PUT_OFF_HORIZON_MS * (1 + Math.random());
      putOffQueue.push({ delivery, nextAttemptAt: new Date(until).toISOString() });
    }
    if (putOffWorkers === 0) {
      putOffsDone = new Promise((resolve) => (resolvePutOffsDone = resolve));
    }
    while (putOffWorkers < PUT_OFF_LANES && putOffQueue.length > 0) void putOffWorker();
    return putOffsDone;
  };

  const read = async () => {
    endpoints.clear();
    const now = deps.clock.now();
    const due = await deps.store.due(now, limit, (id) => inHand.has(id));
    const at = now.getTime();
    const stalledOnes: WebhookDelivery[] = [];
    let fresh = 0;
    for (const delivery of due) {
      // In hand meanwhile, or done while this read ran (its due mark was read before it moved).
      if (inHand.has(delivery.deliveryId) || doneWhileReading.has(delivery.deliveryId)) continue;
      fresh += 1;
      inHand.add(delivery.deliveryId);
      if (stalled(delivery.endpointId, at)) {
        stalledOnes.push(delivery);
        continue;
      }
      const queue = waiting.get(delivery.endpointId) ?? [];
      queue.push(delivery);
      waiting.set(delivery.endpointId, queue);
    }
    // What an endpoint stalled since holds in hand is put off too: its lanes are taken for long.
    for (const [id, queue] of waiting) {
      if (!stalled(id, at)) continue;
      stalledOnes.push(...queue);
      waiting.delete(id);
    }
    doneWhileReading.clear();
    lastReadFull = due.length === limit;
    // An endpoint going again spreads its next put-off deliveries afresh.
    for (const id of [...putOffUntil.keys()]) if (!stalled(id, at)) putOffUntil.delete(id);
    start();
    return {
      putOff: stalledOnes.length > 0 ? putOff(stalledOnes, at) : Promise.resolve(),
      full: lastReadFull && fresh > 0,
    };
  };

  /** A read no caller waits for: its failure is logged (the next tick reads again). */
  const kickAgain = () => {
    kick().catch((err: unknown) => {
      deps.logger.warn('webhooks: the deliveries due could not be read', {
        error: err instanceof Error ? err.message : String(err),
      });
    });
  };

  const kick = (): Promise<void> => {
    if (reading !== undefined) return reading;
    if (stopped) return Promise.resolve();
    const under = read()
      .then(({ putOff: writing, full }) => {
        reading = undefined;
        // A full read with lanes left free: the next deliveries due at once.
        if (refill && full && busy < lanes && !startable()) kickAgain();
        return writing;
      })
      .finally(() => {
        if (reading === under) reading = undefined;
        settleIdlers();
      });
    reading = under;
    return under;
  };

  const idle = () =>
    busy === 0 && putOffWorkers === 0 && reading === undefined
      ? Promise.resolve()
      : new Promise<void>((resolve) => idlers.push(resolve));

  const stop = () => {
    stopped = true;
    for (const queue of waiting.values()) for (const d of queue) inHand.delete(d.deliveryId);
    waiting.clear();
    return idle();
  };

  return { kick, idle, stop, outcome };
};

/** Tries every delivery due now (at most `limit`), once each: the dispatcher's one go. */
export const dispatchDue = async (deps: DispatchDeps, limit = 200): Promise<DispatchOutcome> => {
  const dispatcher = createDispatcher(deps, { limit });
  await dispatcher.kick();
  await dispatcher.idle();
  return { ...dispatcher.outcome };
};
