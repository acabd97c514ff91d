import type { Outbox, OutboxItem } from '../ports/outbox';

/** The mail outbox in memory, with the DynamoDB adapter's semantics (conditional put and take). */
export class MemoryOutbox implements Outbox {
  readonly items = new Map<string, OutboxItem>();
  readonly sentAt = new Map<string, Date>();

  put(item: OutboxItem) {
    if (this.items.has(item.id)) return Promise.resolve(false);
    this.items.set(item.id, structuredClone(item));
    return Promise.resolve(true);
  }

  take(id: string, until: Date, now: Date) {
    const item = this.items.get(id);
    if (item === undefined || this.sentAt.has(id) || item.heldUntil.getTime() > now.getTime()) {
      return Promise.resolve(null);
    }
    const taken = { ...item, heldUntil: until };
    this.items.set(id, taken);
    return Promise.resolve(structuredClone(taken));
  }

  pending() {
    return Promise.resolve(
      [...this.items.values()]
        .filter((i) => !this.sentAt.has(i.id))
        .map((i) => structuredClone(i))
        .sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime()),
    );
  }

  sent(id: string, at: Date) {
    this.sentAt.set(id, at);
    return Promise.resolve();
  }

  /** Items queued and not sent. */
  get waiting(): number {
    return [...this.items.keys()].filter((id) => !this.sentAt.has(id)).length;
  }
}
