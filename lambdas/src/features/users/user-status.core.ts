import type { routes } from '../../contract';
import type { Caller } from '../../http/claims';
import { ConflictError } from '../../http/errors';
import type { Core, RequestContext } from '../../http/router';
import { type AccountLocks, isLockedOut } from '../../ports/account-locks';
import type { Clock } from '../../ports/clock';
import type { DirectoryUserDetail, UserDirectory } from '../../ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../session/session-shared';
import { toApiUser } from './to-api-user';
import { authoriseOnUser, type UserAccessDeps } from './user-access';

export interface UserStatusDeps extends UserAccessDeps {
  directory: Pick<
    UserDirectory,
    | 'getUser'
    | 'countEnabledInGroup'
    | 'enableUser'
    | 'disableUser'
    | 'deleteUser'
    | 'signOutEverywhere'
    | 'disableTotp'
    | 'resendInvitation'
  >;
  locks: AccountLocks;
  clock: Clock;
}

const record = (
  deps: UserStatusDeps,
  ctx: RequestContext<Caller>,
  target: DirectoryUserDetail,
  action: string,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
  reason?: string,
) =>
  deps.audit.append({
    action,
    outcome: 'success',
    actor: actorOf(ctx.caller),
    target: userTarget(target.userName, target.email),
    organisationId: target.organisationId,
    source: sourceOf(ctx),
    requestId: ctx.requestId,
    ...change,
    ...(reason === undefined ? {} : { reason }),
  });

/** The user as the directory has it after the change. */
const reread = async (deps: UserStatusDeps, userName: string) => {
  const user = await deps.directory.getUser(userName);
  if (user === null) throw new ConflictError('The user was deleted meanwhile.');
  return toApiUser(user);
};

/**
 * Two administrators removing the last two PlatformAdmins at the same moment could each see the
 * other still enabled. After disabling one, the count is taken again; if none is left enabled,
 * the disable is undone and refused.
 */
const keepOnePlatformAdmin = async (
  deps: UserStatusDeps,
  target: DirectoryUserDetail,
  verb: 'disabled' | 'deleted',
): Promise<void> => {
  if (target.role !== 'PlatformAdmin' || !target.enabled) return;
  if ((await deps.directory.countEnabledInGroup('PlatformAdmin')) > 0) return;
  await deps.directory.enableUser(target.userName);
  throw new ConflictError(`The last enabled PlatformAdmin cannot be ${verb}.`);
};

/** disable-user: the user can no longer sign in, and their sessions end at once. */
export const disableUser: Core<(typeof routes)['disable-user'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authoriseOnUser(ctx, deps, {
    userName: input.userName,
    claimedRole: input.userRole,
    action: 'disable',
    auditAction: 'user.disabled',
  });
  if (target.enabled) {
    await deps.directory.disableUser(target.userName);
    await keepOnePlatformAdmin(deps, target, 'disabled');
    await deps.directory.signOutEverywhere(target.userName);
    await record(deps, ctx, target, 'user.disabled', {
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
  const target = await authoriseOnUser(ctx, deps, {
    userName: input.userName,
    claimedRole: input.userRole,
    action: 'enable',
    auditAction: 'user.enabled',
  });
  if (!target.enabled) {
    const lock = await deps.locks.get(target.userName);
    const locked = isLockedOut(false, lock);
    await deps.directory.enableUser(target.userName);
    if (locked) await deps.locks.release(target.userName, deps.clock.now());
    await record(
      deps,
      ctx,
      target,
      locked ? 'user.unlocked' : 'user.enabled',
      { before: { enabled: false, locked }, after: { enabled: true, locked: false } },
      locked ? lock?.reason : undefined,
    );
  }
  return { user: await reread(deps, target.userName) };
};

/** delete-user: disabled first (sessions end), then deleted; the record keeps who it was. */
export const deleteUser: Core<(typeof routes)['delete-user'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authoriseOnUser(ctx, deps, {
    userName: input.userName,
    claimedRole: input.userRole,
    action: 'delete',
    auditAction: 'user.deleted',
  });
  if (target.enabled) {
    await deps.directory.disableUser(target.userName);
    await keepOnePlatformAdmin(deps, target, 'deleted');
  }
  await deps.directory.deleteUser(target.userName);
  await record(deps, ctx, target, 'user.deleted', {
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
 * user's sessions end; the next sign-in, with the password, enrols a new one.
 */
export const resetUserMfa: Core<(typeof routes)['reset-user-mfa'], UserStatusDeps> = async (
  input,
  ctx,
  deps,
) => {
  const target = await authoriseOnUser(ctx, deps, {
    userName: input.userName,
    claimedRole: input.userRole,
    action: 'reset-mfa',
    auditAction: 'user.mfa-reset',
  });
  const enrolled = target.mfaMethods.includes('SOFTWARE_TOKEN_MFA');
  await deps.directory.disableTotp(target.userName);
  await deps.directory.signOutEverywhere(target.userName);
  await record(deps, ctx, target, 'user.mfa-reset', {
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
  const target = await authoriseOnUser(ctx, deps, {
    userName: input.userName,
    claimedRole: input.userRole,
    action: 'resend-invitation',
    auditAction: 'user.invitation-resent',
  });
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
  await deps.directory.resendInvitation(target.email);
  await record(deps, ctx, target, 'user.invitation-resent', { before: {}, after: {} });
  return { user: await reread(deps, target.userName) };
};
