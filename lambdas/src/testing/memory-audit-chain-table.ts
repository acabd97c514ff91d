import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { AuditChainTable, ChainedRecord } from '../adapters/audit-chain';
import { AUDIT_CHAIN_PK, sortKeyOf } from '../adapters/audit-chain';

/**
 * The audit chain's table in memory, with DynamoDB's semantics where they matter: a conditional
 * put of a new key, items as plain attribute maps, pages in key order. Every call yields to the
 * event loop first, so parallel appends really interleave between reading the head and writing.
 */
export class MemoryAuditChainTable implements AuditChainTable {
  readonly items = new Map<string, Record<string, unknown>>();
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
    this.items.set(sk, structuredClone({ pk: AUDIT_CHAIN_PK, sk, ...record }));
    return true;
  }

  async putAllIfAbsent(records: readonly ChainedRecord[]) {
    await yieldToOthers();
    if (records.some((record) => this.items.has(sortKeyOf(record.seq)))) {
      this.lostRaces += 1;
      return false;
    }
    for (const record of records) {
      const sk = sortKeyOf(record.seq);
      this.items.set(sk, structuredClone({ pk: AUDIT_CHAIN_PK, sk, ...record }));
    }
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

  /** The stored item of record `seq`, to tamper with in tests. */
  record(seq: number): Record<string, unknown> {
    const item = this.items.get(sortKeyOf(seq));
    if (item === undefined) throw new Error(`no record ${seq}`);
    return item;
  }
}
