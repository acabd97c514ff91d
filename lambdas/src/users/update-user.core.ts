import type { routes } from '@ccsc/contract/routes';
import type { Journal } from '../core/journal';
import { ConflictError, ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { Registry } from '../core/ports/registry';
import type { AttributeChanges } from '../core/ports/user-directory';
import { checkMobileNumber, checkPlacement } from './create-user.core';
import { toApiUser } from './to-api-user';
import { authoriseOnUser, type UserAccessDeps } from './user-access';
import { emailInUse } from './user-write-kit';
import { updateUserWrite } from './user-update-write';
import {
  recordBaseOf,
  snapshotOf,
  userSubject,
  type UserWriteDeps,
} from '../core/accounts/account-writes';

export interface UpdateUserDeps extends UserAccessDeps {
  registry: Pick<Registry, 'get'>;
  writes: Pick<Journal<UserWriteDeps>, 'run'>;
}

const FIELDS = ['email', 'givenName', 'familyName', 'phoneNumber', 'organisationId'] as const;

/**
 * update-user (SPEC §7): names, mobile number, e-mail, role and organisation. The permission rules
 * see the role and organisation the user would have afterwards. A new e-mail address is
 * unverified until the user confirms Cognito's code. A changed role moves the user from one role
 * group to the other (the group is the role); a changed role or organisation ends the user's
 * sessions, so that their next sign-in carries the new rights. Only what changed is written and
 * recorded (before and after), as one journaled write (user-writes.ts); demoting an enabled
 * PlatformAdmin is kept by the last-PlatformAdmin rule.
 */
export const updateUser: Core<(typeof routes)['update-user'], UpdateUserDeps> = async (
  { userName, userAttributes: attrs },
  ctx,
  deps,
) => {
  const { directory, registry, writes } = deps;
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
  // Whom the user would belong to: as asked (null: none, for an Auditor of every organisation),
  // none for a PlatformAdmin, else as before.
  const organisationId =
    attrs.organisationId !== undefined
      ? attrs.organisationId
      : role === 'PlatformAdmin'
        ? null
        : current.organisationId;
  // The rules on the placement as asked, before anything is looked up: what an OrgAdmin may not
  // name, they learn nothing about (not even whether it exists).
  const target = await authoriseOnUser(ctx, deps, {
    userName: current.userName,
    action: 'update',
    auditAction: 'user.updated',
    after: { role, organisationId: role === 'PlatformAdmin' ? null : organisationId },
  });
  const placement = await checkPlacement(
    role,
    organisationId,
    registry,
    'userAttributes.organisationId',
  );

  const wanted: AttributeChanges = {
    email: attrs.email,
    givenName: attrs.givenName,
    familyName: attrs.familyName,
    phoneNumber:
      attrs.phoneNumber === undefined
        ? undefined
        : checkMobileNumber(attrs.phoneNumber, 'userAttributes.phoneNumber'),
    organisationId: placement,
  };
  const attributes: AttributeChanges = {};
  const attributesBefore: AttributeChanges = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = wanted[field];
    if (value === undefined || value === target[field]) continue;
    Object.assign(attributes, { [field]: value });
    Object.assign(attributesBefore, { [field]: target[field] });
    before[field] = target[field];
    after[field] = value;
  }
  const roleTo = role === target.role ? null : role;
  if (roleTo !== null) {
    before.role = target.role;
    after.role = roleTo;
  }
  if (Object.keys(after).length === 0) return { user: toApiUser(target) };

  // Cognito refuses an address in use (AliasExistsException, a 409 too); asking first also
  // covers directories that do not check it (the offline one), before anything is written.
  if (attributes.email !== undefined && (await directory.getUser(attributes.email)) !== null) {
    throw emailInUse();
  }
  await writes.run(updateUserWrite, userSubject(target.userName), {
    record: recordBaseOf(ctx),
    userName: target.userName,
    email: target.email,
    // The organisation afterwards; a move keeps the old one in before/after.
    organisationId: placement,
    expect: snapshotOf(target),
    roleFrom: target.role,
    roleTo,
    attributes,
    attributesBefore,
    signOut: roleTo !== null || attributes.organisationId !== undefined,
    before,
    after,
  });
  const updated = await directory.getUser(target.userName);
  if (updated === null) throw new ConflictError('The user was deleted meanwhile.');
  return { user: toApiUser(updated) };
};
