/**
 * A write of several steps (Cognito, then the user index, then the audit trail...), recorded
 * before its first step so that a write cut short by a crash can be finished or undone afterwards
 * (core/journal.ts). One write at a time per subject: the entry is also the subject's lock.
 */
export interface JournalEntry {
  /** What the write changes, e.g. "user:<sub>"; one entry per subject. */
  subject: string;
  /** This write's own id (a new entry on the same subject has another). */
  id: string;
  /** Which workflow it is (e.g. "user.create"): what the steps are. */
  kind: string;
  /** Everything the steps need, as JSON. */
  input: Record<string, unknown>;
  /** What the steps so far produced (e.g. the new user's username), as JSON. */
  state: Record<string, unknown>;
  /** The names of the steps done, in order. */
  done: string[];
  startedAt: Date;
  /** Who runs it now; nobody else touches it before `leaseUntil`. */
  owner: string;
  leaseUntil: Date;
  /** 1 for the run that began it, one more for each takeover after an interruption. */
  attempt: number;
  /**
   * Set when a step was refused for good and the write is being undone: a takeover goes on
   * undoing, never forward. The refusal's code and message.
   */
  abandoning?: { code: string; message: string };
}

export interface WriteJournal {
  /**
   * Records a new write unless its subject already has one: null when recorded, else the entry
   * that holds the subject.
   */
  begin(entry: JournalEntry): Promise<JournalEntry | null>;
  /** The write under way on `subject` (read consistently), or null when there is none. */
  held(subject: string): Promise<JournalEntry | null>;
  /** Saves progress (done, state, lease); false when the entry is no longer this owner's. */
  save(entry: JournalEntry): Promise<boolean>;
  /** Removes the entry, if it is still this owner's: the write is over. */
  finish(entry: JournalEntry): Promise<void>;
  /**
   * Takes over an interrupted write: the entry as now held by `owner` (attempt raised), or null
   * when it ended or someone else took it first. Only once its lease has run out, unless `force`
   * (at start-up offline, when no other process can hold a lease).
   */
  takeOver(
    entry: JournalEntry,
    owner: string,
    leaseUntil: Date,
    force: boolean,
  ): Promise<JournalEntry | null>;
  /** Every write not finished, oldest first. */
  pending(): Promise<JournalEntry[]>;
}

/** Named locks with an expiry, for rules that span subjects (the last PlatformAdmin). */
export interface Leases {
  /** Takes the lease for `owner` until `until` if nobody holds it or its holder's time ran out. */
  acquire(name: string, owner: string, until: Date): Promise<boolean>;
  /** Gives the lease back, if `owner` still holds it. */
  release(name: string, owner: string): Promise<void>;
}
