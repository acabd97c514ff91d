import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { standInFor } from './auth-events';
import { hidesUserExistence, unknownUserError } from './auth-client';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized, userNotFound } from './errors';
import { passwordPolicy } from './password-policy';
import { afterPassword } from './sign-in-mfa';
import { newPasswordChallenge } from './sign-in-new-password';
import type { ChallengeAnswer, SignInContext } from './sign-in-session';

/**
 * The password step of every password flow (USER_PASSWORD_AUTH, ADMIN_USER_PASSWORD_AUTH, and
 * SRP's PASSWORD_VERIFIER): the verdict counted toward the lockout, then the account's state.
 */

/**
 * The password was right: the checks Cognito makes next (disabled, reset required, unconfirmed,
 * temporary password expired), then the new-password challenge or MFA.
 */
const passwordAccepted = async (sc: SignInContext, user: User): Promise<ChallengeAnswer> => {
  const poolId = sc.pool.options.Id;
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.UserStatus === 'RESET_REQUIRED') {
    throw cognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }
  if (user.UserStatus === 'UNCONFIRMED') {
    throw cognitoError('UserNotConfirmedException', MESSAGES.userNotConfirmed);
  }
  if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') {
    const meta = (await sc.fidelity.store.read(poolId)).users[user.Username];
    const validDays = passwordPolicy(sc.pool.options).TemporaryPasswordValidityDays;
    const setAt = meta?.temporaryPasswordAt ?? user.UserLastModifiedDate.getTime();
    if (setAt + validDays * 86_400_000 < sc.services.clock.get().getTime()) {
      throw notAuthorized(MESSAGES.tempPasswordExpired);
    }
    return newPasswordChallenge(sc, user);
  }
  return afterPassword(sc, user);
};

/**
 * The password check's verdict, counted at once (see AuthEvents.attempt). A name that is no
 * account is counted under its stand-in, so with existence errors prevented it is answered,
 * locked and timed like a wrong password.
 */
export const judgePassword = async (
  sc: SignInContext,
  user: User | null,
  username: string,
  correct: boolean,
) => {
  const poolId = sc.pool.options.Id;
  const key = user?.Username ?? standInFor(poolId, username);
  const outcome = await sc.fidelity.authEvents.attempt(poolId, key, user !== null && correct);
  if (outcome === 'locked') throw notAuthorized(MESSAGES.attemptsExceeded);
  if (!user) throw unknownUserError(sc.client);
  if (outcome === 'failed') throw notAuthorized(MESSAGES.incorrectCredentials);
  return passwordAccepted(sc, user);
};

const samePassword = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/** Checks a plain password (USER_PASSWORD_AUTH, ADMIN_USER_PASSWORD_AUTH). */
export const passwordSignIn = async (
  sc: SignInContext,
  username: string,
  password: string | undefined,
) => {
  if (password === undefined) throw invalidParameter('Missing required parameter PASSWORD');
  const user = await sc.pool.getUserByUsername(sc.ctx, username);
  if (!user && !hidesUserExistence(sc.client)) throw userNotFound();
  const correct = samePassword(user?.Password ?? randomBytes(16).toString('hex'), password);
  return judgePassword(sc, user, username, correct);
};
