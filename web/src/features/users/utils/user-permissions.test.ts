import type { UserListItem } from '@ccsc/lambdas/contract';
import { describe, expect, it } from 'vitest';
import type { StoredProfile } from '../../../lib/session';
import { canManageUsers, filterableRoles, isSelf, rowActions } from './user-permissions';

const row = (overrides: Partial<UserListItem> = {}): UserListItem => ({
  userName: 'sub-1',
  email: 'ada@example.com',
  emailVerified: true,
  givenName: 'Ada',
  familyName: 'Lovelace',
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'site-1',
  enabled: true,
  cognitoStatus: 'CONFIRMED',
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
  status: 'ENABLED',
  locked: false,
  mfaEnrolled: true,
  ...overrides,
});

const as = (role: StoredProfile['role'], email = 'me@example.com'): StoredProfile => ({
  givenName: null,
  familyName: null,
  email,
  role,
  organisationId: role === 'OrgAdmin' ? 'site-1' : null,
});

describe('what the user screens offer', () => {
  it('lets administrators manage, and nobody else (an unknown role included)', () => {
    expect(canManageUsers(as('PlatformAdmin'))).toBe(true);
    expect(canManageUsers(as('OrgAdmin'))).toBe(true);
    expect(canManageUsers(as('Auditor'))).toBe(false);
    expect(canManageUsers(as(null))).toBe(false);
    expect(canManageUsers(null)).toBe(false);
    expect(rowActions(row(), as('Auditor'))).toEqual([]);
  });

  it('offers each row what its state allows', () => {
    const admin = as('PlatformAdmin');
    expect(rowActions(row(), admin)).toEqual(['edit', 'disable', 'resetMfa', 'delete']);
    expect(rowActions(row({ enabled: false, status: 'DISABLED' }), admin)).toEqual([
      'edit',
      'enable',
      'resetMfa',
      'delete',
    ]);
    expect(
      rowActions(
        row({ enabled: false, locked: true, status: 'LOCKED', mfaEnrolled: false }),
        admin,
      ),
    ).toEqual(['edit', 'unlock', 'delete']);
    expect(rowActions(row({ status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false }), admin)).toEqual(
      ['edit', 'disable', 'resendInvitation', 'delete'],
    );
    expect(rowActions(row({ role: null }), admin)).toEqual(['edit']);
  });

  it('offers nobody their own disable, delete or reset, and an OrgAdmin nothing on a PlatformAdmin', () => {
    expect(rowActions(row(), as('OrgAdmin', 'ADA@example.com'))).toEqual(['edit']);
    expect(rowActions(row({ role: 'PlatformAdmin' }), as('OrgAdmin'))).toEqual([]);
    expect(isSelf(row(), { ...as('PlatformAdmin'), email: null })).toBe(false);
  });

  it('offers an OrgAdmin no PlatformAdmin filter', () => {
    const all = ['PlatformAdmin', 'OrgAdmin', 'Auditor'] as const;
    expect(filterableRoles(all, as('OrgAdmin'))).toEqual(['OrgAdmin', 'Auditor']);
    expect(filterableRoles(all, as('PlatformAdmin'))).toEqual([...all]);
  });
});
