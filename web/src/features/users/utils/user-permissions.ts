import type { UserListItem } from '@ccsc/lambdas/contract';
import type { StoredProfile } from '../../../lib/session';

/**
 * What the screens offer the signed-in administrator: a mirror of the server's rules
 * (lambdas/src/features/users/permissions.ts), so nobody is shown a button the server refuses.
 * The server decides every call on its own; this only keeps the screen honest.
 */
export const canManageUsers = (profile: StoredProfile | null): boolean =>
  profile?.role === 'PlatformAdmin' || profile?.role === 'OrgAdmin';

export type RowAction =
  'edit' | 'enable' | 'unlock' | 'disable' | 'resetMfa' | 'resendInvitation' | 'delete';

export const rowActions = (user: UserListItem, profile: StoredProfile | null): RowAction[] => {
  if (!canManageUsers(profile)) return [];
  if (profile?.role === 'OrgAdmin' && user.role === 'PlatformAdmin') return [];
  const self = profile?.email !== null && profile?.email === user.email;
  const actions: RowAction[] = ['edit'];
  if (self) return actions;
  if (user.locked) actions.push('unlock');
  else if (!user.enabled) actions.push('enable');
  else actions.push('disable');
  if (user.mfaEnrolled) actions.push('resetMfa');
  if (user.status === 'FORCE_CHANGE_PASSWORD') actions.push('resendInvitation');
  actions.push('delete');
  return actions;
};
