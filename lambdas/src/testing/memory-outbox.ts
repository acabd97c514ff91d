import type { Outbox, OutboxItem } from '../ports/outbox';

/** The mail outbox in memory, with the DynamoDB adapter's semantics (conditional put and take). */
export class MemoryOutbox implements Outbox {
  readonly items = new Map<string, OutboxItem>();

  put(item: OutboxItem) {
    if (this.items.has(item.id)) return Promise.resolve(false);
    this.items.set(item.id, structuredClone(item));
    return Promise.resolve(true);
  }

  take(id: string, until: Date, now: Date) {
    const item = this.items.get(id);
    if (item === undefined || item.heldUntil.getTime() > now.getTime()) {
      return Promise.resolve(null);
    }
    const taken = { ...item, heldUntil: until };
    this.items.set(id, taken);
    return Promise.resolve(structuredClone(taken));
  }

  pending() {
    return Promise.resolve(
      [...this.items.values()]
        .map((i) => structuredClone(i))
        .sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime()),
    );
  }

  remove(id: string) {
    this.items.delete(id);
    return Promise.resolve();
  }
}
