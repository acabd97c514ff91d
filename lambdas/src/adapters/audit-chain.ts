import { jitteredBackoff } from './backoff';
import {
  AUDIT_POSITION,
  type AuditEntry,
  type AuditReader,
  type AuditTrail,
  type AuditViewItem,
  type AuditViewRange,
  type AuditViewScope,
  type AuditViewWindow,
  type ChainVerdict,
} from '../core/ports/audit-trail';
import { type Clock, systemClock } from '../core/ports/clock';
import {
  GENESIS_HASH,
  sortKeyOf,
  type ChainedContent,
  AUDIT_INDEX_SORT_KEY,
  INDEX_ATTRIBUTES,
  viewIndexKey,
  indexBoundsOf,
  type AuditChainTable,
} from './audit-chain-items';
import { hashContent, contentOf, chainRecords } from './audit-chain-hash';

// The chain's stored form and its hashing live beside it; every importer keeps this one path.
export * from './audit-chain-items';
export * from './audit-chain-hash';

/**
 * The audit trail as a hash chain. Every record has a sequence number (1, 2, 3, ...), the server
 * time, the hash of its predecessor and its own hash: SHA-256 over the canonical JSON of all of
 * that. A record changed, removed or slipped in afterwards breaks the chain at that point, which
 * `verifyChain` finds.
 *
 * Appending is optimistic: read the head (the highest sequence number), write head + 1 only if no
 * record has that number yet (a conditional put), and start again when a concurrent append took
 * it. So two appends can never both claim the same predecessor, and nothing is ever updated:
 * the table is written with puts of new keys only.
 *
 * Each stored item also carries the attributes of the table's sparse indexes (its views, see
 * `indexAttributesOf`), written with it in the same put. They are derived from the content and
 * are not part of it: the hash does not cover them and `verifyChain` leaves them out, so the
 * chain stays what it always was, and records written before the indexes existed still verify.
 */

// ---------- appending ----------

export interface HashChainOptions {
  clock?: Clock;
  /** Appends that lose the race for a sequence number are retried this many times in all. */
  maxAttempts?: number;
  /** Waits a little (growing, with jitter) between attempts; injectable for tests. */
  backoff?: (attempt: number) => Promise<void>;
  /**
   * The chain's name in this process (its table's): appends to the same chain from anywhere in
   * the process are combined (see HashChainedAuditTrail), so they never race one another.
   */
  combineKey?: string;
}

/** Records written at once by appendAll: one DynamoDB transaction. */
export const APPEND_BATCH = 50;
/**
 * Items one transaction writes at most (DynamoDB takes 100): a record is 1 + its `alsoFor` items
 * (storedItemsOf), so a batch ends early when its records' items would pass this.
 */
export const APPEND_ITEMS = 100;

/** How many stored items an entry becomes (its own and one per other organisation). */
const itemsOf = (entry: AuditEntry): number =>
  1 + new Set((entry.alsoFor ?? []).filter((o) => o !== entry.organisationId)).size;

/** Losing appends retry after jitteredBackoff, at most 1 s apart. */
const defaultBackoff = (attempt: number) => jitteredBackoff(attempt, 1000);

/** Appends waiting for a chain's writer in this process, by the chain's combineKey. */
interface Submission {
  entries: readonly AuditEntry[];
  resolve: () => void;
  reject: (err: unknown) => void;
}
const waiting = new Map<string, { queue: Submission[]; writing: boolean }>();

const headOf = (item: Record<string, unknown> | null): { seq: number; hash: string } | null => {
  if (item === null) return null;
  const { seq, hash } = item;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || typeof hash !== 'string') {
    throw new Error('the audit chain head is not a chained record');
  }
  return { seq, hash };
};

export class HashChainedAuditTrail implements AuditTrail {
  private readonly clock: Clock;
  private readonly maxAttempts: number;
  private readonly backoff: (attempt: number) => Promise<void>;
  private readonly combineKey: string | undefined;

  constructor(
    private readonly table: AuditChainTable,
    options: HashChainOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.maxAttempts = options.maxAttempts ?? 20;
    this.backoff = options.backoff ?? defaultBackoff;
    this.combineKey = options.combineKey;
  }

  append(entry: AuditEntry): Promise<void> {
    return this.appendAll([entry]);
  }

  /**
   * Batches of consecutive records, each chained on the head it read and written at once.
   *
   * Every append reads the chain's head and writes the next sequence number on the condition
   * that it is still free, so appends made at the same moment race, and all but one try again.
   * Within one process (a Lambda container; the whole offline console) they do not race: with a
   * combineKey, appends made while one is being written wait, and are then written together, up
   * to APPEND_BATCH records in one transaction (each caller's records consecutive). Only
   * appends from other processes still race; the backoff spreads them out.
   */
  appendAll(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const key = this.combineKey;
    if (key === undefined) return this.write(entries);
    return new Promise<void>((resolve, reject) => {
      const chain = waiting.get(key) ?? { queue: [], writing: false };
      waiting.set(key, chain);
      chain.queue.push({ entries, resolve, reject });
      if (!chain.writing) void this.drain(chain);
    });
  }

  private async drain(chain: { queue: Submission[]; writing: boolean }): Promise<void> {
    chain.writing = true;
    try {
      while (chain.queue.length > 0) {
        const taken: Submission[] = [];
        let count = 0;
        for (const next of chain.queue) {
          if (taken.length > 0 && count + next.entries.length > APPEND_BATCH) break;
          taken.push(next);
          count += next.entries.length;
        }
        chain.queue.splice(0, taken.length);
        try {
          await this.write(taken.flatMap((s) => s.entries));
          for (const s of taken) s.resolve();
        } catch (err) {
          if (taken.length === 1) {
            taken[0]?.reject(err);
            continue;
          }
          // One caller's records must not fail another's: each on its own.
          for (const s of taken) {
            await this.write(s.entries).then(s.resolve, s.reject);
          }
        }
      }
    } finally {
      chain.writing = false;
    }
  }

  private async write(entries: readonly AuditEntry[]): Promise<void> {
    const batches: AuditEntry[][] = [];
    let items = 0;
    for (const entry of entries) {
      const last = batches.at(-1);
      const size = itemsOf(entry);
      if (last === undefined || last.length === APPEND_BATCH || items + size > APPEND_ITEMS) {
        batches.push([entry]);
        items = size;
      } else {
        last.push(entry);
        items += size;
      }
    }
    for (const batch of batches) {
      if (batch.length === 1) {
        await this.appendOne(batch[0] as AuditEntry);
        continue;
      }
      await this.appendBatch(batch);
    }
  }

  private async appendOne(entry: AuditEntry): Promise<void> {
    for (let attempt = 0; attempt < this.maxAttempts; attempt += 1) {
      const head = headOf(await this.table.head());
      const content = contentOf(
        entry,
        (head?.seq ?? 0) + 1,
        this.clock.now(),
        head?.hash ?? GENESIS_HASH,
      );
      if (await this.table.putIfAbsent({ ...content, hash: hashContent(content) })) return;
      await this.backoff(attempt);
    }
    throw new Error(`audit append for ${entry.action} lost the race ${this.maxAttempts} times`);
  }

  private async appendBatch(batch: readonly AuditEntry[]): Promise<void> {
    for (let attempt = 0; attempt < this.maxAttempts; attempt += 1) {
      const head = headOf(await this.table.head());
      const at = this.clock.now();
      const records = chainRecords(
        batch.map((entry) => ({ entry, at })),
        head,
      );
      if (await this.table.putAllIfAbsent(records)) return;
      await this.backoff(attempt);
    }
    throw new Error(
      `audit append of ${String(batch.length)} records lost the race ${this.maxAttempts} times`,
    );
  }
}

// ---------- verifying ----------

export type { ChainVerdict } from '../core/ports/audit-trail';

/** What a stored item holds besides its hashed content: its keys, its hash, its index keys. */
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'hash', ...INDEX_ATTRIBUTES]);

/** Walks the whole chain in order and reports the first broken link. */
export const verifyChain = async (table: AuditChainTable): Promise<ChainVerdict> => {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  const broken = (reason: string): ChainVerdict => ({
    ok: false,
    records: expectedSeq - 1,
    brokenAt: expectedSeq,
    reason,
  });
  for await (const page of table.scan()) {
    for (const item of page) {
      if (item.seq !== expectedSeq) {
        return broken(`expected record ${expectedSeq}, found ${String(item.seq)}`);
      }
      if (item.sk !== undefined && item.sk !== sortKeyOf(expectedSeq)) {
        return broken(`record ${expectedSeq} is stored under the key ${JSON.stringify(item.sk)}`);
      }
      if (item.prevHash !== prevHash) {
        return broken(`record ${expectedSeq} does not name its predecessor's hash`);
      }
      const content = Object.fromEntries(
        Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.has(k)),
      ) as unknown as ChainedContent;
      const hash = hashContent(content);
      if (item.hash !== hash) {
        return broken(`record ${expectedSeq} was altered (its hash does not match its content)`);
      }
      prevHash = hash;
      expectedSeq += 1;
    }
  }
  return { ok: true, records: expectedSeq - 1, headHash: prevHash };
};

// ---------- reading ----------

/** The read side of a chain: records newest first, and its verification. Nothing that writes. */
export class HashChainedAuditReader implements AuditReader {
  constructor(private readonly table: AuditChainTable) {}

  readNewestFirst(beforeSeq: number | null, limit: number): Promise<Record<string, unknown>[]> {
    return this.table.readBackward(beforeSeq, limit);
  }

  verify(): Promise<ChainVerdict> {
    return verifyChain(this.table);
  }

  async readView(
    scope: AuditViewScope,
    range: AuditViewRange,
    limit: number,
  ): Promise<AuditViewItem[]> {
    const bounds = indexBoundsOf(range);
    if (bounds === null || limit <= 0) return [];
    const items = await this.table.queryIndex(viewIndexKey(scope), bounds, limit);
    return items.map((item) => {
      const position = item[AUDIT_INDEX_SORT_KEY];
      if (typeof position !== 'string' || !AUDIT_POSITION.test(position)) {
        // Only an item the index holds by this attribute comes back: never without it.
        throw new Error(`an audit index item has no position: ${String(item.sk)}`);
      }
      return { position, item };
    });
  }

  async countView(scope: AuditViewScope, window: AuditViewWindow): Promise<number> {
    const bounds = indexBoundsOf(window);
    if (bounds === null) return 0;
    return this.table.countIndex(viewIndexKey(scope), bounds);
  }
}
