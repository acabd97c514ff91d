import type { UserAction } from '@ccsc/contract/permissions';
import type { Role } from '@ccsc/contract/roles';
import type { routes } from '@ccsc/contract/routes';
import type { Journal, Workflow } from '../core/journal';
import type { Caller } from '../core/request';
import { ConflictError } from '../core/errors';
import type { Core, RequestContext } from '../core/request';
import { type AccountLocks, isLockedOut } from '../core/ports/account-locks';
import type { DirectoryUserDetail } from '../core/ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../core/audit-entry';
import { toApiUser } from './to-api-user';
import { authoriseOnUser, type UserAccessDeps } from './user-access';
import {
  deleteUserWrite,
  disableUserWrite,
  enableUserWrite,
  resendInvitationWrite,
  resetUserMfaWrite,
  type UserStatusWrite,
} from './user-status-writes';
import {
  recordBaseOf,
  snapshotOf,
  userSubject,
  type UserWriteDeps,
} from '../core/accounts/account-writes';

export interface UserStatusDeps extends UserAccessDeps {
  locks: Pick<AccountLocks, 'get'>;
  writes: Pick<Journal<UserWriteDeps>, 'run'>;
}

/** The user a status call names, once the caller may do `action` to them (a refusal recorded). */
const authorised = (
  input: { userName: string; userRole?: Role },
  ctx: RequestContext<Caller>,
  deps: UserStatusDeps,
  action: UserAction,
  auditAction: string,
): Promise<DirectoryUserDetail> =>
  authoriseOnUser(ctx, deps, {
    userName: input.userName,
    claimedRole: input.userRole,
    action,
    auditAction,
  });

/**
 * Runs a status write of `target` in the journal: it records `change` (its own before and after)
 * beside who the user is, and expects the user as read (a change meanwhile is a 409).
 */
const runStatusWrite = (
  ctx: RequestContext<Caller>,
  deps: UserStatusDeps,
  target: DirectoryUserDetail,
  write: Workflow<UserStatusWrite, object, UserWriteDeps>,
  change: Pick<UserStatusWrite, 'before' | 'after' | 'reason'>,
): Promise<object> =>
  deps.writes.run(write, userSubject(target.userName), {
    record: recordBaseOf(ctx),
    userName: target.userName,
    email: target.email,
    organisationId: target.organisationId,
    expect: snapshotOf(target),
    ...change,
  });

/** The user as the directory has it after the change. */
const reread = async (deps: UserStatusDeps, userName: string) => {
  const user = await deps.directory.getUser(userName);
  if (user === null) throw new ConflictError('The user was deleted meanwhile.');
  return toApiUser(user);
};

/**
 * disable-user: the user can no longer sign in, and their sessions end at once. Disabling an
 * enabled PlatformAdmin is kept by the last-PlatformAdmin rule (user-writes.ts).
 */
export const disableUser: Core<(typeof routes)['disable-user'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authorised(input, ctx, deps, 'disable', 'user.disabled');
  if (target.enabled) {
    await runStatusWrite(ctx, deps, target, disableUserWrite, {
      before: { enabled: true },
      after: { enabled: false },
    });
  }
  return { user: await reread(deps, target.userName) };
};

/**
 * enable-user: the user can sign in again. A user locked by accountLockout is unlocked: the lock
 * is released, so only failed sign-ins after it count toward the next lock.
 */
export const enableUser: Core<(typeof routes)['enable-user'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authorised(input, ctx, deps, 'enable', 'user.enabled');
  if (!target.enabled) {
    const lock = await deps.locks.get(target.userName);
    const locked = isLockedOut(false, lock);
    await runStatusWrite(ctx, deps, target, enableUserWrite, {
      before: { enabled: false, locked },
      after: { enabled: true, locked: false },
      ...(locked && lock !== null ? { reason: lock.reason } : {}),
    });
  }
  return { user: await reread(deps, target.userName) };
};

/** delete-user: disabled first (sessions end), then deleted; the record keeps who it was. */
export const deleteUser: Core<(typeof routes)['delete-user'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authorised(input, ctx, deps, 'delete', 'user.deleted');
  await runStatusWrite(ctx, deps, target, deleteUserWrite, {
    before: {
      email: target.email,
      givenName: target.givenName,
      familyName: target.familyName,
      role: target.role,
      organisationId: target.organisationId,
      enabled: target.enabled,
    },
    after: {},
  });
  return { userName: target.userName };
};

/**
 * reset-user-mfa: the authenticator app is removed (Cognito forgets the software token) and the
 * user's sessions end; the next sign-in, with the password, enrols a new one. The last enabled
 * PlatformAdmin's is kept (they replace it themselves through the lost-authenticator link).
 */
export const resetUserMfa: Core<(typeof routes)['reset-user-mfa'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authorised(input, ctx, deps, 'reset-mfa', 'user.mfa-reset');
  const enrolled = target.mfaMethods.includes('SOFTWARE_TOKEN_MFA');
  await runStatusWrite(ctx, deps, target, resetUserMfaWrite, {
    before: { authenticator: enrolled },
    after: { authenticator: false },
  });
  return { user: await reread(deps, target.userName) };
};

/** Only a user who has not signed in yet (FORCE_CHANGE_PASSWORD) can be invited again. */
export const INVITATION_PENDING = 'FORCE_CHANGE_PASSWORD';

/** resend-invitation: a new temporary password by e-mail, while the first sign-in is pending. */
export const resendInvitation: Core<(typeof routes)['resend-invitation'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authorised(input, ctx, deps, 'resend-invitation', 'user.invitation-resent');
  const refusal =
    target.status !== INVITATION_PENDING
      ? 'The invitation can be sent again only until the user signs in for the first time.'
      : !target.enabled
        ? 'The user is disabled: enable the user before sending the invitation again.'
        : null;
  if (refusal !== null) {
    await deps.audit.append({
      action: 'user.invitation-resent',
      outcome: 'failure',
      actor: actorOf(ctx.caller),
      target: userTarget(target.userName, target.email),
      organisationId: target.organisationId,
      source: sourceOf(ctx),
      requestId: ctx.requestId,
      reason: refusal,
    });
    throw new ConflictError(refusal);
  }
  await runStatusWrite(ctx, deps, target, resendInvitationWrite, { before: {}, after: {} });
  return { user: await reread(deps, target.userName) };
};
