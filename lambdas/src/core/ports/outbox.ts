/**
 * The mail outbox (issue 32): messages queued by a journaled write's step — after the step that
 * made the record they speak of — and sent from here, at once by the run that queued them and
 * otherwise by the reconciler. A queued message is never lost, and never leaves before its
 * record exists. What is queued holds no secret: a message that carries one (a credential's
 * link) is composed when it is sent (core/outbox.ts).
 */
export interface OutboxItem {
  /** The message's own id (the write's id and the step's name): queuing it again is nothing. */
  id: string;
  /** How it is composed when sent (a plain mail, a credential's link...). */
  kind: string;
  /** What the composer needs, as JSON. */
  payload: Record<string, unknown>;
  queuedAt: Date;
  /** Nobody else sends it before this time: the run sending it now holds it. */
  heldUntil: Date;
}

export interface Outbox {
  /** Queues the item unless an item of that id is (or was) queued already: whether it queued it. */
  put(item: OutboxItem): Promise<boolean>;
  /**
   * Takes the item to send it, until `until`, if it is not sent and nobody holds it at `now` (the
   * run that queued it holds it from the start): the item as taken, or null when it is sent, gone
   * or held by another.
   */
  take(id: string, until: Date, now: Date): Promise<OutboxItem | null>;
  /** Every item queued and not yet sent, oldest first. */
  pending(): Promise<OutboxItem[]>;
  /**
   * The item is sent (or nothing is left to send): kept a while as sent, so a step that queues
   * it again after an interruption queues nothing (then removed by the table's TTL).
   */
  sent(id: string, at: Date): Promise<void>;
}
