import { type Role } from '@ccsc/contract/roles';
import {
  AUDIT_CHAIN_PK,
  GENESIS_HASH,
  HashChainedAuditReader,
  HashChainedAuditTrail,
  sortKeyOf,
} from '../adapters/audit-chain';
import type { AuditEntry } from '../core/ports/audit-trail';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from './memory-audit-chain-table';

/** list-audit-records' test world: chains of entries, bulk tables, callers by role. */

export const ORG = 'site-001';
export const OTHER = 'sponsor-002';
export const noWait = () => Promise.resolve();

export const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  action: 'session.login',
  outcome: 'success',
  actor: { sub: 'sub-admin', email: 'Admin@Example.com', role: 'PlatformAdmin' },
  source: { ip: '203.0.113.7', userAgent: 'vitest' },
  requestId: 'req-1',
  ...overrides,
});

/** A chain of the given entries, one second apart from 2025-01-15T10:00:00Z. */
export const chainOf = async (entries: AuditEntry[]) => {
  const table = new MemoryAuditChainTable();
  const clock = new FakeClock();
  const trail = new HashChainedAuditTrail(table, { clock, backoff: noWait });
  for (const e of entries) {
    await trail.append(e);
    clock.advance(1000);
  }
  return { table, trail, clock, deps: { reader: new HashChainedAuditReader(table) } };
};

/** Many records written straight into the table (their hashes do not matter here). */
export const bulkTable = (count: number, make: (seq: number) => Record<string, unknown>) => {
  const table = new MemoryAuditChainTable();
  for (let seq = 1; seq <= count; seq += 1) {
    table.items.set(sortKeyOf(seq), {
      pk: AUDIT_CHAIN_PK,
      sk: sortKeyOf(seq),
      seq,
      at: new Date(Date.UTC(2025, 0, 1) + seq * 60_000).toISOString(),
      prevHash: GENESIS_HASH,
      hash: 'f'.repeat(64),
      ...entry(),
      ...make(seq),
    });
  }
  return { table, deps: { reader: new HashChainedAuditReader(table) } };
};

export const as = (role: Role, organisationId: string | null = null) =>
  callerContext({ role, organisationId });
export const admin = as('PlatformAdmin');
export const seqs = (out: { records: { seq: number }[] }) => out.records.map((r) => r.seq);
