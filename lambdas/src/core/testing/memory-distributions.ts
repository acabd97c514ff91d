import {
  distributionListsOf,
  type DistributionPage,
  type DistributionRecord,
  type DistributionStore,
} from '../ports/distributions';

/** Distributions in memory: copies in and out, as a table would. */
export class MemoryDistributionStore implements DistributionStore {
  readonly records = new Map<string, DistributionRecord>();
  writes = 0;

  get(distributionId: string): Promise<DistributionRecord | null> {
    const found = this.records.get(distributionId);
    return Promise.resolve(found === undefined ? null : structuredClone(found));
  }

  async getMany(ids: readonly string[]): Promise<DistributionRecord[]> {
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found.flatMap((r) => (r === null ? [] : [r]));
  }

  create(record: DistributionRecord): Promise<void> {
    if (this.records.has(record.distributionId)) {
      return Promise.reject(new Error(`distribution ${record.distributionId} exists`));
    }
    this.writes += 1;
    this.records.set(record.distributionId, structuredClone(record));
    return Promise.resolve();
  }

  update(next: DistributionRecord, expectedRevision: number): Promise<boolean> {
    const stored = this.records.get(next.distributionId);
    if (stored?.revision !== expectedRevision) return Promise.resolve(false);
    this.writes += 1;
    this.records.set(next.distributionId, structuredClone(next));
    return Promise.resolve(true);
  }

  page(list: string, limit: number, after?: string): Promise<DistributionPage> {
    const keys = [...this.records.values()]
      .filter((r) => distributionListsOf(r).includes(list))
      .map((r) => `${r.createdAt}#${r.distributionId}`)
      .sort()
      .reverse()
      .filter((k) => after === undefined || k < after);
    return Promise.resolve(pageOf(keys, limit));
  }

  open(limit: number, after?: string): Promise<DistributionPage> {
    const keys = [...this.records.values()]
      .filter((r) => !r.closed)
      .map((r) => `${r.createdAt}#${r.distributionId}`)
      .sort()
      .filter((k) => after === undefined || k > after);
    return Promise.resolve(pageOf(keys, limit));
  }
}

const pageOf = (keys: string[], limit: number): DistributionPage => {
  const taken = keys.slice(0, limit);
  return {
    ids: taken.map((k) => k.slice(k.indexOf('#') + 1)),
    next: keys.length > limit ? (taken.at(-1) ?? null) : null,
  };
};
