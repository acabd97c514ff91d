import { ConflictError, NotFoundError } from '../errors';
import type { WebhookDelivery, WebhookEndpoint, WebhookStore } from '../ports/webhooks';

/** Webhook endpoints and deliveries in memory, with the store's conditions. */
export class MemoryWebhookStore implements WebhookStore {
  readonly endpointsById = new Map<string, WebhookEndpoint>();
  readonly deliveriesById = new Map<string, WebhookDelivery>();

  endpoint(endpointId: string) {
    const found = this.endpointsById.get(endpointId);
    return Promise.resolve(found === undefined ? null : structuredClone(found));
  }

  endpoints() {
    return Promise.resolve([...this.endpointsById.values()].map((e) => structuredClone(e)));
  }

  putEndpoint(endpoint: WebhookEndpoint, expectedRevision: number | null) {
    const current = this.endpointsById.get(endpoint.endpointId);
    if ((current?.revision ?? null) !== expectedRevision) {
      return Promise.reject(new ConflictError('The endpoint was changed meanwhile.'));
    }
    this.endpointsById.set(endpoint.endpointId, structuredClone(endpoint));
    return Promise.resolve();
  }

  deleteEndpoint(endpointId: string, expectedRevision: number) {
    const current = this.endpointsById.get(endpointId);
    if (current === undefined) return Promise.reject(new NotFoundError('No such endpoint.'));
    if (current.revision !== expectedRevision) {
      return Promise.reject(new ConflictError('The endpoint was changed meanwhile.'));
    }
    this.endpointsById.delete(endpointId);
    return Promise.resolve();
  }

  recordHealth(
    endpointId: string,
    health: Pick<WebhookEndpoint, 'failingSince' | 'lastSuccessAt'>,
  ) {
    const current = this.endpointsById.get(endpointId);
    if (current !== undefined) this.endpointsById.set(endpointId, { ...current, ...health });
    return Promise.resolve();
  }

  disableFailing(endpointId: string, at: Date) {
    const current = this.endpointsById.get(endpointId);
    if (current?.status !== 'active') return Promise.resolve(false);
    this.endpointsById.set(endpointId, {
      ...current,
      status: 'disabled',
      disabledAt: at.toISOString(),
      disabledReason: 'failing',
      revision: current.revision + 1,
      updatedAt: at.toISOString(),
    });
    return Promise.resolve(true);
  }

  createDeliveries(deliveries: readonly WebhookDelivery[]) {
    for (const d of deliveries) {
      if (!this.deliveriesById.has(d.deliveryId))
        this.deliveriesById.set(d.deliveryId, structuredClone(d));
    }
    return Promise.resolve();
  }

  delivery(endpointId: string, deliveryId: string) {
    const found = this.deliveriesById.get(deliveryId);
    return Promise.resolve(found?.endpointId === endpointId ? structuredClone(found) : null);
  }

  due(now: Date, limit: number, skip: (deliveryId: string) => boolean = () => false) {
    return Promise.resolve(
      [...this.deliveriesById.values()]
        .filter((d) => d.nextAttemptAt !== null && Date.parse(d.nextAttemptAt) <= now.getTime())
        .filter((d) => !skip(d.deliveryId))
        .sort((a, b) => ((a.nextAttemptAt ?? '') < (b.nextAttemptAt ?? '') ? -1 : 1))
        .slice(0, limit)
        .map((d) => structuredClone(d)),
    );
  }

  recordAttempt(
    delivery: WebhookDelivery,
    read: Pick<WebhookDelivery, 'attempts' | 'nextAttemptAt'>,
  ) {
    const current = this.deliveriesById.get(delivery.deliveryId);
    if (
      current?.attempts.length !== read.attempts.length ||
      current.nextAttemptAt !== read.nextAttemptAt
    ) {
      return Promise.resolve(false);
    }
    this.deliveriesById.set(delivery.deliveryId, structuredClone(delivery));
    return Promise.resolve(true);
  }

  readonly slots = new Map<string, { holder: string; since: string; heldUntil: string }>();

  takeSlot(endpointId: string, slots: number, holder: string, now: Date, until: Date) {
    const held: string[] = [];
    for (let slot = 0; slot < slots; slot += 1) {
      const current = this.slots.get(`${endpointId}#${String(slot)}`);
      if (current === undefined || Date.parse(current.heldUntil) < now.getTime()) {
        this.slots.set(`${endpointId}#${String(slot)}`, {
          holder,
          since: now.toISOString(),
          heldUntil: until.toISOString(),
        });
        return Promise.resolve({ slot });
      }
      held.push(current.since);
    }
    return Promise.resolve({ allHeldSince: held.sort().at(-1) ?? now.toISOString() });
  }

  releaseSlot(endpointId: string, slot: number, holder: string) {
    const key = `${endpointId}#${String(slot)}`;
    if (this.slots.get(key)?.holder === holder) this.slots.delete(key);
    return Promise.resolve();
  }

  deliveries(endpointId: string, limit: number, cursor: string | null) {
    const all = [...this.deliveriesById.values()]
      .filter((d) => d.endpointId === endpointId && (cursor === null || d.deliveryId < cursor))
      .sort((a, b) => (a.deliveryId < b.deliveryId ? 1 : -1));
    const items = all.slice(0, limit).map((d) => structuredClone(d));
    return Promise.resolve({
      items,
      nextCursor: all.length > limit ? (items.at(-1)?.deliveryId ?? null) : null,
    });
  }
}
