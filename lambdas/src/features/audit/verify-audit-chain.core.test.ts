import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract';
import {
  HashChainedAuditReader,
  HashChainedAuditTrail,
  hashContent,
  sortKeyOf,
  type ChainedContent,
} from '../../adapters/audit-chain';
import { callerContext, FakeClock } from '../../testing/fakes';
import { MemoryAuditChainTable } from '../../testing/memory-audit-chain-table';
import { verifyAuditChain } from './verify-audit-chain.core';

const chainOf = async (count: number) => {
  const table = new MemoryAuditChainTable();
  const clock = new FakeClock();
  const trail = new HashChainedAuditTrail(table, { clock, backoff: () => Promise.resolve() });
  for (let i = 1; i <= count; i += 1) {
    await trail.append({
      action: 'user.disabled',
      outcome: 'success',
      actor: { sub: 'sub-1', email: 'admin@example.com', role: 'PlatformAdmin' },
      target: { type: 'user', id: `sub-${i}` },
      organisationId: i % 2 === 0 ? 'site-001' : null,
      source: { ip: '203.0.113.7', userAgent: 'vitest' },
      requestId: `req-${i}`,
      before: { enabled: true },
      after: { enabled: false },
    });
    clock.advance(1000);
  }
  clock.advance(60_000);
  return { table, deps: { reader: new HashChainedAuditReader(table), clock } };
};

const ctx = callerContext({ role: 'Auditor' });

describe('verify-audit-chain', () => {
  it('reports an intact chain with its record count and when it was checked', async () => {
    const { deps } = await chainOf(12);
    const out = await verifyAuditChain({}, ctx, deps);
    expect(out).toEqual({
      intact: true,
      records: 12,
      brokenAt: null,
      reason: null,
      checkedAt: '2025-01-15T10:01:12.000Z',
    });
    expect(routes['verify-audit-chain'].response.safeParse(out).success).toBe(true);
  });

  it('reports an empty chain as intact, with no records', async () => {
    const { deps } = await chainOf(0);
    expect(await verifyAuditChain({}, ctx, deps)).toMatchObject({ intact: true, records: 0 });
  });

  it('finds a record changed afterwards (an overwrite of its before/after)', async () => {
    const { table, deps } = await chainOf(12);
    table.record(7).after = { enabled: true };
    const out = await verifyAuditChain({}, ctx, deps);
    expect(out).toMatchObject({ intact: false, records: 6, brokenAt: 7 });
    expect(out.reason).toMatch(/altered/);
    expect(routes['verify-audit-chain'].response.safeParse(out).success).toBe(true);
  });

  it('finds a forged record whose hash was recomputed, at the next link', async () => {
    const { table, deps } = await chainOf(12);
    const forged = table.record(4);
    forged.organisationId = 'sponsor-002';
    const content = Object.fromEntries(
      Object.entries(forged).filter(([k]) => !['pk', 'sk', 'hash'].includes(k)),
    ) as unknown as ChainedContent;
    forged.hash = hashContent(content);
    expect(await verifyAuditChain({}, ctx, deps)).toMatchObject({ intact: false, brokenAt: 5 });
  });

  it('finds a record removed', async () => {
    const { table, deps } = await chainOf(5);
    table.items.delete(sortKeyOf(2));
    expect(await verifyAuditChain({}, ctx, deps)).toMatchObject({ intact: false, brokenAt: 2 });
  });
});
