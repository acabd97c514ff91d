import { describe, expect, it } from 'vitest';
import { chainVerificationSchema } from '@ccsc/contract/audit';
import { routes } from '@ccsc/contract/routes';
import {
  HashChainedAuditReader,
  HashChainedAuditTrail,
  hashContent,
  INDEX_ATTRIBUTES,
  sortKeyOf,
  type ChainedContent,
} from '../adapters/audit-chain';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from '../testing/memory-audit-chain-table';
import { MemoryChainVerifications } from '../core/testing/memory-chain-verifications';
import { verifyAuditChain } from './verify-audit-chain.core';

const chainOf = async (count: number, action = 'user.disabled') => {
  const table = new MemoryAuditChainTable();
  const clock = new FakeClock();
  const trail = new HashChainedAuditTrail(table, { clock, backoff: () => Promise.resolve() });
  for (let i = 1; i <= count; i += 1) {
    await trail.append({
      action,
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
  const verifications = new MemoryChainVerifications();
  return {
    table,
    verifications,
    deps: { reader: new HashChainedAuditReader(table), verifications, clock },
  };
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

  it('keeps what it found as the last verification, with who asked', async () => {
    const { table, deps, verifications } = await chainOf(3);
    const asked = callerContext({ role: 'PlatformAdmin', sub: 'sub-pa', email: 'pa@example.com' });
    const out = await verifyAuditChain({}, asked, deps);
    expect(verifications.recorded).toEqual([
      { ...out, by: { sub: 'sub-pa', email: 'pa@example.com' }, source: 'console' },
    ]);
    expect(chainVerificationSchema.safeParse(verifications.recorded[0]).success).toBe(true);
    table.record(2).reason = 'rewritten';
    await verifyAuditChain({}, asked, deps);
    expect(await verifications.last()).toMatchObject({ intact: false, brokenAt: 2, records: 1 });
    // Nothing is recorded for a caller who may not verify.
    await expect(
      verifyAuditChain({}, callerContext({ role: 'OrgAdmin', organisationId: 'site-001' }), deps),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(verifications.recorded).toHaveLength(2);
  });

  it('verifies records that carry their views’ index attributes, which the hash leaves out', async () => {
    // An administrator's MFA reset: a security view and a change, hub-wide and the organisation's.
    const { table, deps } = await chainOf(4, 'user.mfa-reset');
    expect(table.record(2)).toMatchObject({
      gSec: 'mfa-resets',
      gSecOrg: 'site-001#mfa-resets',
      gChg: 'CHANGE',
      gChgOrg: 'site-001',
      gAt: `2025-01-15T10:00:01.000Z#${sortKeyOf(2)}`,
    });
    expect(table.record(1)).toMatchObject({ gSec: 'mfa-resets', gChg: 'CHANGE' });
    expect(table.record(1)).not.toHaveProperty('gSecOrg');
    expect(table.record(1)).not.toHaveProperty('gChgOrg');
    expect(await verifyAuditChain({}, ctx, deps)).toMatchObject({ intact: true, records: 4 });
    // The hashed content still counts: a change of it breaks the chain, index attributes or not.
    table.record(3).outcome = 'failure';
    expect(await verifyAuditChain({}, ctx, deps)).toMatchObject({ intact: false, brokenAt: 3 });
  });

  it('verifies records written before the indexes existed (without index attributes)', async () => {
    const { table, deps } = await chainOf(3);
    for (const seq of [1, 2, 3]) {
      const item = table.record(seq);
      const legacy = Object.entries(item).filter(([key]) => !INDEX_ATTRIBUTES.includes(key));
      table.items.set(sortKeyOf(seq), Object.fromEntries(legacy));
      expect(table.record(seq)).not.toHaveProperty('gAt');
    }
    expect(await verifyAuditChain({}, ctx, deps)).toMatchObject({ intact: true, records: 3 });
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
      Object.entries(forged).filter(
        ([k]) => !['pk', 'sk', 'hash', ...INDEX_ATTRIBUTES].includes(k),
      ),
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
