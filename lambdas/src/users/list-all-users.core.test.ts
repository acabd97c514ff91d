import { describe, expect, it } from 'vitest';
import type { IndexedUser } from '../core/ports/user-index';
import { directoryUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeClock, FakeUserIndex } from '../core/testing/fakes';
import { registryWith } from '../core/testing/memory-registry';
import { listAllUsers } from './list-all-users.core';

const row = (n: number, overrides: Partial<IndexedUser> = {}): IndexedUser => ({
  ...directoryUser(n),
  mfaEnrolled: true,
  locked: false,
  invitationSentAt: null,
  ...overrides,
});

const registry = registryWith([
  { organisationId: 'site-001', name: 'Zeta Clinic' },
  { organisationId: 'site-002', name: 'Alpha Hospital', country: 'TR' },
]);

const NOW = new Date('2026-11-22T10:00:00.000Z');

const setUp = (rows: IndexedUser[]) => {
  const index = new FakeUserIndex();
  for (const r of rows) index.rows.set(r.userName, r);
  index.built = true;
  let builds = 0;
  const deps = {
    index,
    registry,
    ensureBuilt: () => {
      builds += 1;
      return Promise.resolve();
    },
    clock: new FakeClock(NOW),
    temporaryPasswordDays: 7,
  };
  return { index, deps, builds: () => builds };
};

const admin = callerContext({ role: 'PlatformAdmin', userName: 'admin-sub' });

describe('listAllUsers', () => {
  it('pages 60 at a time with the total and a cursor that continues the same list', async () => {
    const { deps } = setUp(Array.from({ length: 130 }, (_, i) => row(i)));
    const first = await listAllUsers({}, admin, deps);
    expect(first).toMatchObject({ count: 60, total: 130 });
    const second = await listAllUsers({ cursor: first.nextCursor ?? '' }, admin, deps);
    const third = await listAllUsers({ cursor: second.nextCursor ?? '' }, admin, deps);
    expect(third.count).toBe(10);
    expect(third.nextCursor).toBeNull();
    const all = [...first.users, ...second.users, ...third.users].map((u) => u.email);
    expect(new Set(all).size).toBe(130);
  });

  it('refuses a cursor of another query instead of showing a shifted page', async () => {
    const { deps } = setUp(Array.from({ length: 70 }, (_, i) => row(i)));
    const first = await listAllUsers({ role: 'OrgAdmin' }, admin, deps);
    await expect(
      listAllUsers({ cursor: first.nextCursor ?? '', role: 'Auditor' }, admin, deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(listAllUsers({ cursor: 'garbage' }, admin, deps)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('builds the index first when it never was', async () => {
    const { deps, builds } = setUp([row(1)]);
    await listAllUsers({}, admin, deps);
    expect(builds()).toBe(1);
  });

  it('shows one status per user, in precedence, with the lock and the enrolment', async () => {
    const { deps } = setUp([
      row(1, { enabled: false, locked: true }),
      row(2, { enabled: false }),
      row(3, { status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false }),
      row(4, { mfaEnrolled: false }),
      row(5),
    ]);
    const page = await listAllUsers({}, admin, deps);
    expect(page.users.map((u) => [u.email, u.status])).toEqual([
      ['user1@example.com', 'LOCKED'],
      ['user2@example.com', 'DISABLED'],
      ['user3@example.com', 'FORCE_CHANGE_PASSWORD'],
      ['user4@example.com', 'MFA_NOT_ENROLLED'],
      ['user5@example.com', 'ENABLED'],
    ]);
    expect(page.users[0]).toMatchObject({ locked: true, mfaEnrolled: true, enabled: false });
    for (const status of [
      'LOCKED',
      'DISABLED',
      'FORCE_CHANGE_PASSWORD',
      'MFA_NOT_ENROLLED',
      'ENABLED',
    ] as const) {
      const filtered = await listAllUsers({ status }, admin, deps);
      expect(filtered.users.map((u) => u.status)).toEqual([status]);
      expect(filtered.total).toBe(1);
    }
  });

  it('filters by role and organisation and searches e-mail, given and family name in any case', async () => {
    const { deps } = setUp([
      row(1, { email: 'ada@clinic.example', givenName: 'Ada', familyName: 'Lovelace' }),
      row(2, {
        email: 'grace@sponsor.example',
        givenName: 'Grace',
        familyName: 'Hopper',
        role: 'Auditor',
        organisationId: 'site-002',
      }),
      row(3, { email: 'lin@clinic.example', givenName: 'Lin', familyName: 'Adams' }),
    ]);
    const emails = async (input: Parameters<typeof listAllUsers>[0]) =>
      (await listAllUsers(input, admin, deps)).users.map((u) => u.email);
    expect(await emails({ search: 'AD' })).toEqual(['ada@clinic.example', 'lin@clinic.example']);
    expect(await emails({ search: 'grace hop' })).toEqual(['grace@sponsor.example']);
    expect(await emails({ search: 'lovelace' })).toEqual(['ada@clinic.example']);
    expect(await emails({ search: 'clinic' })).toEqual([]);
    expect(await emails({ role: 'Auditor' })).toEqual(['grace@sponsor.example']);
    expect(await emails({ organisationId: 'site-001' })).toEqual([
      'ada@clinic.example',
      'lin@clinic.example',
    ]);
  });

  it('sorts by each column, both ways, ties broken by e-mail', async () => {
    const { deps } = setUp([
      row(1, {
        familyName: 'Brown',
        organisationId: 'site-001',
        createdAt: new Date('2024-01-03'),
      }),
      row(2, {
        familyName: 'adams',
        organisationId: 'site-002',
        createdAt: new Date('2024-01-01'),
      }),
      row(3, {
        familyName: 'Clark',
        organisationId: 'site-001',
        createdAt: new Date('2024-01-02'),
      }),
    ]);
    const order = async (
      sort: 'name' | 'organisation' | 'createdAt',
      dir: 'asc' | 'desc' = 'asc',
    ) => (await listAllUsers({ sort, order: dir }, admin, deps)).users.map((u) => u.familyName);
    expect(await order('name')).toEqual(['adams', 'Brown', 'Clark']);
    expect(await order('name', 'desc')).toEqual(['Clark', 'Brown', 'adams']);
    // By organisation name: Alpha Hospital (site-002) before Zeta Clinic (site-001).
    expect(await order('organisation')).toEqual(['adams', 'Brown', 'Clark']);
    expect(await order('createdAt', 'desc')).toEqual(['Brown', 'Clark', 'adams']);
  });

  it('shows an OrgAdmin their own organisation only, never a PlatformAdmin', async () => {
    const { deps } = setUp([
      row(1, { organisationId: 'site-001' }),
      row(2, { organisationId: 'site-002' }),
      row(3, { role: 'PlatformAdmin', organisationId: null }),
      row(4, { role: 'Auditor', organisationId: 'site-001' }),
    ]);
    const orgAdmin = callerContext({ role: 'OrgAdmin', organisationId: 'site-001' });
    const page = await listAllUsers({}, orgAdmin, deps);
    expect(page.users.map((u) => u.email)).toEqual(['user1@example.com', 'user4@example.com']);
    expect(page.total).toBe(2);
    const other = await listAllUsers({ organisationId: 'site-002' }, orgAdmin, deps);
    expect(other).toMatchObject({ total: 0, users: [] });
  });

  it('shows an Auditor every organisation', async () => {
    const { deps } = setUp([row(1), row(2, { role: 'PlatformAdmin', organisationId: null })]);
    const page = await listAllUsers({}, callerContext({ role: 'Auditor' }), deps);
    expect(page.total).toBe(2);
  });

  it('filters invitations by their state and shows when each expires', async () => {
    const waiting = { status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false };
    const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
    const { deps } = setUp([
      // Sent an hour ago: pending, 7 days less an hour left.
      row(1, { ...waiting, invitationSentAt: hoursAgo(1) }),
      // Sent 6 days and 1 hour ago: 23 hours left, expiring.
      row(2, { ...waiting, invitationSentAt: hoursAgo(6 * 24 + 1) }),
      // Sent 8 days ago: expired.
      row(3, { ...waiting, invitationSentAt: hoursAgo(8 * 24) }),
      // No record (invited before it was kept): Cognito's last-modified date stands in.
      row(4, { ...waiting, updatedAt: new Date(hoursAgo(7 * 24)) }),
      // Signed in: no invitation waits, whatever was recorded.
      row(5, { invitationSentAt: hoursAgo(8 * 24) }),
      // Disabled while invited: not waiting (it cannot sign in, nor be invited again).
      row(6, { ...waiting, enabled: false, invitationSentAt: hoursAgo(8 * 24) }),
    ]);
    const emails = async (invitation: 'pending' | 'expiring' | 'expired') => {
      const page = await listAllUsers({ invitation }, admin, deps);
      expect(page.total).toBe(page.users.length);
      return page.users.map((u) => u.email);
    };
    expect(await emails('pending')).toEqual(['user1@example.com', 'user2@example.com']);
    expect(await emails('expiring')).toEqual(['user2@example.com']);
    expect(await emails('expired')).toEqual(['user3@example.com', 'user4@example.com']);
    const all = await listAllUsers({}, admin, deps);
    expect(all.users.map((u) => u.invitationExpiresAt)).toEqual([
      new Date(NOW.getTime() + (7 * 24 - 1) * 3_600_000).toISOString(),
      new Date(NOW.getTime() + 23 * 3_600_000).toISOString(),
      new Date(NOW.getTime() - 24 * 3_600_000).toISOString(),
      NOW.toISOString(),
      null,
      null,
    ]);
    // A cursor belongs to its invitation filter too.
    const paged = await listAllUsers({ invitation: 'pending', limit: 1 }, admin, deps);
    await expect(
      listAllUsers({ invitation: 'expired', cursor: paged.nextCursor ?? '' }, admin, deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
