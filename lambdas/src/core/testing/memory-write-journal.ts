import type { Clock } from '../ports/clock';
import type { JournalEntry, Leases, WriteJournal } from '../ports/write-journal';

/**
 * The write journal and leases in memory, with the DynamoDB adapter's semantics: one entry per
 * subject (a conditional put), saves and finishes only by the owner, takeovers only of an entry
 * whose lease ran out (or forced), leases free once their time ran out. `crashAfterSaves` makes
 * the process "die" (that save and every later call throw) after that many saves landed, to
 * leave a write half done: its last step done, the journal not knowing it.
 */
export class MemoryWriteJournal implements WriteJournal, Leases {
  readonly entries = new Map<string, JournalEntry>();
  readonly leases = new Map<string, { owner: string; until: Date }>();
  /** Saves left before every call fails as if the process had died; null: never. */
  crashAfterSaves: number | null = null;
  crashed = false;

  constructor(private readonly clock: Clock) {}

  private alive(): void {
    if (this.crashed) throw new Error('the process died');
  }

  begin(entry: JournalEntry): Promise<JournalEntry | null> {
    this.alive();
    const held = this.entries.get(entry.subject);
    if (held !== undefined) return Promise.resolve(structuredClone(held));
    this.entries.set(entry.subject, structuredClone(entry));
    return Promise.resolve(null);
  }

  held(subject: string): Promise<JournalEntry | null> {
    this.alive();
    const held = this.entries.get(subject);
    return Promise.resolve(held === undefined ? null : structuredClone(held));
  }

  save(entry: JournalEntry): Promise<boolean> {
    this.alive();
    const held = this.entries.get(entry.subject);
    if (held?.id !== entry.id || held.owner !== entry.owner) return Promise.resolve(false);
    if (this.crashAfterSaves !== null) {
      this.crashAfterSaves -= 1;
      // Dies before this save lands: the step is done, the journal does not know it.
      if (this.crashAfterSaves < 0) {
        this.crashed = true;
        throw new Error('the process died');
      }
    }
    this.entries.set(entry.subject, structuredClone(entry));
    return Promise.resolve(true);
  }

  finish(entry: JournalEntry): Promise<void> {
    this.alive();
    const held = this.entries.get(entry.subject);
    if (held?.id === entry.id && held.owner === entry.owner) this.entries.delete(entry.subject);
    return Promise.resolve();
  }

  takeOver(
    entry: JournalEntry,
    owner: string,
    leaseUntil: Date,
    force: boolean,
  ): Promise<JournalEntry | null> {
    this.alive();
    const held = this.entries.get(entry.subject);
    if (held?.id !== entry.id || held.owner !== entry.owner) return Promise.resolve(null);
    if (!force && held.leaseUntil.getTime() >= this.clock.now().getTime()) {
      return Promise.resolve(null);
    }
    const taken = { ...held, owner, leaseUntil, attempt: held.attempt + 1 };
    this.entries.set(entry.subject, taken);
    return Promise.resolve(structuredClone(taken));
  }

  pending(): Promise<JournalEntry[]> {
    this.alive();
    return Promise.resolve(
      [...this.entries.values()]
        .map((e) => structuredClone(e))
        .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()),
    );
  }

  acquire(name: string, owner: string, until: Date): Promise<boolean> {
    this.alive();
    const held = this.leases.get(name);
    if (held !== undefined && held.until.getTime() >= this.clock.now().getTime()) {
      return Promise.resolve(false);
    }
    this.leases.set(name, { owner, until });
    return Promise.resolve(true);
  }

  release(name: string, owner: string): Promise<void> {
    this.alive();
    if (this.leases.get(name)?.owner === owner) this.leases.delete(name);
    return Promise.resolve();
  }

  /** The process "restarts": calls work again. */
  restart(): void {
    this.crashed = false;
    this.crashAfterSaves = null;
  }
}
