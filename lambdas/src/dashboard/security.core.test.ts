import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { HashChainedAuditReader, HashChainedAuditTrail } from '../adapters/audit-chain';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { Verification } from '../core/ports/chain-verifications';
import type { Caller, RequestContext } from '../core/request';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryChainVerifications } from '../core/testing/memory-chain-verifications';
import { MemoryAuditChainTable } from '../testing/memory-audit-chain-table';
import { dashboardSecurity, windowStart, type SecurityDeps } from './security.core';

/** dashboard/security: the security views counted in the last 24 hours and 7 days, within reach. */

const NOW = new Date('2025-01-15T10:30:00.000Z');
const HOUR = 60 * 60 * 1000;
const ORG = 'site-001';
const OTHER = 'sponsor-002';
const ADMIN = { sub: 'sub-admin', email: 'admin@example.com', role: 'PlatformAdmin' as const };

const failed = (organisationId: string | null): AuditEntry => ({
  action: 'session.login-failed',
  outcome: 'failure',
  actor: null,
  organisationId,
  source: { ip: '203.0.113.7', userAgent: 'vitest' },
  requestId: 'req-1',
});
const done = (action: string, organisationId: string): AuditEntry => ({
  ...failed(organisationId),
  action,
  outcome: 'success',
  actor: ADMIN,
});

/** The trail with each entry written at its time; the dashboard's clock at NOW. */
const world = async (entries: [at: Date, entry: AuditEntry][]) => {
  const table = new MemoryAuditChainTable();
  const writing = new FakeClock();
  const trail = new HashChainedAuditTrail(table, {
    clock: writing,
    backoff: () => Promise.resolve(),
  });
  for (const [at, e] of [...entries].sort((a, b) => a[0].getTime() - b[0].getTime())) {
    writing.current = at;
    await trail.append(e);
  }
  const verifications = new MemoryChainVerifications();
  let lastReads = 0;
  const deps: SecurityDeps = {
    reader: new HashChainedAuditReader(table),
    verifications: {
      last: () => {
        lastReads += 1;
        return verifications.last();
      },
    },
    clock: new FakeClock(NOW),
  };
  return { deps, verifications, table, lastReads: () => lastReads };
};

const hoursAgo = (h: number) => new Date(NOW.getTime() - h * HOUR);
const DAY_START = new Date('2025-01-14T10:00:00.000Z');
const WEEK_START = new Date('2025-01-08T10:00:00.000Z');

const as = (role: Caller['role'], organisationId: string | null = null) =>
  callerContext({ role, organisationId });

const counts = async (ctx: RequestContext<Caller>, deps: SecurityDeps) => {
  const out = await dashboardSecurity({}, ctx, deps);
  const pair = (w: { day: { value: number }; week: { value: number } }) => [
    w.day.value,
    w.week.value,
  ];
  return {
    failedSignIns: pair(out.failedSignIns),
    lockouts: pair(out.lockouts),
    mfaResets: pair(out.mfaResets),
    credentialRevocations: pair(out.credentialRevocations),
  };
};

const TRAIL: [Date, AuditEntry][] = [
  // The day's window starts at 10:00 yesterday, inclusive.
  [DAY_START, failed(ORG)],
  [new Date(DAY_START.getTime() - 1), failed(ORG)],
  [hoursAgo(2), failed(OTHER)],
  // The week's window, inclusive too; a moment before it, nothing.
  [WEEK_START, failed(ORG)],
  [new Date(WEEK_START.getTime() - 1), failed(ORG)],
  [hoursAgo(1), done('account.locked', ORG)],
  [hoursAgo(30), done('user.mfa-reset', OTHER)],
  [hoursAgo(3), done('api-credential.revoked', ORG)],
  // A success of the same action is no failed sign-in; a failed lock is no lockout.
  [hoursAgo(1), done('session.login-failed', ORG)],
  [hoursAgo(1), { ...done('account.locked', ORG), outcome: 'failure' }],
];

describe('dashboard/security', () => {
  it('starts both windows at a whole hour, on the hour too', () => {
    expect(windowStart(new Date('2025-01-15T10:59:59.999Z'), 24).toISOString()).toBe(
      '2025-01-14T10:00:00.000Z',
    );
    expect(windowStart(new Date('2025-01-15T10:00:00.000Z'), 24 * 7).toISOString()).toBe(
      '2025-01-08T10:00:00.000Z',
    );
  });

  it('counts each view from the window’s first instant on, and links each figure to that list', async () => {
    const { deps } = await world(TRAIL);
    const out = await dashboardSecurity({}, as('PlatformAdmin'), deps);
    expect(routes['dashboard/security'].response.parse(out)).toEqual(out);
    expect(out.asOf).toBe(NOW.toISOString());
    expect(out.since).toEqual({ day: DAY_START.toISOString(), week: WEEK_START.toISOString() });
    expect(await counts(as('PlatformAdmin'), deps)).toEqual({
      failedSignIns: [2, 4],
      lockouts: [1, 1],
      mfaResets: [0, 1],
      credentialRevocations: [1, 1],
    });
    const views = {
      failedSignIns: 'failed-sign-ins',
      lockouts: 'lockouts',
      mfaResets: 'mfa-resets',
      credentialRevocations: 'credential-revocations',
    } as const;
    for (const [key, view] of Object.entries(views) as [keyof typeof views, string][]) {
      expect(out[key].day.link).toEqual({
        list: 'audit',
        query: { view, from: DAY_START.toISOString() },
      });
      expect(out[key].week.link).toEqual({
        list: 'audit',
        query: { view, from: WEEK_START.toISOString() },
      });
    }
  });

  it('keeps an organisation’s OrgAdmin and Auditor to its records; an account reaching nothing sees zeros', async () => {
    const { deps } = await world(TRAIL);
    const mine = {
      failedSignIns: [1, 3],
      lockouts: [1, 1],
      mfaResets: [0, 0],
      credentialRevocations: [1, 1],
    };
    expect(await counts(as('OrgAdmin', ORG), deps)).toEqual(mine);
    expect(await counts(as('Auditor', ORG), deps)).toEqual(mine);
    expect(await counts(as('Auditor', OTHER), deps)).toEqual({
      failedSignIns: [1, 1],
      lockouts: [0, 0],
      mfaResets: [0, 1],
      credentialRevocations: [0, 0],
    });
    // An Auditor of every organisation reads what a PlatformAdmin does.
    expect(await counts(as('Auditor'), deps)).toEqual(await counts(as('PlatformAdmin'), deps));
    const zero = { failedSignIns: [0, 0], lockouts: [0, 0], mfaResets: [0, 0] };
    expect(await counts(as('OrgAdmin', null), deps)).toMatchObject(zero);
    expect(await counts(as('OrgAdmin', 'nobody'), deps)).toMatchObject(zero);
  });

  it('shows the chain’s last verification only to those who read every organisation, never asking for the others', async () => {
    const { deps, verifications, lastReads } = await world(TRAIL);
    expect((await dashboardSecurity({}, as('PlatformAdmin'), deps)).chain).toEqual({ last: null });
    const verification: Verification = {
      checkedAt: '2025-01-15T09:00:00.000Z',
      intact: false,
      records: 9,
      brokenAt: 4,
      reason: 'hash mismatch',
      by: { sub: 'sub-admin', email: 'admin@example.com' },
      source: 'console',
    };
    await verifications.record(verification);
    expect((await dashboardSecurity({}, as('Auditor'), deps)).chain).toEqual({
      last: verification,
    });
    const reads = lastReads();
    for (const ctx of [as('OrgAdmin', ORG), as('Auditor', ORG), as('OrgAdmin', null)]) {
      expect((await dashboardSecurity({}, ctx, deps)).chain).toBeNull();
    }
    expect(lastReads()).toBe(reads);
  });

  it('reads only: the trail and the verifications stay as they were', async () => {
    const { deps, table, verifications } = await world(TRAIL);
    const before = structuredClone([...table.items.entries()]);
    await dashboardSecurity({}, as('PlatformAdmin'), deps);
    expect([...table.items.entries()]).toEqual(before);
    expect(verifications.recorded).toEqual([]);
  });
});
