import type { EventKind, EventSubject } from '@ccsc/contract/events';

/**
 * The event records (issue 35): one per cross-organisation fact and recipient organisation,
 * written once by the journaled write that makes the fact (core/journal-events.ts), kept in the
 * organisation's feed under an increasing sequence (the partner feed's cursor), and fanned out
 * to the users who should hear of them (events/fan-out.ts).
 */

/** A fact as the write that makes it describes it, for one recipient organisation. */
export interface EventDraft {
  kind: EventKind;
  /** The organisation that hears of it (its feed, its users). */
  organisationId: string;
  subject: EventSubject;
  counterpart: { organisationId: string; name: string } | null;
  reason: string | null;
}

/** An event as kept: the draft with its id, its place in the feed and when it was written. */
export interface StoredEvent extends EventDraft {
  eventId: string;
  sequence: number;
  at: string;
}

export interface EventLog {
  /**
   * Writes each draft under its key (a write's id and the draft's place in it), once: a key
   * written before (a step run again after an interruption) writes nothing. Each new event takes
   * its organisation's next sequence and waits for its fan-out.
   */
  appendOnce(items: readonly { key: string; draft: EventDraft }[], at: Date): Promise<void>;
  /**
   * The organisation's events after `since`, oldest first, at most `limit`. A sequence taken
   * but not yet written (a write between taking it and writing) is a gap the page stops before,
   * while young (`settleMs`), so a reader never passes an event that is still coming.
   */
  page(organisationId: string, since: number, limit: number, now: Date): Promise<StoredEvent[]>;
  /** Events waiting for their fan-out, oldest first, at most `limit`. */
  pendingFanOut(limit: number): Promise<StoredEvent[]>;
  /** The event's fan-out is done (again: nothing). */
  fannedOut(event: Pick<StoredEvent, 'eventId' | 'at'>): Promise<void>;
}

/** How long a gap in a feed may be a write still under way (then it is a sequence lost). */
export const EVENT_GAP_SETTLE_MS = 30_000;
