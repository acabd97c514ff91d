import type { Role } from '../../contract';

/**
 * Who may do what to which user (issue 5). Pure: the caller comes from the verified token, the
 * target from the directory's current state, never from what a request claims.
 *
 * - PlatformAdmin: every user of every organisation.
 * - OrgAdmin: the users of their own organisation only; PlatformAdmins and other organisations
 *   are invisible to them (answered like a user that does not exist). They give the OrgAdmin role
 *   only (a PlatformAdmin acts everywhere and an Auditor reads everywhere, both beyond their own
 *   reach) and cannot move a user to another organisation.
 * - Auditor: reads, changes nothing.
 * Guard rails for everyone: nobody disables, deletes or demotes themselves, and the last enabled
 * PlatformAdmin cannot be disabled, deleted or demoted.
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

/** The caller, from the verified ID token. */
export interface Actor {
  userName: string;
  role: Role;
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
  | { code: 'NOT_FOUND'; message: string }
  /** The directory's state forbids it (the last enabled PlatformAdmin). */
  | { code: 'CONFLICT'; message: string };

export type Decision = { allowed: true } | ({ allowed: false } & Refusal);

export interface PermissionQuestion {
  actor: Actor;
  action: UserAction;
  /** The user acted on; absent for create. */
  target?: TargetUser;
  /** For create and update: the role and organisation afterwards. */
  after?: Placement;
  /** How many enabled PlatformAdmins the directory has now (for the last-admin rule). */
  enabledPlatformAdmins?: number;
}

export const USER_NOT_FOUND = 'No such user.';

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

/** Whether an OrgAdmin may see the user at all. */
const withinOrganisation = (
  actor: Actor,
  user: { role: Role | null; organisationId: string | null },
) =>
  user.role !== 'PlatformAdmin' &&
  actor.organisationId !== null &&
  user.organisationId === actor.organisationId;

export const decide = ({
  actor,
  action,
  target,
  after,
  enabledPlatformAdmins,
}: PermissionQuestion): Decision => {
  // Visibility first: what an OrgAdmin may not see does not exist for them, whatever they ask.
  if (actor.role === 'OrgAdmin') {
    if (actor.organisationId === null) {
      return refuse({
        code: 'FORBIDDEN',
        message: 'Your account has no organisation. Contact the administrator.',
      });
    }
    if (target && !withinOrganisation(actor, target)) {
      return refuse({ code: 'NOT_FOUND', message: USER_NOT_FOUND });
    }
  }

  if (action === 'read') return allow;

  if (actor.role === 'Auditor') {
    return refuse({ code: 'FORBIDDEN', message: 'Auditors can view users but not change them.' });
  }

  if (actor.role === 'OrgAdmin' && after) {
    // An Auditor reads every organisation: giving that role would widen the OrgAdmin's own reach.
    // (Editing a user who keeps their role gives nothing.)
    const gives = target === undefined || after.role !== target.role;
    if (gives && after.role !== 'OrgAdmin') {
      return refuse({
        code: 'FORBIDDEN',
        message: `Only a PlatformAdmin can give the ${after.role} role.`,
      });
    }
    if (after.organisationId !== actor.organisationId) {
      return refuse({
        code: 'FORBIDDEN',
        message: 'You can manage the users of your own organisation only.',
      });
    }
  }

  if (target) {
    const self = target.userName === actor.userName;
    const demoted = after !== undefined && after.role !== target.role;
    if (self && (action === 'disable' || action === 'delete')) {
      return refuse({
        code: 'FORBIDDEN',
        message: `You cannot ${ACTION_WORDS[action]} your own account.`,
      });
    }
    if (self && demoted) {
      return refuse({ code: 'FORBIDDEN', message: 'You cannot change your own role.' });
    }
    const removesAdmin =
      action === 'disable' || action === 'delete' || (action === 'update' && demoted);
    if (
      removesAdmin &&
      target.role === 'PlatformAdmin' &&
      target.enabled &&
      (enabledPlatformAdmins ?? 0) <= 1
    ) {
      return refuse({
        code: 'CONFLICT',
        message: `The last enabled PlatformAdmin cannot be ${action === 'update' ? 'given another role' : `${action}d`}.`,
      });
    }
  }
  return allow;
};
