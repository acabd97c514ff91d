import { hasTotp, type UserDirectory } from '../core/ports/user-directory';
import type { Caller } from '../core/request';
import { AppError, UnauthorizedError } from '../core/errors';

/** What the gate reads of the directory: the caller's account, as Cognito has it now. */
export type AccountReader = Pick<UserDirectory, 'getUser'>;

export const MFA_ENROLMENT_REQUIRED_MESSAGE =
  'Set up your authenticator app (TOTP) before using the console: sign in again to enrol it.';
export const RIGHTS_CHANGED_MESSAGE =
  'Your role or organisation has changed since you signed in. Please sign in again.';
export const SESSION_ENDED_MESSAGE =
  'Your session has ended: your account is disabled, no longer exists or needs a new password. ' +
  'Please sign in again.';

/**
 * TOTP is mandatory for every administrator while the pool's MFA is OPTIONAL, so the server
 * checks it on every authenticated call (http/router.ts runs this before the input is even
 * read; only routes marked `allowedBeforeMfa` skip it). The ID token cannot say whether the
 * user has an authenticator, so Cognito is asked (AdminGetUser). The same answer also ends
 * sessions that Cognito has ended but API Gateway's authorizer cannot see until the ID token
 * expires: a disabled, deleted or reset-required account gets 401, and so does a caller whose
 * token names a role or organisation the account no longer has.
 */
export const requireEnrolledCaller = async (
  accounts: AccountReader,
  caller: Caller,
): Promise<void> => {
  const account = await accounts.getUser(caller.userName);
  if (account === null || !account.enabled || account.status === 'RESET_REQUIRED') {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  // API Gateway's authorizer cannot see that Cognito revoked the tokens of a user whose role or
  // organisation an administrator changed (update-user signs them out): the ID token keeps its
  // old claims until it expires. The account as it is now decides.
  if (account.role !== caller.role || account.organisationId !== caller.organisationId) {
    throw new UnauthorizedError(RIGHTS_CHANGED_MESSAGE);
  }
  if (!hasTotp(account)) {
    throw new AppError('MFA_ENROLMENT_REQUIRED', MFA_ENROLMENT_REQUIRED_MESSAGE);
  }
};
