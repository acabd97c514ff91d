import { EVENT_GAP_SETTLE_MS, type EventLog, type StoredEvent } from '../ports/events';

/** The event log in memory, with the DynamoDB adapter's semantics (keys once, sequences, gaps). */
export class MemoryEventLog implements EventLog {
  readonly events: StoredEvent[] = [];
  readonly keys = new Set<string>();
  readonly pending = new Set<string>();
  private readonly sequences = new Map<string, number>();

  appendOnce(items: Parameters<EventLog['appendOnce']>[0], at: Date) {
    for (const { key, draft } of items) {
      if (this.keys.has(key)) continue;
      const sequence = this.takeSequence(draft.organisationId);
      this.keys.add(key);
      const eventId = `${draft.organisationId}.${String(sequence)}`;
      this.events.push({ ...structuredClone(draft), eventId, sequence, at: at.toISOString() });
      this.pending.add(eventId);
    }
    return Promise.resolve();
  }

  /** The organisation's next sequence (a test takes one to leave a gap, as a slow write does). */
  takeSequence(organisationId: string): number {
    const sequence = (this.sequences.get(organisationId) ?? 0) + 1;
    this.sequences.set(organisationId, sequence);
    return sequence;
  }

  page(organisationId: string, since: number, limit: number, now: Date) {
    const mine = this.events
      .filter((e) => e.organisationId === organisationId && e.sequence > since)
      .sort((a, b) => a.sequence - b.sequence);
    const out: StoredEvent[] = [];
    let last = since;
    for (const e of mine) {
      if (out.length >= limit) break;
      const young = now.getTime() - Date.parse(e.at) < EVENT_GAP_SETTLE_MS;
      if (e.sequence !== last + 1 && young) break;
      out.push(structuredClone(e));
      last = e.sequence;
    }
    return Promise.resolve(out);
  }

  pendingFanOut(limit: number) {
    return Promise.resolve(
      this.events
        .filter((e) => this.pending.has(e.eventId))
        .slice(0, limit)
        .map((e) => structuredClone(e)),
    );
  }

  fannedOut(event: Pick<StoredEvent, 'eventId'>) {
    this.pending.delete(event.eventId);
    return Promise.resolve();
  }
}
