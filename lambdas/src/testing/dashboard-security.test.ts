import { describe, expect, it } from 'vitest';
import { type Role } from '@ccsc/contract/roles';
import { routes } from '@ccsc/contract/routes';
import { HashChainedAuditReader, HashChainedAuditTrail } from '../adapters/audit-chain';
import type { AuditEntry } from '../core/ports/audit-trail';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from './memory-audit-chain-table';
import { MemoryChainVerifications } from '../core/testing/memory-chain-verifications';
import { listAuditRecords } from '../audit/list-audit-records.core';
import { dashboardRecentChanges } from '../dashboard/recent-changes.core';
import { dashboardSecurity, windowStart } from '../dashboard/security.core';

const ORG = 'site-001';
const OTHER = 'sponsor-002';
const ADMIN = { sub: 'sub-admin', email: 'admin@example.com', role: 'PlatformAdmin' as const };
const HOUR = 60 * 60 * 1000;

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  action: 'session.login-failed',
  outcome: 'failure',
  actor: null,
  source: { ip: '203.0.113.7', userAgent: 'vitest' },
  requestId: 'req-1',
  ...overrides,
});

/** The entries appended `hoursAgo` before 2025-01-15T10:30Z (the clock the dashboard reads). */
const world = async (entries: [hoursAgo: number, entry: AuditEntry][]) => {
  const table = new MemoryAuditChainTable();
  const NOW = new Date('2025-01-15T10:30:00.000Z');
  const writing = new FakeClock();
  const trail = new HashChainedAuditTrail(table, {
    clock: writing,
    backoff: () => Promise.resolve(),
  });
  for (const [hoursAgo, e] of [...entries].sort((a, b) => b[0] - a[0])) {
    writing.current = new Date(NOW.getTime() - hoursAgo * HOUR);
    await trail.append(e);
  }
  const clock = new FakeClock(NOW);
  const verifications = new MemoryChainVerifications();
  const reader = new HashChainedAuditReader(table);
  return { reader, verifications, clock };
};

const as = (role: Role, organisationId: string | null = null) =>
  callerContext({ role, organisationId });

describe('dashboard/security', () => {
  it('starts its windows at whole hours', () => {
    const now = new Date('2025-01-15T10:30:12.000Z');
    expect(windowStart(now, 24).toISOString()).toBe('2025-01-14T10:00:00.000Z');
    expect(windowStart(now, 24 * 7).toISOString()).toBe('2025-01-08T10:00:00.000Z');
  });

  const events = (): [number, AuditEntry][] => [
    [1, entry({ organisationId: ORG })],
    [5, entry({ organisationId: ORG })],
    [23, entry({ organisationId: OTHER })],
    // 24.5 hours ago lies in the current hour's window "since 10:00 yesterday"...
    [24.4, entry({ organisationId: ORG })],
    // ... 25 hours ago does not, but lies in the week.
    [25.5, entry({ organisationId: ORG })],
    [24 * 8, entry({ organisationId: ORG })],
    [2, entry({ action: 'account.locked', outcome: 'success', organisationId: ORG })],
    [3, entry({ action: 'user.mfa-reset', outcome: 'success', actor: ADMIN, organisationId: ORG })],
    [3, entry({ action: 'mfa.reset', outcome: 'success', organisationId: OTHER })],
    [
      30,
      entry({
        action: 'api-credential.revoked',
        outcome: 'success',
        actor: ADMIN,
        organisationId: ORG,
      }),
    ],
  ];

  it('counts each view in the day and the week, within the caller’s reach', async () => {
    const deps = await world(events());
    const all = await dashboardSecurity({}, as('PlatformAdmin'), deps);
    expect(all.since).toEqual({
      day: '2025-01-14T10:00:00.000Z',
      week: '2025-01-08T10:00:00.000Z',
    });
    expect(all.failedSignIns.day.value).toBe(4);
    expect(all.failedSignIns.week.value).toBe(5);
    expect(all.lockouts.day.value).toBe(1);
    expect(all.mfaResets.day.value).toBe(2);
    expect(all.credentialRevocations.day.value).toBe(0);
    expect(all.credentialRevocations.week.value).toBe(1);

    const mine = await dashboardSecurity({}, as('OrgAdmin', ORG), deps);
    expect(mine.failedSignIns.day.value).toBe(3);
    expect(mine.failedSignIns.week.value).toBe(4);
    expect(mine.mfaResets.week.value).toBe(1);
    expect(mine.chain).toBeNull();

    const none = await dashboardSecurity({}, as('OrgAdmin', 'nobody-else'), deps);
    expect(none.failedSignIns.week.value).toBe(0);
  });

  it('links every figure to an audit list whose total is the figure, for every reader', async () => {
    const deps = await world(events());
    for (const ctx of [
      as('PlatformAdmin'),
      as('Auditor'),
      as('OrgAdmin', ORG),
      as('Auditor', OTHER),
    ]) {
      const block = await dashboardSecurity({}, ctx, deps);
      for (const windowed of [
        block.failedSignIns,
        block.lockouts,
        block.mfaResets,
        block.credentialRevocations,
      ]) {
        for (const figure of [windowed.day, windowed.week]) {
          expect(figure.link.list).toBe('audit');
          const request = routes['list-audit-records'].request.parse(figure.link.query);
          const list = await listAuditRecords(request, ctx, { reader: deps.reader });
          expect(list.total, JSON.stringify(figure.link.query)).toBe(figure.value);
        }
      }
    }
  });

  it('shows the last verification to those who may verify the chain', async () => {
    const deps = await world(events());
    expect((await dashboardSecurity({}, as('PlatformAdmin'), deps)).chain).toEqual({
      last: null,
    });
    const verification = {
      checkedAt: '2025-01-15T09:00:00.000Z',
      intact: true,
      records: 10,
      brokenAt: null,
      reason: null,
      by: null,
      source: 'cli' as const,
    };
    await deps.verifications.record(verification);
    expect((await dashboardSecurity({}, as('Auditor'), deps)).chain).toEqual({
      last: verification,
    });
    expect((await dashboardSecurity({}, as('Auditor', ORG), deps)).chain).toBeNull();
  });

  it('answers in the contract’s shape', async () => {
    const deps = await world(events());
    const out = await dashboardSecurity({}, as('OrgAdmin', ORG), deps);
    expect(routes['dashboard/security'].response.parse(out)).toEqual(out);
  });
});

describe('dashboard/recent-changes', () => {
  it('answers the last changes within reach and links to the list of them', async () => {
    const deps = await world([
      ...Array.from({ length: 12 }, (_, i): [number, AuditEntry] => [
        12 - i,
        entry({
          action: 'user.updated',
          outcome: 'success',
          actor: ADMIN,
          organisationId: i % 2 === 0 ? ORG : OTHER,
          requestId: `r${String(i)}`,
        }),
      ]),
      [0.5, entry({ organisationId: ORG })],
    ]);
    const all = await dashboardRecentChanges({}, as('PlatformAdmin'), deps);
    expect(all.records).toHaveLength(10);
    expect(all.records.every((r) => r.action === 'user.updated')).toBe(true);
    expect(all.records[0]?.requestId).toBe('r11');
    expect(all.link).toEqual({
      list: 'audit',
      query: { view: 'changes', from: '2024-12-16T10:00:00.000Z' },
    });
    const mine = await dashboardRecentChanges({}, as('OrgAdmin', ORG), deps);
    expect(mine.records).toHaveLength(6);
    expect(mine.records.every((r) => r.organisationId === ORG)).toBe(true);
    const list = await listAuditRecords(
      routes['list-audit-records'].request.parse(mine.link.query),
      as('OrgAdmin', ORG),
      { reader: deps.reader },
    );
    expect(list.records.slice(0, 6)).toEqual(mine.records);
    expect(routes['dashboard/recent-changes'].response.parse(mine)).toEqual(mine);
  });
});
