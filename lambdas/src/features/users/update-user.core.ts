import type { routes } from '../../contract';
import { AppError, ConflictError, ValidationError } from '../../http/errors';
import type { Core } from '../../http/router';
import type { Organisations } from '../../ports/organisations';
import type { AttributeChanges, UserDirectory } from '../../ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../session/session-shared';
import { checkMobileNumber, checkPlacement } from './create-user.core';
import { toApiUser } from './to-api-user';
import { authoriseOnUser, type UserAccessDeps } from './user-access';

export interface UpdateUserDeps extends UserAccessDeps {
  directory: Pick<
    UserDirectory,
    | 'getUser'
    | 'countEnabledInGroup'
    | 'updateAttributes'
    | 'addToGroup'
    | 'removeFromGroup'
    | 'signOutEverywhere'
  >;
  organisations: Pick<Organisations, 'get'>;
}

const EMAIL_IN_USE = 'A user with this e-mail address already exists.';

const FIELDS = [
  'email',
  'givenName',
  'familyName',
  'phoneNumber',
  'role',
  'organisationId',
] as const;

/**
 * update-user (SPEC §7): names, mobile number, e-mail, role and organisation. The permission rules
 * see the role and organisation the user would have afterwards. A new e-mail address is
 * unverified until the user confirms Cognito's code. A changed role or organisation moves the
 * group and ends the user's sessions, so that their next sign-in carries the new rights. Only what
 * changed is written and recorded (before and after).
 */
export const updateUser: Core<(typeof routes)['update-user'], UpdateUserDeps> = async (
  { userName, userAttributes: attrs },
  ctx,
  deps,
) => {
  const { directory, organisations, audit } = deps;
  // Whether the caller may see the user at all comes first: a user they may not see answers 404
  // before anything about the request's content could tell it exists.
  const current = await authoriseOnUser(ctx, deps, {
    userName,
    action: 'read',
    auditAction: 'user.updated',
  });
  const role = attrs.role ?? current.role;
  if (role === null) {
    throw new ValidationError('The request is not valid.', [
      { path: 'userAttributes.role', message: 'The user has no role yet: give one' },
    ]);
  }
  // Whom the user would belong to: as asked, none for a PlatformAdmin, else as before.
  const organisationId =
    attrs.organisationId ??
    (role === 'PlatformAdmin' ? undefined : (current.organisationId ?? undefined));
  const placement = await checkPlacement(
    role,
    organisationId,
    organisations,
    'userAttributes.organisationId',
  );
  const target = await authoriseOnUser(ctx, deps, {
    userName: current.userName,
    action: 'update',
    auditAction: 'user.updated',
    after: { role, organisationId: placement },
  });

  const wanted: AttributeChanges = {
    email: attrs.email,
    givenName: attrs.givenName,
    familyName: attrs.familyName,
    phoneNumber:
      attrs.phoneNumber === undefined
        ? undefined
        : checkMobileNumber(attrs.phoneNumber, 'userAttributes.phoneNumber'),
    role,
    organisationId: placement,
  };
  const changes: AttributeChanges = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = wanted[field];
    if (value === undefined || value === target[field]) continue;
    Object.assign(changes, { [field]: value });
    before[field] = target[field];
    after[field] = value;
  }
  if (Object.keys(changes).length === 0) return { user: toApiUser(target) };

  // Cognito refuses an address in use (AliasExistsException, mapped to 409 below); asking first
  // also covers directories that do not check it (the offline one), before anything is written.
  if (changes.email !== undefined && (await directory.getUser(changes.email)) !== null) {
    throw new AppError('CONFLICT', EMAIL_IN_USE, [
      { path: 'userAttributes.email', message: EMAIL_IN_USE },
    ]);
  }
  const roleChanged = changes.role !== undefined && target.role !== null;
  if (changes.role !== undefined) await directory.addToGroup(target.userName, changes.role);
  try {
    await directory.updateAttributes(target.userName, changes);
  } catch (err) {
    if (changes.role !== undefined) await directory.removeFromGroup(target.userName, changes.role);
    if (err instanceof ConflictError) {
      throw new AppError('CONFLICT', err.message, [
        { path: 'userAttributes.email', message: err.message },
      ]);
    }
    throw err;
  }
  if (roleChanged && target.role !== null && target.role !== changes.role) {
    await directory.removeFromGroup(target.userName, target.role);
  }
  if (changes.role !== undefined || changes.organisationId !== undefined) {
    await directory.signOutEverywhere(target.userName);
  }
  await audit.append({
    action: 'user.updated',
    outcome: 'success',
    actor: actorOf(ctx.caller),
    target: userTarget(target.userName, target.email),
    // The organisation afterwards; a move keeps the old one in before/after.
    organisationId: placement,
    source: sourceOf(ctx),
    requestId: ctx.requestId,
    before,
    after,
  });
  const updated = await directory.getUser(target.userName);
  if (updated === null) throw new ConflictError('The user was deleted meanwhile.');
  return { user: toApiUser(updated) };
};
