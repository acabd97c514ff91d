import { reachOf, reachWithin, seesAccount } from './reach';
import type { Role } from './roles';

/**
 * Who may do what to which user: the ONE rule, which the server decides every call by
 * (lambdas/src/features/users) and the web follows to offer only what the server allows. Pure:
 * on the server the caller comes from the verified token, the target from the directory's current
 * state, never from what a request claims. Everything follows from each account's reach
 * (./reach.ts):
 *
 * - an account sees the users within its reach; the rest are invisible (answered like a user that
 *   does not exist), and PlatformAdmins are visible only to those who reach everything;
 * - Auditors read and change nothing;
 * - PlatformAdmins and OrgAdmins change the users they see, and may leave a user only with a role
 *   and organisation within their own reach: an OrgAdmin gives OrgAdmin or Auditor of their own
 *   organisation, never PlatformAdmin and never an Auditor of every organisation;
 * - nobody disables, deletes or demotes themselves. "Themselves" is the same Cognito user name
 *   (`cognito:username`), never the e-mail, which is only an alias.
 *
 * The last enabled PlatformAdmin is kept by a rule of its own that needs the directory's count
 * and a lock (platform-admins.ts).
 */

export const USER_ACTIONS = [
  'read',
  'create',
  'update',
  'enable',
  'disable',
  'delete',
  'unlock',
  'reset-mfa',
  'resend-invitation',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** The caller, from the verified ID token (the web: from the stored profile, role maybe lost). */
export interface Actor {
  /** The Cognito user name; unknown (null) to a web profile stored before it was kept. */
  userName: string | null;
  role: Role | null;
  organisationId: string | null;
}

/** A user as the directory holds it now. */
export interface TargetUser {
  userName: string;
  role: Role | null;
  organisationId: string | null;
  enabled: boolean;
}

/** Role and organisation a create or update would leave the user with. */
export interface Placement {
  role: Role;
  organisationId: string | null;
}

export type Refusal =
  /** The caller may not do this. */
  | { code: 'FORBIDDEN'; message: string }
  /** The caller may not see the user: answered exactly like a user that does not exist. */
  | { code: 'NOT_FOUND'; message: string };

export type Decision = { allowed: true } | ({ allowed: false } & Refusal);

export interface PermissionQuestion {
  actor: Actor;
  action: UserAction;
  /** The user acted on; absent for create. */
  target?: TargetUser;
  /** For create and update: the role and organisation afterwards. */
  after?: Placement;
}

export const USER_NOT_FOUND = 'No such user.';
export const NO_ORGANISATION = 'Your account has no organisation. Contact the administrator.';

const allow: Decision = { allowed: true };
const refuse = (refusal: Refusal): Decision => ({ allowed: false, ...refusal });

const ACTION_WORDS: Record<UserAction, string> = {
  read: 'view',
  create: 'create',
  update: 'change',
  enable: 'enable',
  disable: 'disable',
  delete: 'delete',
  unlock: 'unlock',
  'reset-mfa': 'reset the authenticator app of',
  'resend-invitation': 'resend the invitation of',
};

/** Why a placement lies beyond the caller's reach, in the words an administrator reads. */
const beyondReach = (after: Placement): string => {
  if (after.role === 'PlatformAdmin')
    return 'Only a PlatformAdmin can give the PlatformAdmin role.';
  if (after.organisationId === null) {
    return 'Only a PlatformAdmin can give an Auditor access to every organisation.';
  }
  return 'You can manage the users of your own organisation only.';
};

/** Whether `target` is the caller's own account: the same Cognito user name. */
export const isSelf = (actor: Actor, target: { userName: string }): boolean =>
  actor.userName !== null && actor.userName === target.userName;

export const decide = ({ actor, action, target, after }: PermissionQuestion): Decision => {
  const reach = reachOf(actor);
  if (reach.kind === 'nothing') return refuse({ code: 'FORBIDDEN', message: NO_ORGANISATION });
  // Visibility first: what the caller may not see does not exist for them, whatever they ask.
  if (target && !seesAccount(reach, target)) {
    return refuse({ code: 'NOT_FOUND', message: USER_NOT_FOUND });
  }
  if (action === 'read') return allow;

  if (actor.role === 'Auditor') {
    return refuse({ code: 'FORBIDDEN', message: 'Auditors can view users but not change them.' });
  }
  if (after && !reachWithin(reachOf(after), reach)) {
    return refuse({ code: 'FORBIDDEN', message: beyondReach(after) });
  }

  if (target && isSelf(actor, target)) {
    if (action === 'disable' || action === 'delete') {
      return refuse({
        code: 'FORBIDDEN',
        message: `You cannot ${ACTION_WORDS[action]} your own account.`,
      });
    }
    if (after !== undefined && after.role !== target.role) {
      return refuse({ code: 'FORBIDDEN', message: 'You cannot change your own role.' });
    }
  }
  return allow;
};

/**
 * The roles `actor` may give at all (list-all-groups): PlatformAdmin only to a PlatformAdmin's
 * eyes; OrgAdmin and Auditor of an organisation within the caller's reach; none to an Auditor.
 */
export const grantableRoles = (actor: Actor, roles: readonly Role[]): Role[] => {
  const reach = reachOf(actor);
  // Any organisation within reach stands for all of them: the rules treat them alike.
  const organisationId = reach.kind === 'organisation' ? reach.organisationId : 'any';
  return roles.filter(
    (role) =>
      decide({
        actor,
        action: 'create',
        after: { role, organisationId: role === 'PlatformAdmin' ? null : organisationId },
      }).allowed,
  );
};
