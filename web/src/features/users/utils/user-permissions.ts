import type { Role, UserListItem } from '@ccsc/contract';
import { reachesEverything, reachOf, scopedOrganisation } from '../../../lib/reach';
import type { StoredProfile } from '../../../lib/session';

/**
 * What the screens offer the signed-in administrator: a mirror of the server's rules
 * (lambdas/src/features/users/permissions.ts, following each account's reach, lib/reach.ts), so
 * nobody is shown a button the server refuses. The server decides every call on its own; this
 * only keeps the screen honest.
 *
 * - A caller who reaches everything (PlatformAdmin, Auditor of every organisation) sees every
 *   user; a scoped caller (OrgAdmin, Auditor of one organisation) the users of their organisation
 *   and never a PlatformAdmin.
 * - PlatformAdmins and OrgAdmins change users; Auditors change nothing.
 */
export const canManageUsers = (profile: StoredProfile | null): boolean =>
  (profile?.role === 'PlatformAdmin' || profile?.role === 'OrgAdmin') &&
  reachOf(profile).kind !== 'nothing';

/**
 * The organisation a scoped caller (an OrgAdmin, or an Auditor of one organisation) sees only,
 * or null for a caller who reaches everything.
 */
export const ownOrganisation = (profile: StoredProfile | null): string | null =>
  scopedOrganisation(profile);

/** Whether the caller is scoped: they see no PlatformAdmin and no other organisation. */
export const isScoped = (profile: StoredProfile | null): boolean => !reachesEverything(profile);

/** Whether the row is the signed-in administrator's own account (e-mails are case-blind). */
export const isSelf = (user: { email: string }, profile: StoredProfile | null): boolean =>
  typeof profile?.email === 'string' && profile.email.toLowerCase() === user.email.toLowerCase();

/** The roles the role filter offers: a scoped caller never sees a PlatformAdmin. */
export const filterableRoles = (roles: readonly Role[], profile: StoredProfile | null): Role[] =>
  roles.filter((role) => !isScoped(profile) || role !== 'PlatformAdmin');

export type RowAction =
  'edit' | 'enable' | 'unlock' | 'disable' | 'resetMfa' | 'resendInvitation' | 'delete';

export const rowActions = (user: UserListItem, profile: StoredProfile | null): RowAction[] => {
  if (!canManageUsers(profile)) return [];
  if (isScoped(profile) && user.role === 'PlatformAdmin') return [];
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
