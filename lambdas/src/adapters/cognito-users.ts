import type {
  AdminGetUserCommandOutput,
  AttributeType,
  UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../core/errors';
import {
  type DirectoryUserDetail,
  type ListedUser,
  type PasswordResetRefusal,
  roleOfGroups,
} from '../core/ports/user-directory';

/** Cognito's answers as the user directory's types, and its errors as ours (cognito-user-directory.ts). */

const attributeIn = (attributes: AttributeType[] | undefined, name: string): string | null =>
  attributes?.find((a) => a.Name === name)?.Value ?? null;
const attribute = (user: UserType, name: string): string | null =>
  attributeIn(user.Attributes, name);

/** A user's fields as ListUsers (and, renamed, AdminGetUser) give them: everything but the role. */
export const toListedUser = (user: UserType): ListedUser => ({
  userName: user.Username ?? '',
  email: attribute(user, 'email') ?? '',
  emailVerified: attribute(user, 'email_verified') === 'true',
  givenName: attribute(user, 'given_name'),
  familyName: attribute(user, 'family_name'),
  phoneNumber: attribute(user, 'phone_number'),
  organisationId: attribute(user, 'custom:organisationId'),
  enabled: user.Enabled ?? false,
  status: user.UserStatus ?? 'UNKNOWN',
  createdAt: user.UserCreateDate ?? new Date(0),
  updatedAt: user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0),
});

/** AdminGetUser answers attributes under another name and adds the MFA enrolment. */
export const toDirectoryUserDetail = (
  out: AdminGetUserCommandOutput,
  groups: readonly string[],
): DirectoryUserDetail => ({
  ...toListedUser({
    Username: out.Username,
    Attributes: out.UserAttributes,
    Enabled: out.Enabled,
    UserStatus: out.UserStatus,
    UserCreateDate: out.UserCreateDate,
    UserLastModifiedDate: out.UserLastModifiedDate,
  }),
  role: roleOfGroups(groups),
  mfaMethods: out.UserMFASettingList ?? [],
  preferredMfa: out.PreferredMfaSetting ?? null,
});

export const errorName = (err: unknown) => (err instanceof Error ? err.name : '');

/** Cognito errors a caller can act on become typed errors; the rest stay 5xx. */
export const translate = (err: unknown): never => {
  const name = errorName(err);
  const message = err instanceof Error ? err.message : '';
  if (name === 'UserNotFoundException') throw new NotFoundError('User does not exist.');
  if (name === 'TooManyRequestsException' || name === 'ThrottlingException') {
    throw new TooManyRequestsError();
  }
  if (name === 'InvalidParameterException' && /^Paging marker .* is invalid/.test(message)) {
    throw new ValidationError('The cursor is not valid.', [
      { path: 'cursor', message: 'Not a valid cursor' },
    ]);
  }
  throw err;
};

/**
 * ConfirmForgotPassword's refusals. With the web client's PreventUserExistenceErrors ENABLED an
 * unknown or disabled account already answers CodeMismatchException; the two LEGACY answers are
 * mapped to the same refusal so nothing here could tell accounts apart either.
 */
export const PASSWORD_RESET_REFUSALS: Partial<Record<string, PasswordResetRefusal>> = {
  CodeMismatchException: 'code-mismatch',
  UserNotFoundException: 'code-mismatch',
  NotAuthorizedException: 'code-mismatch',
  ExpiredCodeException: 'code-expired',
  InvalidPasswordException: 'invalid-password',
  PasswordHistoryPolicyViolationException: 'invalid-password',
  LimitExceededException: 'limit-exceeded',
  TooManyFailedAttemptsException: 'limit-exceeded',
};
