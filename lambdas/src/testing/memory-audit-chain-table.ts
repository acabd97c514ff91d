import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type {
  AuditChainTable,
  AuditIndexKey,
  ChainedRecord,
  IndexBounds,
} from '../adapters/audit-chain';
import { AUDIT_INDEX_SORT_KEY, sortKeyOf, storedItemsOf } from '../adapters/audit-chain';

/**
 * The audit chain's table in memory, with DynamoDB's semantics where they matter: a conditional
 * put of a new key, items as plain attribute maps (stored as the DynamoDB adapter stores them,
 * index attributes included), pages in key order, sparse indexes that hold the items with their
 * attributes. Every call yields to the event loop first, so parallel appends really interleave
 * between reading the head and writing.
 */
export class MemoryAuditChainTable implements AuditChainTable {
  /** The chain's items (AUDIT#chain), by sort key. */
  readonly items = new Map<string, Record<string, unknown>>();
  /** A record's items in other organisations' trails (AUDIT#also), by sort key. */
  readonly alsoItems = new Map<string, Record<string, unknown>>();
  lostRaces = 0;

  constructor(private readonly pageSize = 7) {}

  private sorted() {
    return [...this.items.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  }

  async head() {
    await yieldToOthers();
    const all = this.sorted();
    const last = all.at(-1);
    return last === undefined ? null : structuredClone(last);
  }

  async putIfAbsent(record: ChainedRecord) {
    await yieldToOthers();
    const sk = sortKeyOf(record.seq);
    if (this.items.has(sk)) {
      this.lostRaces += 1;
      return false;
    }
    this.store(record);
    return true;
  }

  private store(record: ChainedRecord) {
    const [own, ...also] = storedItemsOf(record);
    if (own !== undefined) this.items.set(sortKeyOf(record.seq), structuredClone(own));
    for (const item of also) this.alsoItems.set(String(item.sk), structuredClone(item));
  }

  async putAllIfAbsent(records: readonly ChainedRecord[]) {
    await yieldToOthers();
    if (records.some((record) => this.items.has(sortKeyOf(record.seq)))) {
      this.lostRaces += 1;
      return false;
    }
    for (const record of records) this.store(record);
    return true;
  }

  async *scan() {
    const all = this.sorted();
    for (let i = 0; i < all.length; i += this.pageSize) {
      await yieldToOthers();
      yield all.slice(i, i + this.pageSize).map((item) => structuredClone(item));
    }
  }

  readsBackward = 0;

  async readBackward(beforeSeq: number | null, limit: number) {
    await yieldToOthers();
    this.readsBackward += 1;
    const below = beforeSeq === null ? null : sortKeyOf(beforeSeq);
    return this.sorted()
      .filter((item) => below === null || String(item.sk) < below)
      .reverse()
      .slice(0, limit)
      .map((item) => structuredClone(item));
  }

  indexQueries = 0;
  indexCounts = 0;

  /** The items of one index partition within the bounds, highest `gAt` first. */
  private inIndex(key: AuditIndexKey, { lo, hi }: IndexBounds) {
    return [...this.items.values(), ...this.alsoItems.values()]
      .filter((item) => {
        const at = item[AUDIT_INDEX_SORT_KEY];
        return (
          item[key.attribute] === key.value &&
          typeof at === 'string' &&
          (lo === null || at >= lo) &&
          (hi === null || at <= hi)
        );
      })
      .sort((a, b) => (String(a[AUDIT_INDEX_SORT_KEY]) < String(b[AUDIT_INDEX_SORT_KEY]) ? 1 : -1));
  }

  async queryIndex(key: AuditIndexKey, bounds: IndexBounds, limit: number) {
    await yieldToOthers();
    this.indexQueries += 1;
    return this.inIndex(key, bounds)
      .slice(0, limit)
      .map((item) => structuredClone(item));
  }

  async countIndex(key: AuditIndexKey, bounds: IndexBounds) {
    await yieldToOthers();
    this.indexCounts += 1;
    return this.inIndex(key, bounds).length;
  }

  /** The stored item of record `seq`, to tamper with in tests. */
  record(seq: number): Record<string, unknown> {
    const item = this.items.get(sortKeyOf(seq));
    if (item === undefined) throw new Error(`no record ${seq}`);
    return item;
  }
}
