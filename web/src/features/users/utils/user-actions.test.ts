import type { UserListItem } from '@ccsc/contract';
import { describe, expect, it } from 'vitest';
import type { StoredProfile } from '../../../lib/session';
import {
  canManageUsers,
  filterableRoles,
  isOwnAccount,
  isScoped,
  ownOrganisation,
  rowActions,
} from './user-actions';

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

const as = (
  role: StoredProfile['role'],
  userName = 'sub-me',
  organisationId: string | null = role === 'OrgAdmin' ? 'site-1' : null,
): StoredProfile => ({
  givenName: null,
  familyName: null,
  email: 'me@example.com',
  userName,
  role,
  organisationId,
});

/** An Auditor of one organisation, and one of every organisation (issue 12). */
const scopedAuditor = as('Auditor', 'sub-me', 'site-1');
const everyAuditor = as('Auditor', 'sub-me', null);
const ALL = ['PlatformAdmin', 'OrgAdmin', 'Auditor'] as const;

describe('what the user screens offer', () => {
  it('lets administrators manage, and nobody else (an unknown role included)', () => {
    expect(canManageUsers(as('PlatformAdmin'))).toBe(true);
    expect(canManageUsers(as('OrgAdmin'))).toBe(true);
    expect(canManageUsers(as('Auditor'))).toBe(false);
    expect(canManageUsers(as(null))).toBe(false);
    expect(canManageUsers(null)).toBe(false);
    expect(rowActions(row(), as('Auditor'))).toEqual([]);
    expect(canManageUsers(scopedAuditor)).toBe(false);
    expect(rowActions(row(), scopedAuditor)).toEqual([]);
    expect(rowActions(row({ role: 'PlatformAdmin' }), everyAuditor)).toEqual([]);
  });

  it('offers an OrgAdmin without an organisation nothing: the server refuses them everything', () => {
    expect(canManageUsers(as('OrgAdmin', 'sub-me', null))).toBe(false);
    expect(rowActions(row(), as('OrgAdmin', 'sub-me', null))).toEqual([]);
  });

  it('names the scoped callers once: an OrgAdmin and an Auditor of one organisation', () => {
    expect(isScoped(as('OrgAdmin'))).toBe(true);
    expect(ownOrganisation(as('OrgAdmin'))).toBe('site-1');
    expect(isScoped(scopedAuditor)).toBe(true);
    expect(ownOrganisation(scopedAuditor)).toBe('site-1');
    expect(isScoped(everyAuditor)).toBe(false);
    expect(ownOrganisation(everyAuditor)).toBeNull();
    expect(isScoped(as('PlatformAdmin'))).toBe(false);
    expect(ownOrganisation(as('PlatformAdmin'))).toBeNull();
    // Whoever reaches nothing is shown no more than a scoped caller.
    expect(isScoped(as(null))).toBe(true);
    expect(isScoped(null)).toBe(true);
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
    expect(rowActions(row(), as('OrgAdmin', 'sub-1'))).toEqual(['edit']);
    expect(rowActions(row({ role: 'PlatformAdmin' }), as('OrgAdmin'))).toEqual([]);
  });

  it('knows the own account by the Cognito user name, as the server does, never by the e-mail', () => {
    expect(isOwnAccount(row(), as('PlatformAdmin', 'sub-1'))).toBe(true);
    // The same address is no proof: the e-mail is an alias that can change hands.
    expect(isOwnAccount(row(), { ...as('PlatformAdmin', 'sub-2'), email: 'ada@example.com' })).toBe(
      false,
    );
  });

  it('knows the own account by the e-mail when the stored profile predates the user name', () => {
    // A profile stored before the user name was kept: the e-mail, case-insensitively, as before.
    const older = (email: string | null): StoredProfile => ({
      givenName: null,
      familyName: null,
      email,
      role: 'PlatformAdmin',
      organisationId: null,
    });
    expect(isOwnAccount(row(), older('ada@example.com'))).toBe(true);
    expect(isOwnAccount(row(), older('Ada@Example.COM'))).toBe(true);
    expect(isOwnAccount(row({ email: 'ADA@example.com' }), older('ada@example.com'))).toBe(true);
    expect(isOwnAccount(row(), older('me@example.com'))).toBe(false);
    expect(isOwnAccount(row(), older(null))).toBe(false);
    expect(isOwnAccount(row(), null)).toBe(false);
    // Its own row offers Edit only, as with a user name; another's row all its state allows.
    expect(rowActions(row(), older('ADA@example.com'))).toEqual(['edit']);
    expect(rowActions(row(), older('me@example.com'))).toEqual([
      'edit',
      'disable',
      'resetMfa',
      'delete',
    ]);
  });

  it('offers a scoped caller no PlatformAdmin filter, whatever list-all-groups offers them', () => {
    expect(filterableRoles(ALL, as('OrgAdmin'))).toEqual(['OrgAdmin', 'Auditor']);
    expect(filterableRoles(ALL, scopedAuditor)).toEqual(['OrgAdmin', 'Auditor']);
    expect(filterableRoles(ALL, as('PlatformAdmin'))).toEqual([...ALL]);
    expect(filterableRoles(ALL, everyAuditor)).toEqual([...ALL]);
  });
});
