import type { Role, UserListItem } from '@ccsc/contract';
import { decide, isSelf, type Actor, type UserAction } from '@ccsc/contract/permissions';
import { reachesEverything, scopedOrganisation } from '../../../lib/reach';
import type { StoredProfile } from '../../../lib/session';

/**
 * What the screens offer the signed-in administrator: the server's own rule
 * (@ccsc/contract/permissions, following each account's reach), so nobody is shown a button the
 * server refuses. The server decides every call on its own from the verified token; this only
 * keeps the screen honest.
 */

/** The signed-in administrator as the rule knows a caller (a profile may lack any field). */
export const actorOf = (profile: StoredProfile | null): Actor => ({
  userName: profile?.userName ?? null,
  role: profile?.role ?? null,
  organisationId: profile?.organisationId ?? null,
});

/** Whether the caller creates and changes users at all (PlatformAdmins and OrgAdmins). */
export const canManageUsers = (profile: StoredProfile | null): boolean =>
  decide({ actor: actorOf(profile), action: 'update' }).allowed;

/**
 * The organisation a scoped caller (an OrgAdmin, or an Auditor of one organisation) sees only,
 * or null for a caller who reaches everything.
 */
export const ownOrganisation = (profile: StoredProfile | null): string | null =>
  scopedOrganisation(profile);

/** Whether the caller is scoped: they see no PlatformAdmin and no other organisation. */
export const isScoped = (profile: StoredProfile | null): boolean => !reachesEverything(profile);

/**
 * Whether the user is the signed-in administrator's own account: the same Cognito user name, as
 * the server decides (the contract's isSelf). A profile stored before the user name was kept
 * (lib/session.ts) has none; for it, the same e-mail address (case-insensitive), as the console
 * did before, until the next sign-in stores the user name. That only decides what the screen
 * offers: the server still refuses what one may not do to one's own account.
 */
export const isOwnAccount = (
  user: { userName: string; email: string | null },
  profile: StoredProfile | null,
): boolean => {
  if (profile?.userName !== undefined) return isSelf(actorOf(profile), user);
  const own = profile?.email?.toLowerCase() ?? null;
  return own !== null && own === user.email?.toLowerCase();
};

/** The roles the role filter offers: a scoped caller never sees a PlatformAdmin. */
export const filterableRoles = (roles: readonly Role[], profile: StoredProfile | null): Role[] =>
  roles.filter((role) => !isScoped(profile) || role !== 'PlatformAdmin');

export type RowAction =
  'edit' | 'enable' | 'unlock' | 'disable' | 'resetMfa' | 'resendInvitation' | 'delete';

/** The call each row action makes, as the rule names it. */
const RULE_ACTION: Record<RowAction, UserAction> = {
  edit: 'update',
  enable: 'enable',
  unlock: 'unlock',
  disable: 'disable',
  resetMfa: 'reset-mfa',
  resendInvitation: 'resend-invitation',
  delete: 'delete',
};

/** What the row's state makes sensible, in menu order. */
const byState = (user: UserListItem): RowAction[] => {
  const actions: RowAction[] = ['edit'];
  if (user.locked) actions.push('unlock');
  else if (!user.enabled) actions.push('enable');
  else actions.push('disable');
  if (user.mfaEnrolled) actions.push('resetMfa');
  if (user.status === 'FORCE_CHANGE_PASSWORD') actions.push('resendInvitation');
  actions.push('delete');
  return actions;
};

/**
 * The row's menu: what its state makes sensible and the rule allows. One's own row offers Edit
 * only (the rule refuses disabling or deleting oneself; the console does not offer resetting
 * one's own authenticator from the list either). A user without a role (made outside the
 * console) can only be given one first: every status call carries the user's role (userRole),
 * which the server checks against the directory, and "none" cannot be sent.
 */
export const rowActions = (user: UserListItem, profile: StoredProfile | null): RowAction[] => {
  const actor = actorOf(profile);
  const target = {
    userName: user.userName,
    role: user.role,
    organisationId: user.organisationId,
    enabled: user.enabled,
  };
  const allowed = (action: RowAction) =>
    decide({ actor, action: RULE_ACTION[action], target }).allowed;
  if (!allowed('edit')) return [];
  if (isOwnAccount(user, profile) || user.role === null) return ['edit'];
  return byState(user).filter(allowed);
};
