import type { ChainVerifications, Verification } from '../ports/chain-verifications';

/** The last verification of the audit chain, in memory (every one recorded, the last one read). */
export class MemoryChainVerifications implements ChainVerifications {
  readonly recorded: Verification[] = [];

  last(): Promise<Verification | null> {
    const last = this.recorded.at(-1);
    return Promise.resolve(last === undefined ? null : structuredClone(last));
  }

  record(verification: Verification): Promise<void> {
    this.recorded.push(structuredClone(verification));
    return Promise.resolve();
  }
}
