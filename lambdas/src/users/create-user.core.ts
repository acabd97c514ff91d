import { phone } from 'phone';
import type { routes } from '@ccsc/contract/routes';
import type { Journal } from '../core/journal';
import { ConflictError, ForbiddenError, ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Registry } from '../core/ports/registry';
import type { UserDirectory } from '../core/ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../core/audit-entry';
import { decide } from '@ccsc/contract/permissions';
import { toApiUser } from './to-api-user';
import { createUserWrite } from './user-create-write';
import { recordBaseOf, userSubject, type UserWriteDeps } from '../core/accounts/account-writes';

export interface CreateUserDeps {
  directory: Pick<UserDirectory, 'getUser'>;
  /** The registry, where the organisation a user is placed in must exist. */
  registry: Pick<Registry, 'get'>;
  audit: AuditTrail;
  writes: Pick<Journal<UserWriteDeps>, 'run'>;
}

const fieldError = (path: string, message: string) =>
  new ValidationError('The request is not valid.', [{ path, message }]);

/**
 * A mobile number as the `phone` library's numbering plans accept it for its country (the
 * contract has checked the E.164 form already). Throws a 400 on `path` otherwise.
 */
export const checkMobileNumber = (phoneNumber: string, path: string): string => {
  const result = phone(phoneNumber);
  if (!result.isValid) {
    throw fieldError(path, 'Not a valid mobile number for its country code');
  }
  return result.phoneNumber;
};

/**
 * Where a role may be placed (@ccsc/contract/reach): a PlatformAdmin belongs to no organisation, an
 * OrgAdmin to exactly one that exists, an Auditor to one that exists or, asked for with null, to
 * none (then reading every organisation). Returns the organisation to store.
 */
export const checkPlacement = async (
  role: string,
  organisationId: string | null | undefined,
  registry: Pick<Registry, 'get'>,
  path: string,
): Promise<string | null> => {
  if (role === 'PlatformAdmin') {
    if (organisationId !== undefined && organisationId !== null) {
      throw fieldError(path, 'A PlatformAdmin belongs to no organisation');
    }
    return null;
  }
  if (organisationId === null && role === 'Auditor') return null;
  if (organisationId === undefined && role === 'Auditor') {
    // Reading every organisation is never a default: it must be asked for.
    throw fieldError(path, 'Give the Auditor an organisation, or null for every organisation');
  }
  if (organisationId === undefined || organisationId === null) {
    throw fieldError(path, `A ${role} needs an organisation`);
  }
  if ((await registry.get('organisation', organisationId)) === null) {
    throw fieldError(path, 'No such organisation');
  }
  return organisationId;
};

/**
 * create-user (SPEC §7): invites an administrator. The rules first, then one journaled write
 * (user-writes.ts): the account, its role group (the role is the group alone), and only then
 * the invitation Cognito e-mails, the audit record and the list's row. An address in use is a
 * 409 on the e-mail field and nothing is created; a write cut short is finished later.
 */
export const createUser: Core<(typeof routes)['create-user'], CreateUserDeps> = async (
  { userAttributes: attrs },
  ctx,
  { directory, registry, audit, writes },
) => {
  // The rules first, on the organisation as asked: what an OrgAdmin may not name, they learn
  // nothing about (not even whether it exists).
  const decision = decide({
    actor: ctx.caller,
    action: 'create',
    after: { role: attrs.role, organisationId: attrs.organisationId ?? null },
  });
  if (!decision.allowed) {
    await audit.append({
      action: 'user.created',
      outcome: 'failure',
      actor: actorOf(ctx.caller),
      target: userTarget(attrs.email, attrs.email),
      organisationId: attrs.organisationId ?? null,
      source: sourceOf(ctx),
      requestId: ctx.requestId,
      after: {
        email: attrs.email,
        givenName: attrs.givenName,
        familyName: attrs.familyName,
        phoneNumber: attrs.phoneNumber ?? null,
        role: attrs.role,
        organisationId: attrs.organisationId ?? null,
      },
      reason: decision.message,
    });
    throw new ForbiddenError(decision.message);
  }
  const organisationId = await checkPlacement(
    attrs.role,
    attrs.organisationId,
    registry,
    'userAttributes.organisationId',
  );
  const phoneNumber =
    attrs.phoneNumber === undefined
      ? null
      : checkMobileNumber(attrs.phoneNumber, 'userAttributes.phoneNumber');
  const { userName } = await writes.run(
    createUserWrite,
    userSubject(attrs.email),
    {
      record: recordBaseOf(ctx),
      user: {
        email: attrs.email,
        givenName: attrs.givenName,
        familyName: attrs.familyName,
        phoneNumber,
        role: attrs.role,
        organisationId,
      },
    },
    { busyMessage: 'A user with this e-mail address is being invited right now.' },
  );
  const created = userName === undefined ? null : await directory.getUser(userName);
  if (created === null) throw new ConflictError('The user was deleted meanwhile.');
  return { user: toApiUser(created) };
};
