import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { IndexedUser } from '../ports/user-index';
import { directoryUser } from '../testing/fake-user-directory';
import {
  countUsers,
  displayStatus,
  invitationExpiresAt,
  invitationMatches,
  toListItem,
  userMatcher,
  visibleTo,
  type UserListCaller,
} from './users';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;
const DAYS = 7;

const row = (n: number, overrides: Partial<IndexedUser> = {}): IndexedUser => ({
  ...directoryUser(n),
  mfaEnrolled: true,
  locked: false,
  invitationSentAt: null,
  ...overrides,
});
/** Waiting for the first sign-in, the invitation sent `hours` before NOW. */
const invited = (n: number, hours: number, overrides: Partial<IndexedUser> = {}) =>
  row(n, {
    status: 'FORCE_CHANGE_PASSWORD',
    mfaEnrolled: false,
    invitationSentAt: new Date(NOW.getTime() - hours * HOUR).toISOString(),
    ...overrides,
  });

const admin: UserListCaller = { userName: 'admin', role: 'PlatformAdmin', organisationId: null };
const orgAdmin: UserListCaller = { userName: 'oa', role: 'OrgAdmin', organisationId: 'site-001' };

describe('the user list’s predicate (lists/users.ts)', () => {
  it('shows the display status in its precedence', () => {
    expect(displayStatus(row(1, { locked: true, enabled: false }))).toBe('LOCKED');
    expect(displayStatus(row(1, { enabled: false, status: 'FORCE_CHANGE_PASSWORD' }))).toBe(
      'DISABLED',
    );
    expect(displayStatus(row(1, { status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false }))).toBe(
      'FORCE_CHANGE_PASSWORD',
    );
    expect(displayStatus(row(1, { mfaEnrolled: false }))).toBe('MFA_NOT_ENROLLED');
    expect(displayStatus(row(1))).toBe('ENABLED');
  });

  it('shows an OrgAdmin their own organisation without PlatformAdmins, a PlatformAdmin all', () => {
    const users = [
      row(1),
      row(2, { organisationId: 'site-002' }),
      row(3, { role: 'PlatformAdmin', organisationId: null }),
    ];
    expect(users.filter(visibleTo(orgAdmin)).map((u) => u.email)).toEqual(['user1@example.com']);
    expect(users.filter(visibleTo(admin))).toHaveLength(3);
    expect(countUsers(users, {}, orgAdmin, NOW, DAYS)).toBe(1);
  });

  it('tells when an invitation expires: the record, else Cognito’s last-modified date', () => {
    expect(invitationExpiresAt(invited(1, 24), DAYS)).toEqual(
      new Date(NOW.getTime() + 6 * 24 * HOUR),
    );
    const older = row(2, {
      status: 'FORCE_CHANGE_PASSWORD',
      updatedAt: new Date('2026-11-20T12:00:00.000Z'),
    });
    expect(invitationExpiresAt(older, 3)).toEqual(new Date('2026-11-23T12:00:00.000Z'));
    // Nobody else waits for an invitation: signed in, disabled, locked.
    expect(invitationExpiresAt(row(3, { invitationSentAt: NOW.toISOString() }), DAYS)).toBeNull();
    expect(invitationExpiresAt(invited(4, 1, { enabled: false }), DAYS)).toBeNull();
    expect(invitationExpiresAt(invited(5, 1, { enabled: false, locked: true }), DAYS)).toBeNull();
    expect(toListItem(invited(1, 24), DAYS).invitationExpiresAt).toBe(
      new Date(NOW.getTime() + 6 * 24 * HOUR).toISOString(),
    );
    expect(toListItem(row(3), DAYS)).toMatchObject({
      status: 'ENABLED',
      invitationExpiresAt: null,
    });
  });

  it.each([
    // hours since sent → pending, expiring, expired (7 days = 168 hours)
    [0, true, false, false],
    [119, true, false, false],
    [120, true, true, false], // exactly 48 hours left: expiring
    [167, true, true, false],
    [168, false, false, true], // exactly the validity: expired
    [500, false, false, true],
  ])('an invitation sent %d hours ago: pending %s, expiring %s, expired %s', (hours, ...want) => {
    const user = invited(1, hours);
    expect(
      (['pending', 'expiring', 'expired'] as const).map((f) =>
        invitationMatches(user, f, NOW, DAYS),
      ),
    ).toEqual(want);
  });

  it('combines the invitation with the other filters and the caller’s sight, and counts the same', () => {
    const users = [
      invited(1, 1),
      invited(2, 150),
      invited(3, 200),
      invited(4, 200, { organisationId: 'site-002' }),
      invited(5, 150, { role: 'Auditor', email: 'zed@example.com' }),
      row(6),
    ];
    const emails = (query: Parameters<typeof userMatcher>[0], caller = admin) =>
      users.filter(userMatcher(query, caller, NOW, DAYS)).map((u) => u.email);
    expect(emails({ invitation: 'pending' })).toEqual([
      'user1@example.com',
      'user2@example.com',
      'zed@example.com',
    ]);
    expect(emails({ invitation: 'expiring', role: 'OrgAdmin' })).toEqual(['user2@example.com']);
    expect(emails({ invitation: 'expired' })).toEqual(['user3@example.com', 'user4@example.com']);
    expect(emails({ invitation: 'expired' }, orgAdmin)).toEqual(['user3@example.com']);
    expect(emails({ invitation: 'pending', search: 'zed' })).toEqual(['zed@example.com']);
    // Pending and expired together are the users waiting for their first sign-in.
    const waiting = countUsers(users, { status: 'FORCE_CHANGE_PASSWORD' }, admin, NOW, DAYS);
    expect(
      countUsers(users, { invitation: 'pending' }, admin, NOW, DAYS) +
        countUsers(users, { invitation: 'expired' }, admin, NOW, DAYS),
    ).toBe(waiting);
    for (const invitation of ['pending', 'expiring', 'expired'] as const) {
      expect(countUsers(users, { invitation }, orgAdmin, NOW, DAYS)).toBe(
        emails({ invitation }, orgAdmin).length,
      );
    }
  });

  it('takes the invitation filter as a string in the list’s and the export’s request', () => {
    expect(routes['list-all-users'].request.parse({ invitation: 'expiring' })).toEqual({
      invitation: 'expiring',
    });
    expect(routes['export-users'].request.safeParse({ invitation: 'expired' }).success).toBe(true);
    expect(routes['list-all-users'].request.safeParse({ invitation: 'soon' }).success).toBe(false);
  });
});
