import type { Role, UserListItem } from '@ccsc/lambdas/contract';
import type { StoredProfile } from '../../../lib/session';

/**
 * What the screens offer the signed-in administrator: a mirror of the server's rules
 * (lambdas/src/features/users/permissions.ts), so nobody is shown a button the server refuses.
 * The server decides every call on its own; this only keeps the screen honest.
 */
export const canManageUsers = (profile: StoredProfile | null): boolean =>
  profile?.role === 'PlatformAdmin' || profile?.role === 'OrgAdmin';

/** Whether the row is the signed-in administrator's own account (e-mails are case-blind). */
export const isSelf = (user: { email: string }, profile: StoredProfile | null): boolean =>
  typeof profile?.email === 'string' && profile.email.toLowerCase() === user.email.toLowerCase();

/** The roles the role filter offers: an OrgAdmin never sees a PlatformAdmin. */
export const filterableRoles = (roles: readonly Role[], profile: StoredProfile | null): Role[] =>
  roles.filter((role) => profile?.role !== 'OrgAdmin' || role !== 'PlatformAdmin');

export type RowAction =
  'edit' | 'enable' | 'unlock' | 'disable' | 'resetMfa' | 'resendInvitation' | 'delete';

export const rowActions = (user: UserListItem, profile: StoredProfile | null): RowAction[] => {
  if (!canManageUsers(profile)) return [];
  if (profile?.role === 'OrgAdmin' && user.role === 'PlatformAdmin') return [];
  const actions: RowAction[] = ['edit'];
  // Nobody disables, deletes or resets themselves. A user without a role (made outside the
  // console) can only be given one first: every status call carries the user's role (userRole),
  // which the server checks against the directory, and "none" cannot be sent.
  if (isSelf(user, profile) || user.role === null) return actions;
  if (user.locked) actions.push('unlock');
  else if (!user.enabled) actions.push('enable');
  else actions.push('disable');
  if (user.mfaEnrolled) actions.push('resetMfa');
  if (user.status === 'FORCE_CHANGE_PASSWORD') actions.push('resendInvitation');
  actions.push('delete');
  return actions;
};
