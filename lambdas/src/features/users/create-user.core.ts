import { phone } from 'phone';
import type { routes } from '../../contract';
import { AppError, ConflictError, ForbiddenError, ValidationError } from '../../http/errors';
import type { Core } from '../../http/router';
import type { AuditTrail } from '../../ports/audit-trail';
import type { Organisations } from '../../ports/organisations';
import type { UserDirectory } from '../../ports/user-directory';
import { actorOf, sourceOf, userTarget } from '../session/session-shared';
import { decide } from './permissions';
import { toApiUser } from './to-api-user';

export interface CreateUserDeps {
  directory: Pick<UserDirectory, 'createUser' | 'addToGroup' | 'deleteUser' | 'resendInvitation'>;
  organisations: Pick<Organisations, 'get'>;
  audit: AuditTrail;
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
 * A PlatformAdmin belongs to no organisation; everyone else to exactly one that exists.
 * Returns the organisation to store.
 */
export const checkPlacement = async (
  role: string,
  organisationId: string | undefined,
  organisations: Pick<Organisations, 'get'>,
  path: string,
): Promise<string | null> => {
  if (role === 'PlatformAdmin') {
    if (organisationId !== undefined) {
      throw fieldError(path, 'A PlatformAdmin belongs to no organisation');
    }
    return null;
  }
  if (organisationId === undefined) {
    throw fieldError(path, `A ${role} needs an organisation`);
  }
  if ((await organisations.get(organisationId)) === null) {
    throw fieldError(path, 'No such organisation');
  }
  return organisationId;
};

/**
 * create-user (SPEC §7): invites an administrator. The user is created, put in the role group
 * (the role is both the `custom:role` attribute and the group), and only then does Cognito e-mail
 * the temporary password (the invitation). An address in use is a 409 and nothing is created; if
 * the group cannot be set, the new user is removed again before anyone is mailed.
 */
export const createUser: Core<(typeof routes)['create-user'], CreateUserDeps> = async (
  { userAttributes: attrs },
  ctx,
  { directory, organisations, audit },
) => {
  // The rules first, on the organisation as asked: what an OrgAdmin may not name, they learn
  // nothing about (not even whether it exists).
  const decision = decide({
    actor: ctx.caller,
    action: 'create',
    after: { role: attrs.role, organisationId: attrs.organisationId ?? null },
  });
  const record = (outcome: 'success' | 'failure', userName: string, reason?: string) =>
    audit.append({
      action: 'user.created',
      outcome,
      actor: actorOf(ctx.caller),
      target: userTarget(userName, attrs.email),
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
      ...(reason === undefined ? {} : { reason }),
    });
  if (!decision.allowed) {
    await record('failure', attrs.email, decision.message);
    throw new ForbiddenError(decision.message);
  }
  const organisationId = await checkPlacement(
    attrs.role,
    attrs.organisationId,
    organisations,
    'userAttributes.organisationId',
  );
  const phoneNumber =
    attrs.phoneNumber === undefined
      ? null
      : checkMobileNumber(attrs.phoneNumber, 'userAttributes.phoneNumber');

  let created;
  try {
    created = await directory.createUser({
      email: attrs.email,
      givenName: attrs.givenName,
      familyName: attrs.familyName,
      phoneNumber,
      role: attrs.role,
      organisationId,
    });
  } catch (err) {
    if (err instanceof ConflictError) {
      // Said on the field, for the form to show it where the address was typed.
      throw new AppError('CONFLICT', err.message, [
        { path: 'userAttributes.email', message: err.message },
      ]);
    }
    throw err;
  }
  try {
    await directory.addToGroup(created.userName, attrs.role);
  } catch (err) {
    await directory.deleteUser(created.userName);
    await record('failure', created.userName, 'the role group could not be set; user removed');
    throw err;
  }
  // Only now the invitation: the account it names is complete.
  await directory.resendInvitation(attrs.email);
  await record('success', created.userName);
  return { user: toApiUser(created) };
};
