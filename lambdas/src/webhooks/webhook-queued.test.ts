import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '@ccsc/contract/webhooks';
import type { StoredEvent } from '../core/ports/events';
import type {
  WebhookEndpoint,
  WebhookQueueItem,
  WebhookQueueSender,
  WebhookResponse,
} from '../core/ports/webhooks';
import { FakeClock, silentLogger } from '../core/testing/fakes';
import { MemoryWebhookStore } from '../core/testing/memory-webhooks';
import { deliveriesFor, deliveryIdOf } from './webhook-deliveries';
import { webhookQueue } from './webhook-queue';
import { PER_ENDPOINT, STALLED_AFTER_MS } from './webhook-dispatch';
import {
  BUSY_WAIT_S,
  consumeBatch,
  deliveryPass,
  MAX_QUEUE_DELAY_S,
  OVERDUE_AFTER_MS,
  type QueueMessage,
} from './webhook-queued';
import { newWebhookSecret } from './webhook-signature';

const event = (n: number): StoredEvent => ({
  eventId: `01JF3KB2C4D6E8F0G2H4J6K8M${String(n)}`,
  sequence: n,
  at: '2026-12-07T09:30:00.000Z',
  kind: 'document.held',
  organisationId: 'SITE',
  subject: { type: 'document', id: `doc-${String(n)}`, name: 'A document' },
  counterpart: { organisationId: 'SPONSOR', name: 'Pharma' },
  reason: 'receiver-artifact-unmapped',
});

const endpoint = (id: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  endpointId: id,
  organisationId: 'SITE',
  systemId: 'sys-1',
  url: `https://hooks.vendor.example.com/${id}`,
  eventTypes: ['document.held'],
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

/** SQS in memory: each message visible from its time; what was sent, and with which delay. */
class FakeQueue implements WebhookQueueSender {
  readonly messages: { id: string; item: WebhookQueueItem; visibleAt: number }[] = [];
  readonly sent: { deliveryId: string; delaySeconds: number }[] = [];
  failing = false;
  private count = 0;
  constructor(private readonly clock: FakeClock) {}

  send(items: readonly WebhookQueueItem[], delaySeconds: number) {
    if (this.failing) return Promise.reject(new Error('SQS is unavailable'));
    for (const item of items) {
      this.count += 1;
      this.sent.push({ deliveryId: item.deliveryId, delaySeconds });
      this.messages.push({
        id: `m${String(this.count)}`,
        item: { ...item },
        visibleAt: this.clock.now().getTime() + delaySeconds * 1000,
      });
    }
    return Promise.resolve();
  }

  /** Takes the messages visible now (at most 10), as an event source would. */
  receive(): QueueMessage[] {
    const now = this.clock.now().getTime();
    const visible = this.messages.filter((m) => m.visibleAt <= now).slice(0, 10);
    for (const m of visible) this.messages.splice(this.messages.indexOf(m), 1);
    return visible.map((m) => ({ messageId: m.id, body: JSON.stringify(m.item) }));
  }
}

const world = (answers: Record<string, number | 'down'> = {}) => {
  const store = new MemoryWebhookStore();
  const clock = new FakeClock(new Date('2026-12-07T09:30:00.000Z'));
  const queue = new FakeQueue(clock);
  const received: { url: string; at: number }[] = [];
  const disabled: string[] = [];
  const logger = silentLogger();
  const deps = {
    store,
    clock,
    logger,
    queue,
    sender: {
      post: (url: string): Promise<WebhookResponse> => {
        received.push({ url, at: clock.now().getTime() });
        const answer = answers[url] ?? 204;
        return Promise.resolve(
          answer === 'down'
            ? { status: null, error: 'connect ECONNREFUSED', durationMs: 3 }
            : { status: answer, error: null, durationMs: 12 },
        );
      },
    },
    onDisabled: (e: WebhookEndpoint) => {
      disabled.push(e.endpointId);
      return Promise.resolve();
    },
  };
  return { store, clock, queue, received, disabled, logger, deps };
};

type World = ReturnType<typeof world>;

/** The fan-out's part with the queue: the deliveries written, their messages sent at once. */
const fanOut = async (w: World, events: StoredEvent[]) => {
  await webhookQueue(w.store, w.clock, { sender: w.queue, logger: w.logger }).queue(events);
};

const message = (id: string, item: WebhookQueueItem): QueueMessage => ({
  messageId: id,
  body: JSON.stringify(item),
});

describe('webhook deliveries through a queue (AWS)', () => {
  it('sends each new delivery to the queue at once, and its consumer delivers it', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    await fanOut(w, [event(1), event(2)]);
    expect(w.queue.sent).toEqual([
      { deliveryId: deliveryIdOf(event(1), 'a'), delaySeconds: 0 },
      { deliveryId: deliveryIdOf(event(2), 'a'), delaySeconds: 0 },
    ]);
    const batch = await consumeBatch(w.deps, w.queue.receive());
    expect(batch).toEqual({
      failed: [],
      outcomes: { attempted: 2, closed: 0, skipped: 0, deferred: 0 },
    });
    expect(w.received).toHaveLength(2);
    expect([...w.store.deliveriesById.values()].map((d) => d.state)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    // Succeeded: nothing more queued.
    expect(w.queue.messages).toEqual([]);
  });

  it('a fan-out whose send fails loses nothing: logged, and the job enqueues the deliveries once overdue', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    w.queue.failing = true;
    await fanOut(w, [event(1)]);
    expect(w.store.deliveriesById.size).toBe(1);
    w.queue.failing = false;
    expect(await deliveryPass(w.deps, w.queue)).toMatchObject({ enqueued: 0, attempted: 0 });
    w.clock.advance(OVERDUE_AFTER_MS + 1);
    expect(await deliveryPass(w.deps, w.queue)).toMatchObject({ enqueued: 1, attempted: 0 });
    // The job attempts none itself: the consumer does.
    expect(w.received).toEqual([]);
    await consumeBatch(w.deps, w.queue.receive());
    expect(w.received).toHaveLength(1);
  });

  it('goes through the whole schedule, the short waits as delayed messages, the long ones by the job', async () => {
    const w = world({ 'https://hooks.vendor.example.com/down': 'down' });
    await w.store.putEndpoint(endpoint('down'), null);
    await fanOut(w, [event(1)]);
    const id = deliveryIdOf(event(1), 'down');
    const start = w.clock.now().getTime();
    // The consumer on each message as it becomes visible, the job every minute, until it is over.
    let nextTick = start + 60_000;
    for (let i = 0; i < 10_000 && w.store.deliveriesById.get(id)?.state === 'pending'; i += 1) {
      const nextMessage = Math.min(...w.queue.messages.map((m) => m.visibleAt));
      w.clock.current = new Date(Math.min(nextMessage, nextTick));
      if (w.clock.now().getTime() === nextTick) {
        await deliveryPass(w.deps, w.queue);
        nextTick += 60_000;
      }
      const visible = w.queue.receive();
      if (visible.length > 0) expect((await consumeBatch(w.deps, visible)).failed).toEqual([]);
    }
    const delivery = w.store.deliveriesById.get(id);
    expect(delivery).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect(delivery?.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length);
    // Each attempt on its time: exactly while SQS can delay it (≤ 15 min), within two of the
    // job's minutes after a longer wait.
    let scheduled = start;
    for (const [k, attempt] of (delivery?.attempts ?? []).entries()) {
      scheduled += WEBHOOK_RETRY_DELAYS_MS[k] ?? 0;
      const late = Date.parse(attempt.at) - scheduled;
      if ((WEBHOOK_RETRY_DELAYS_MS[k] ?? 0) <= MAX_QUEUE_DELAY_S * 1000) expect(late).toBe(0);
      else expect(late).toBeLessThanOrEqual(2 * 60_000);
      expect(late).toBeGreaterThanOrEqual(0);
      scheduled = Date.parse(attempt.at);
    }
    expect(w.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length);
    // Failing for the whole schedule: disabled, and told once.
    expect(w.store.endpointsById.get('down')).toMatchObject({
      status: 'disabled',
      disabledReason: 'failing',
    });
    expect(w.disabled).toEqual(['down']);
    expect(w.queue.sent.map((s) => s.delaySeconds).filter((d) => d > 0)).toEqual([5, 300]);
  });

  it('skips a message whose delivery is gone, over or not due yet, and sends nothing', async () => {
    const w = world();
    const a = endpoint('a');
    await w.store.putEndpoint(a, null);
    const [done, later] = deliveriesFor([event(1), event(2)], [a], w.clock.now());
    if (done === undefined || later === undefined) throw new Error('two deliveries expected');
    await w.store.createDeliveries([
      { ...done, state: 'succeeded', nextAttemptAt: null },
      { ...later, nextAttemptAt: new Date(w.clock.now().getTime() + 60_000).toISOString() },
    ]);
    const batch = await consumeBatch(w.deps, [
      message('1', { deliveryId: 'msg_gone', endpointId: 'a' }),
      message('2', { deliveryId: done.deliveryId, endpointId: 'a' }),
      message('3', { deliveryId: later.deliveryId, endpointId: 'a' }),
    ]);
    expect(batch).toEqual({
      failed: [],
      outcomes: { attempted: 0, closed: 0, skipped: 3, deferred: 0 },
    });
    expect(w.received).toEqual([]);
    expect(w.queue.sent).toEqual([]);
  });

  it('closes unsent a delivery whose endpoint was deleted or disabled meanwhile', async () => {
    const w = world();
    const off = endpoint('off', { status: 'disabled', disabledReason: 'by-owner' });
    await w.store.putEndpoint(off, null);
    const made = deliveriesFor([event(1)], [endpoint('off'), endpoint('gone')], w.clock.now());
    await w.store.createDeliveries(made);
    const batch = await consumeBatch(
      w.deps,
      made.map((d, i) => message(String(i), d)),
    );
    expect(batch.outcomes).toEqual({ attempted: 0, closed: 2, skipped: 0, deferred: 0 });
    expect([...w.store.deliveriesById.values()].map((d) => d.state)).toEqual(['failed', 'failed']);
    expect(w.received).toEqual([]);
  });

  it('attempts a delivery once when two of its messages come in one batch', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    await fanOut(w, [event(1)]);
    await fanOut(w, [event(1)]);
    const batch = await consumeBatch(w.deps, w.queue.receive());
    expect(batch).toEqual({
      failed: [],
      outcomes: { attempted: 1, closed: 0, skipped: 0, deferred: 0 },
    });
    expect(w.received).toHaveLength(1);
  });

  it('reports as failed the messages whose delivery could not be handled, and those naming none', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    await fanOut(w, [event(1), event(2)]);
    const broken = deliveryIdOf(event(2), 'a');
    const read = w.store.delivery.bind(w.store);
    w.store.delivery = (endpointId, deliveryId) =>
      deliveryId === broken
        ? Promise.reject(new Error('ProvisionedThroughputExceededException'))
        : read(endpointId, deliveryId);
    const [first, second] = w.queue.receive();
    const batch = await consumeBatch(w.deps, [
      ...(first === undefined ? [] : [first]),
      ...(second === undefined ? [] : [second]),
      { messageId: 'junk', body: 'not json' },
      { messageId: 'other', body: '{"deliveryId":1}' },
    ]);
    expect(batch.failed.sort()).toEqual([second?.messageId, 'junk', 'other'].sort());
    expect(batch.outcomes.attempted).toBe(1);
    expect(w.logger.errors).toHaveLength(2);
    // Left as it was: due, for the message handed over again (or the job).
    expect(w.store.deliveriesById.get(broken)).toMatchObject({ state: 'pending', attempts: [] });
  });

  it('leaves an attempt recorded when its next message cannot be sent: the job enqueues it', async () => {
    const w = world({ 'https://hooks.vendor.example.com/a': 503 });
    await w.store.putEndpoint(endpoint('a'), null);
    await fanOut(w, [event(1)]);
    const visible = w.queue.receive();
    w.queue.failing = true;
    expect((await consumeBatch(w.deps, visible)).failed).toEqual([]);
    const delivery = w.store.deliveriesById.get(deliveryIdOf(event(1), 'a'));
    expect(delivery).toMatchObject({ state: 'pending' });
    expect(delivery?.attempts).toHaveLength(1);
    w.queue.failing = false;
    w.clock.advance(5_000 + OVERDUE_AFTER_MS + 1);
    expect((await deliveryPass(w.deps, w.queue)).enqueued).toBe(1);
  });
});

describe('an endpoint’s attempt slots (AWS: shared by the queue’s consumers)', () => {
  /** A world whose `hang` endpoint holds each request until released. */
  const hanging = () => {
    const w = world();
    const held: (() => void)[] = [];
    const post = w.deps.sender.post;
    w.deps.sender.post = (url: string) =>
      url.endsWith('/hang')
        ? new Promise<WebhookResponse>((resolve) => {
            w.received.push({ url, at: w.clock.now().getTime() });
            held.push(() => {
              resolve({ status: null, error: 'timed out', durationMs: 15_000 });
            });
          })
        : post(url);
    return {
      ...w,
      release: () => {
        held.splice(0).forEach((go) => {
          go();
        });
      },
    };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it('takes at most PER_ENDPOINT attempts to one endpoint at once; a busy one’s others put off a second or two', async () => {
    const w = hanging();
    await w.store.putEndpoint(endpoint('hang'), null);
    await fanOut(
      w,
      Array.from({ length: 6 }, (_, i) => event(i + 1)),
    );
    const messages = w.queue.receive();
    w.queue.sent.length = 0;
    const before = structuredClone([...w.store.deliveriesById.values()]);
    const batch = consumeBatch(w.deps, messages);
    await settle();
    expect(w.received).toHaveLength(PER_ENDPOINT);
    // The two beyond: unattempted, due again in 1-2 s (the table says so, as the message does:
    // the every-minute job does not take them for lost), their put-offs counted.
    const waiting = before.slice(PER_ENDPOINT);
    expect(w.queue.sent.map((m) => m.deliveryId)).toEqual(waiting.map((d) => d.deliveryId));
    for (const [i, d] of waiting.entries()) {
      const delay = w.queue.sent[i]?.delaySeconds ?? 0;
      expect(delay).toBeGreaterThanOrEqual(BUSY_WAIT_S);
      expect(delay).toBeLessThanOrEqual(2 * BUSY_WAIT_S);
      expect(w.store.deliveriesById.get(d.deliveryId)).toEqual({
        ...d,
        nextAttemptAt: new Date(w.clock.now().getTime() + delay * 1000).toISOString(),
      });
    }
    expect(w.queue.messages.map((m) => m.item.putOffs)).toEqual([1, 1]);
    w.release();
    expect((await batch).outcomes).toEqual({ attempted: 4, closed: 0, skipped: 0, deferred: 2 });
    // Given back: every slot free again.
    expect(w.store.slots.size).toBe(0);
  });

  it('counts a delivery’s put-offs afresh after an attempt', async () => {
    const w = world({ 'https://hooks.vendor.example.com/down': 'down' });
    await w.store.putEndpoint(endpoint('down'), null);
    await fanOut(w, [event(1)]);
    const [first] = w.queue.receive();
    if (first === undefined) throw new Error('one message expected');
    const item = JSON.parse(first.body) as WebhookQueueItem;
    w.queue.sent.length = 0;
    await consumeBatch(w.deps, [message('m', { ...item, putOffs: 3 })]);
    expect(w.received).toHaveLength(1);
    // Its next attempt in 5 s, the message without the put-offs of before.
    expect(w.queue.messages.map((m) => [m.item, m.visibleAt - w.clock.now().getTime()])).toEqual([
      [{ deliveryId: item.deliveryId, endpointId: 'down' }, 5_000],
    ]);
  });

  it('puts off a delivery to an endpoint whose slots are all held by attempts hanging, the wait doubling', async () => {
    const w = hanging();
    await w.store.putEndpoint(endpoint('hang'), null);
    await fanOut(
      w,
      Array.from({ length: 5 }, (_, i) => event(i + 1)),
    );
    const [last, ...firstFour] = w.queue.receive().reverse();
    if (last === undefined) throw new Error('five messages expected');
    const held = consumeBatch(w.deps, firstFour);
    await settle();
    w.clock.advance(STALLED_AFTER_MS);
    w.queue.sent.length = 0;
    expect((await consumeBatch(w.deps, [last])).outcomes).toMatchObject({ deferred: 1 });
    const item = JSON.parse(last.body) as { deliveryId: string };
    const putOff = w.store.deliveriesById.get(item.deliveryId);
    const [sent] = w.queue.sent;
    expect(putOff?.attempts).toEqual([]);
    // Due again when its message comes: WEBHOOK_TIMEOUT_MS and a random part at most as long.
    expect(sent?.delaySeconds).toBeGreaterThanOrEqual(15);
    expect(sent?.delaySeconds).toBeLessThanOrEqual(30);
    expect(Date.parse(putOff?.nextAttemptAt ?? '')).toBe(
      w.clock.now().getTime() + (sent?.delaySeconds ?? 0) * 1000,
    );
    // Put off again when it comes and the endpoint still hangs (its slots held by attempts
    // since, the first ones' time over): twice as long.
    w.clock.advance((sent?.delaySeconds ?? 0) * 1000);
    w.store.slots.clear();
    for (let n = 0; n < PER_ENDPOINT; n += 1) {
      const since = new Date(w.clock.now().getTime() - STALLED_AFTER_MS);
      await w.store.takeSlot(
        'hang',
        PER_ENDPOINT,
        `later-${String(n)}`,
        since,
        new Date(since.getTime() + 20_000),
      );
    }
    const again = w.queue.receive();
    expect(JSON.parse(again[0]?.body ?? '{}')).toMatchObject({ putOffs: 1 });
    w.queue.sent.length = 0;
    await consumeBatch(w.deps, again);
    expect(w.queue.sent[0]?.delaySeconds).toBeGreaterThanOrEqual(30);
    expect(w.queue.sent[0]?.delaySeconds).toBeLessThanOrEqual(45);
    w.release();
    await held;
  });

  it('frees a slot held past its time: a consumer that died holds it no longer', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    const now = w.clock.now();
    const until = new Date(now.getTime() + 20_000);
    for (let n = 0; n < PER_ENDPOINT; n += 1) {
      expect(await w.store.takeSlot('a', PER_ENDPOINT, `dead-${String(n)}`, now, until)).toEqual({
        slot: n,
      });
    }
    await fanOut(w, [event(1)]);
    w.clock.advance(20_001);
    w.queue.sent.length = 0;
    const batch = await consumeBatch(w.deps, w.queue.receive());
    expect(batch.outcomes).toMatchObject({ attempted: 1, deferred: 0 });
    expect(w.received).toHaveLength(1);
  });
});

describe('the scheduled pass', () => {
  it('with a queue (AWS) enqueues only the deliveries overdue by more than a minute, attempting none', async () => {
    const w = world();
    const a = endpoint('a');
    await w.store.putEndpoint(a, null);
    const [late, recent] = deliveriesFor([event(1), event(2)], [a], w.clock.now());
    if (late === undefined || recent === undefined) throw new Error('two deliveries expected');
    const ago = (ms: number) => new Date(w.clock.now().getTime() - ms).toISOString();
    await w.store.createDeliveries([
      { ...late, nextAttemptAt: ago(OVERDUE_AFTER_MS + 1) },
      { ...recent, nextAttemptAt: ago(OVERDUE_AFTER_MS - 1_000) },
    ]);
    expect(await deliveryPass(w.deps, w.queue)).toEqual({
      attempted: 0,
      succeeded: 0,
      failed: 0,
      disabled: 0,
      putOff: 0,
      enqueued: 1,
    });
    expect(w.queue.sent).toEqual([{ deliveryId: late.deliveryId, delaySeconds: 0 }]);
    expect(w.received).toEqual([]);
  });

  it('fails when the queue refuses, the deliveries staying due', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    await w.store.createDeliveries(deliveriesFor([event(1)], [endpoint('a')], w.clock.now()));
    w.clock.advance(OVERDUE_AFTER_MS + 1);
    w.queue.failing = true;
    await expect(deliveryPass(w.deps, w.queue)).rejects.toThrow(/SQS/);
    expect([...w.store.deliveriesById.values()][0]?.state).toBe('pending');
  });

  it('without a queue (offline) tries the due deliveries itself', async () => {
    const w = world();
    await w.store.putEndpoint(endpoint('a'), null);
    await webhookQueue(w.store, w.clock).queue([event(1)]);
    expect(await deliveryPass(w.deps, null)).toEqual({
      attempted: 1,
      succeeded: 1,
      failed: 0,
      disabled: 0,
      putOff: 0,
      enqueued: 0,
    });
    expect(w.received).toHaveLength(1);
    expect(w.queue.sent).toEqual([]);
  });
});
