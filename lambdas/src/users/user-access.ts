import type { Role } from '@ccsc/contract/roles';
import type { Caller } from '../core/request';
import { type AppError, ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import type { RequestContext } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { DirectoryUserDetail, UserDirectory } from '../core/ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../core/audit-entry';
import {
  decide,
  USER_NOT_FOUND,
  type Placement,
  type UserAction,
} from '@ccsc/contract/permissions';

/** What every user-management core needs to decide and to record. */
export interface UserAccessDeps {
  directory: Pick<UserDirectory, 'getUser'>;
  audit: AuditTrail;
}

export interface AccessRequest {
  /** The user acted on, as the request names it (username or e-mail). */
  userName: string;
  action: UserAction;
  /** The audit record's action, e.g. "user.disabled". */
  auditAction: string;
  /** What the request says the user's role is (the spec's userRole): checked, never trusted. */
  claimedRole?: Role;
  /** For updates: role and organisation afterwards. */
  after?: Placement;
}

/**
 * Reads the user acted on from the directory and applies the permission rules to the verified
 * caller and that current state (features/users/permissions.ts). A refusal is recorded in the
 * audit trail (an OrgAdmin probing another organisation is a security event) and thrown: 404 for
 * a user the caller may not see (the same answer as for none), 409 when the request's userRole
 * is not the user's role, 403 otherwise. (The last enabled PlatformAdmin is kept by the write
 * itself, under its lease: platform-admins.ts.)
 */
export const authoriseOnUser = async (
  ctx: RequestContext<Caller>,
  { directory, audit }: UserAccessDeps,
  request: AccessRequest,
): Promise<DirectoryUserDetail> => {
  // The record is about the user's organisation (null while no such user is known).
  const refuse = async (
    error: AppError,
    reason: string,
    organisationId: string | null = null,
  ): Promise<never> => {
    await audit.append({
      action: request.auditAction,
      outcome: 'failure',
      actor: actorOf(ctx.caller),
      target: userTarget(request.userName),
      organisationId,
      source: sourceOf(ctx),
      requestId: ctx.requestId,
      reason,
    });
    throw error;
  };

  const target = await directory.getUser(request.userName);
  if (target === null) return refuse(new NotFoundError(USER_NOT_FOUND), 'no such user');
  const decision = decide({
    actor: ctx.caller,
    action: request.action,
    target,
    after: request.after,
  });
  if (!decision.allowed && decision.code === 'NOT_FOUND') {
    return refuse(
      new NotFoundError(decision.message),
      'outside the caller’s organisation',
      target.organisationId,
    );
  }
  if (request.claimedRole !== undefined && request.claimedRole !== target.role) {
    return refuse(
      new ConflictError(
        `userRole ${request.claimedRole} is not the user's current role; reload and try again.`,
      ),
      `userRole ${request.claimedRole} does not match the directory (${target.role ?? 'none'})`,
      target.organisationId,
    );
  }
  if (!decision.allowed) {
    return refuse(new ForbiddenError(decision.message), decision.message, target.organisationId);
  }
  return target;
};
