import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
} from '@ccsc/contract/webhooks';
import type { StoredEvent } from '../core/ports/events';
import type { WebhookEndpoint, WebhookResponse } from '../core/ports/webhooks';
import { FakeClock, silentLogger } from '../core/testing/fakes';
import { MemoryWebhookStore } from '../core/testing/memory-webhooks';
import { deliveriesFor, deliveryIdOf } from './webhook-deliveries';
import {
  createDispatcher,
  dispatchDue,
  PER_ENDPOINT,
  signingSecrets,
  STALLED_AFTER_MS,
} from './webhook-dispatch';
import { newWebhookSecret } from './webhook-signature';

const event = (n: number, over: Partial<StoredEvent> = {}): StoredEvent => ({
  eventId: `01JF3KB2C4D6E8F0G2H4J6K8M${String(n)}`,
  sequence: n,
  at: '2026-12-07T09:30:00.000Z',
  kind: 'document.held',
  organisationId: 'SITE',
  subject: { type: 'document', id: `doc-${String(n)}`, name: 'A document' },
  counterpart: { organisationId: 'SPONSOR', name: 'Pharma' },
  reason: 'receiver-artifact-unmapped',
  ...over,
});

const endpoint = (id: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  endpointId: id,
  organisationId: 'SITE',
  systemId: 'sys-1',
  url: `https://hooks.vendor.example.com/${id}`,
  eventTypes: ['document.held', 'document.rejected'],
  description: null,
  status: 'active',
  disabledAt: null,
  disabledReason: null,
  secrets: [{ secret: newWebhookSecret(), createdAt: '2026-12-01T00:00:00Z', retiresAt: null }],
  createdAt: '2026-12-01T00:00:00Z',
  createdBy: 'it@site.example',
  updatedAt: '2026-12-01T00:00:00Z',
  revision: 1,
  failingSince: null,
  lastSuccessAt: null,
  ...over,
});

/** A receiver per URL: what it answers, and every request it got. */
const world = (answers: Record<string, number | 'down'> = {}) => {
  const store = new MemoryWebhookStore();
  const clock = new FakeClock(new Date('2026-12-07T09:30:00.000Z'));
  const received: { url: string; headers: Record<string, string>; body: string }[] = [];
  const disabled: string[] = [];
  const sender = {
    post: (
      url: string,
      headers: Record<string, string>,
      body: string,
    ): Promise<WebhookResponse> => {
      received.push({ url, headers, body });
      const answer = answers[url] ?? 204;
      return Promise.resolve(
        answer === 'down'
          ? { status: null, error: 'connect ECONNREFUSED', durationMs: 3 }
          : { status: answer, error: null, durationMs: 12 },
      );
    },
  };
  const deps = {
    store,
    sender,
    clock,
    logger: silentLogger(),
    onDisabled: (e: WebhookEndpoint) => {
      disabled.push(e.endpointId);
      return Promise.resolve();
    },
  };
  return { store, clock, received, disabled, deps };
};

describe('webhook deliveries', () => {
  it('makes one delivery per event and active endpoint of its organisation taking its kind, once', async () => {
    const w = world();
    const endpoints = [
      endpoint('a'),
      endpoint('b', { eventTypes: ['connection.invited'] }),
      endpoint('c', { organisationId: 'OTHER' }),
      endpoint('d', { status: 'disabled' }),
    ];
    const made = deliveriesFor([event(1), event(2)], endpoints, w.clock.now());
    expect(made.map((d) => d.deliveryId)).toEqual([
      deliveryIdOf(event(1), 'a'),
      deliveryIdOf(event(2), 'a'),
    ]);
    await w.store.createDeliveries(made);
    await w.store.createDeliveries(deliveriesFor([event(1)], endpoints, w.clock.now()));
    expect(w.store.deliveriesById.size).toBe(2);
    expect(JSON.parse(made[0]?.body ?? '')).toEqual({
      type: 'document.held',
      timestamp: '2026-12-07T09:30:00.000Z',
      data: expect.objectContaining({ eventId: event(1).eventId, sequence: '1' }) as unknown,
    });
  });

  it('sends each signed as Standard Webhooks says: the reference library verifies it', async () => {
    const w = world();
    const a = endpoint('a');
    await w.store.putEndpoint(a, null);
    await w.store.createDeliveries(deliveriesFor([event(1)], [a], w.clock.now()));
    expect(await dispatchDue(w.deps)).toEqual({
      attempted: 1,
      succeeded: 1,
      failed: 0,
      disabled: 0,
      putOff: 0,
    });
    const [sent] = w.received;
    const secret = a.secrets[0]?.secret ?? '';
    // The reference library checks the time against the real clock: sign as of now.
    expect(sent?.headers['webhook-id']).toBe(deliveryIdOf(event(1), 'a'));
    const fresh = world();
    await fresh.store.putEndpoint(a, null);
    fresh.clock.current = new Date();
    await fresh.store.createDeliveries(deliveriesFor([event(1)], [a], fresh.clock.now()));
    await dispatchDue(fresh.deps);
    const now = fresh.received[0];
    expect(new Webhook(secret).verify(now?.body ?? '', now?.headers ?? {})).toMatchObject({
      type: 'document.held',
    });
    const delivery = [...w.store.deliveriesById.values()][0];
    expect(delivery).toMatchObject({ state: 'succeeded', nextAttemptAt: null });
    expect(delivery?.attempts).toEqual([
      {
        at: '2026-12-07T09:30:00.000Z',
        status: 204,
        error: null,
        durationMs: 12,
        trigger: 'schedule',
      },
    ]);
    expect(w.store.endpointsById.get('a')).toMatchObject({
      failingSince: null,
      lastSuccessAt: '2026-12-07T09:30:00.000Z',
    });
  });

  it('retries on the schedule, then fails the delivery and disables an endpoint failing all along', async () => {
    const w = world({ 'https://hooks.vendor.example.com/down': 'down' });
    const down = endpoint('down');
    await w.store.putEndpoint(down, null);
    await w.store.createDeliveries(deliveriesFor([event(1)], [down], w.clock.now()));
    const times: string[] = [];
    for (let i = 0; i < WEBHOOK_RETRY_DELAYS_MS.length; i += 1) {
      const outcome = await dispatchDue(w.deps);
      expect(outcome.attempted, `attempt ${String(i + 1)}`).toBe(1);
      times.push(w.clock.now().toISOString());
      const delivery = w.store.deliveriesById.get(deliveryIdOf(event(1), 'down'));
      if (i < WEBHOOK_RETRY_DELAYS_MS.length - 1) {
        // Nothing before its time.
        expect(delivery?.state).toBe('pending');
        const wait = Date.parse(delivery?.nextAttemptAt ?? '') - w.clock.now().getTime();
        expect(wait).toBe(WEBHOOK_RETRY_DELAYS_MS[i + 1]);
        w.clock.advance(wait - 1);
        expect((await dispatchDue(w.deps)).attempted).toBe(0);
        w.clock.advance(1);
      } else {
        expect(delivery).toMatchObject({ state: 'failed', nextAttemptAt: null });
        expect(outcome.disabled).toBe(1);
      }
    }
    expect(times).toHaveLength(12);
    expect(Date.parse(times.at(-1) ?? '') - Date.parse(times[0] ?? '')).toBe(
      WEBHOOK_DISABLE_AFTER_MS,
    );
    expect(w.store.endpointsById.get('down')).toMatchObject({
      status: 'disabled',
      disabledReason: 'failing',
      failingSince: '2026-12-07T09:30:00.000Z',
    });
    expect(w.disabled).toEqual(['down']);
    // Disabled: a later event makes no delivery to it.
    expect(deliveriesFor([event(2)], [...w.store.endpointsById.values()], w.clock.now())).toEqual(
      [],
    );
  });

  it('keeps delivering to the others on time while one endpoint is down', async () => {
    const w = world({ 'https://hooks.vendor.example.com/down': 503 });
    const endpoints = ['up-1', 'up-2', 'down', 'up-3'].map((id) => endpoint(id));
    for (const e of endpoints) await w.store.putEndpoint(e, null);
    const events = Array.from({ length: 50 }, (_, i) => event(i + 1));
    await w.store.createDeliveries(deliveriesFor(events, endpoints, w.clock.now()));
    const outcome = await dispatchDue(w.deps);
    expect(outcome).toMatchObject({ attempted: 200, succeeded: 150, failed: 0 });
    const pending = [...w.store.deliveriesById.values()].filter((d) => d.state === 'pending');
    expect(pending).toHaveLength(50);
    expect(new Set(pending.map((d) => d.endpointId))).toEqual(new Set(['down']));
    expect(w.store.endpointsById.get('down')?.failingSince).toBe('2026-12-07T09:30:00.000Z');
  });

  it('does not disable an endpoint that took a delivery within the schedule’s span', async () => {
    const w = world();
    const e = endpoint('flaky', { failingSince: null });
    await w.store.putEndpoint(e, null);
    await w.store.createDeliveries(deliveriesFor([event(1)], [e], w.clock.now()));
    w.received.length = 0;
    // Failing since a day only when its delivery fails for good.
    w.store.endpointsById.set('flaky', {
      ...e,
      failingSince: new Date(w.clock.now().getTime() - 24 * 3_600_000).toISOString(),
    });
    const delivery = w.store.deliveriesById.get(deliveryIdOf(event(1), 'flaky'));
    if (delivery === undefined) throw new Error('no delivery');
    w.store.deliveriesById.set(delivery.deliveryId, {
      ...delivery,
      attempts: Array.from({ length: 11 }, () => ({
        at: w.clock.now().toISOString(),
        status: 500,
        error: null,
        durationMs: 1,
        trigger: 'schedule' as const,
      })),
    });
    const fails = world({ 'https://hooks.vendor.example.com/flaky': 500 });
    const outcome = await dispatchDue({ ...w.deps, sender: fails.deps.sender });
    expect(outcome).toMatchObject({ failed: 1, disabled: 0 });
    expect(w.store.endpointsById.get('flaky')?.status).toBe('active');
  });

  it('closes a delivery unsent when its endpoint was deleted or disabled meanwhile', async () => {
    const w = world();
    const gone = endpoint('gone');
    await w.store.createDeliveries(deliveriesFor([event(1)], [gone], w.clock.now()));
    expect(await dispatchDue(w.deps)).toMatchObject({ attempted: 0 });
    expect(w.received).toEqual([]);
    expect([...w.store.deliveriesById.values()][0]).toMatchObject({ state: 'failed' });
  });

  it('signs with the rotated-out secret too until it retires', () => {
    const now = new Date('2026-12-07T09:30:00Z');
    const e = endpoint('r', {
      secrets: [
        {
          secret: 'whsec_old',
          createdAt: '2026-11-01T00:00:00Z',
          retiresAt: '2026-12-08T09:30:00Z',
        },
        { secret: 'whsec_new', createdAt: '2026-12-07T09:00:00Z', retiresAt: null },
      ],
    });
    expect(signingSecrets(e, now)).toEqual(['whsec_old', 'whsec_new']);
    expect(signingSecrets(e, new Date('2026-12-08T09:30:00Z'))).toEqual(['whsec_new']);
  });

  it('writes an endpoint’s health when it changes, not once per delivery of a burst', async () => {
    const w = world({ 'https://hooks.vendor.example.com/down': 503 });
    const up = endpoint('up');
    const down = endpoint('down');
    await w.store.putEndpoint(up, null);
    await w.store.putEndpoint(down, null);
    const writes: string[] = [];
    const recordHealth = w.store.recordHealth.bind(w.store);
    w.store.recordHealth = (id, health) => {
      writes.push(id);
      return recordHealth(id, health);
    };
    const events = Array.from({ length: 40 }, (_, n) => event(n + 10));
    await w.store.createDeliveries(deliveriesFor(events, [up, down], w.clock.now()));
    const first = await dispatchDue(w.deps);
    expect(first.attempted).toBe(80);
    // One success and one failure are news; the rest of the burst is not.
    expect(writes.filter((id) => id === 'up').length).toBeLessThanOrEqual(2);
    expect(writes.filter((id) => id === 'down').length).toBeLessThanOrEqual(2);
    expect((await w.store.endpoint('down'))?.failingSince).toBe(w.clock.now().toISOString());
    expect((await w.store.endpoint('up'))?.lastSuccessAt).toBe(w.clock.now().toISOString());
  });
});

describe('the dispatcher', () => {
  /** A receiver at `hang` that answers nothing until released; every other URL answers 204. */
  const hanging = () => {
    const w = world();
    const held: (() => void)[] = [];
    let inFlightToHang = 0;
    let mostToHang = 0;
    const sender = {
      post: (url: string): Promise<WebhookResponse> => {
        w.received.push({ url, headers: {}, body: '' });
        if (!url.endsWith('/hang'))
          return Promise.resolve({ status: 204, error: null, durationMs: 2 });
        inFlightToHang += 1;
        mostToHang = Math.max(mostToHang, inFlightToHang);
        return new Promise((resolve) => {
          held.push(() => {
            inFlightToHang -= 1;
            resolve({ status: null, error: 'timed out', durationMs: 15_000 });
          });
        });
      },
    };
    return {
      ...w,
      deps: { ...w.deps, sender },
      release: () => {
        for (const go of held.splice(0)) go();
      },
      most: () => mostToHang,
    };
  };

  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('gives an endpoint that hangs at most PER_ENDPOINT lanes: the others are delivered meanwhile', async () => {
    const w = hanging();
    const endpoints = ['hang', 'up-1', 'up-2'].map((id) => endpoint(id));
    for (const e of endpoints) await w.store.putEndpoint(e, null);
    await w.store.createDeliveries(
      deliveriesFor(
        Array.from({ length: 20 }, (_, i) => event(i + 1)),
        endpoints,
        w.clock.now(),
      ),
    );
    const dispatcher = createDispatcher(w.deps, { lanes: 8, refill: true });
    await dispatcher.kick();
    await settle();
    const states = [...w.store.deliveriesById.values()];
    expect(states.filter((d) => d.endpointId !== 'hang' && d.state === 'succeeded')).toHaveLength(
      40,
    );
    expect(w.most()).toBe(PER_ENDPOINT);
    expect(dispatcher.outcome.attempted).toBe(40);
    let idle = false;
    void dispatcher.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    w.release();
    await settle();
    w.release();
    await settle();
    expect(w.most()).toBe(PER_ENDPOINT);
  });

  it('puts a stalled endpoint’s deliveries off, spread at its pace, so that later reads find the others', async () => {
    const w = hanging();
    const hang = endpoint('hang');
    const up = endpoint('up');
    await w.store.putEndpoint(hang, null);
    await w.store.putEndpoint(up, null);
    // 30 deliveries to the hanging endpoint, all due before the other's 5.
    await w.store.createDeliveries(
      deliveriesFor(
        Array.from({ length: 30 }, (_, i) => event(i + 1)),
        [hang],
        w.clock.now(),
      ),
    );
    w.clock.advance(1_000);
    await w.store.createDeliveries(
      deliveriesFor(
        Array.from({ length: 5 }, (_, i) => event(i + 40)),
        [up],
        w.clock.now(),
      ),
    );
    const dispatcher = createDispatcher(w.deps, { lanes: 8, limit: 10, refill: false });
    await dispatcher.kick();
    await settle();
    // The first read: the 10 oldest, all the hanging endpoint's; 4 under way, 6 in hand.
    expect(w.most()).toBe(PER_ENDPOINT);
    expect(dispatcher.outcome.putOff).toBe(0);
    w.clock.advance(STALLED_AFTER_MS);
    await dispatcher.kick();
    // Stalled now: the 6 in hand and the next 10 due (those under way read past) are put off,
    // unattempted, spread at its pace: PER_ENDPOINT per timeout's length.
    expect(dispatcher.outcome.putOff).toBe(16);
    const putOffTimes = () =>
      [...w.store.deliveriesById.values()]
        .filter((d) => d.endpointId === 'hang' && d.attempts.length === 0)
        .map((d) => Date.parse(d.nextAttemptAt ?? ''))
        .filter((t) => t > w.clock.now().getTime());
    expect(putOffTimes()).toHaveLength(16);
    expect(Math.min(...putOffTimes())).toBe(w.clock.now().getTime() + WEBHOOK_TIMEOUT_MS);
    expect(Math.max(...putOffTimes()) - Math.min(...putOffTimes())).toBe(
      (15 * WEBHOOK_TIMEOUT_MS) / PER_ENDPOINT,
    );
    // The next read puts off its last 10; the one after reaches the other endpoint's.
    await dispatcher.kick();
    await dispatcher.kick();
    await settle();
    expect(dispatcher.outcome.putOff).toBe(26);
    expect(putOffTimes()).toHaveLength(26);
    expect(
      [...w.store.deliveriesById.values()].filter(
        (d) => d.endpointId === 'up' && d.state === 'succeeded',
      ),
    ).toHaveLength(5);
    w.release();
    await dispatcher.idle();
    expect(dispatcher.outcome).toMatchObject({ attempted: 9, succeeded: 5 });
    // Nothing lost: every delivery to the hanging endpoint is still pending, due again later.
    expect(
      [...w.store.deliveriesById.values()].filter(
        (d) => d.endpointId === 'hang' && d.state === 'pending',
      ),
    ).toHaveLength(30);
  });

  it('never tries a delivery twice that was attempted while a read of the deliveries due ran', async () => {
    const w = hanging();
    const hang = endpoint('hang');
    await w.store.putEndpoint(hang, null);
    await w.store.createDeliveries(deliveriesFor([event(1)], [hang], w.clock.now()));
    const dispatcher = createDispatcher(w.deps, { refill: true });
    await dispatcher.kick();
    // A read as DynamoDB's: its due marks as they were when asked for, what is in hand left out
    // as the answer arrives.
    let answer: () => void = () => undefined;
    const due = w.store.due.bind(w.store);
    w.store.due = async (now, limit, skip) => {
      const marks = await due(now, limit);
      await new Promise<void>((resolve) => (answer = resolve));
      return marks.filter((d) => skip === undefined || !skip(d.deliveryId));
    };
    const reading = dispatcher.kick();
    await settle();
    w.release();
    await settle();
    answer();
    await reading;
    await dispatcher.idle();
    expect(w.received).toHaveLength(1);
    expect(dispatcher.outcome.attempted).toBe(1);
  });

  it('gives each endpoint with deliveries waiting its turn at a free lane, not the first one every time', async () => {
    const w = world();
    const held: (() => void)[] = [];
    const sent: string[] = [];
    const sender = {
      post: (url: string): Promise<WebhookResponse> => {
        sent.push(url.slice(url.lastIndexOf('/') + 1));
        return new Promise((resolve) =>
          held.push(() => {
            resolve({ status: 204, error: null, durationMs: 2_000 });
          }),
        );
      },
    };
    const [a, b, c] = ['a', 'b', 'c'].map((id) => endpoint(id));
    if (a === undefined || b === undefined || c === undefined) throw new Error('three endpoints');
    for (const e of [a, b, c]) await w.store.putEndpoint(e, null);
    const events = Array.from({ length: 5 }, (_, i) => event(i + 1));
    await w.store.createDeliveries(deliveriesFor(events, [a, b], w.clock.now()));
    w.clock.advance(1_000);
    await w.store.createDeliveries(deliveriesFor([event(9)], [c], w.clock.now()));
    w.clock.advance(1_000);
    const dispatcher = createDispatcher({ ...w.deps, sender }, { lanes: 2 });
    await dispatcher.kick();
    await settle();
    expect(sent).toEqual(['a', 'b']);
    // A lane frees: the endpoint whose turn it is now is c, then a again.
    held.shift()?.();
    await settle();
    held.shift()?.();
    await settle();
    expect(sent).toEqual(['a', 'b', 'c', 'a']);
    while (held.length > 0) {
      held.shift()?.();
      await settle();
    }
    await dispatcher.idle();
    expect(dispatcher.outcome.succeeded).toBe(11);
  });
});
