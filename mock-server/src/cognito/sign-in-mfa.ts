import type { User } from 'cognito-local/lib/services/userPoolService.js';
import type { ChallengeResult } from './auth-events';
import { cognitoError, invalidParameter, MESSAGES, notAuthorized } from './errors';
import {
  type Answering,
  type ChallengeAnswer,
  challenge,
  type SignInContext,
  succeed,
} from './sign-in-session';
import { FidelityStore } from './state';
import { matchTotp } from './totp';

/**
 * MFA during sign-in: after the password, the SOFTWARE_TOKEN_MFA challenge for a user with a
 * verified authenticator, or MFA_SETUP in a pool with MFA ON; and the answers to both. The
 * authenticator itself is associated and verified in mfa.ts.
 */

const hasVerifiedTotp = (user: User) =>
  user.SoftwareTokenMfaConfiguration?.Verified === true &&
  (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');

/**
 * After the password (and a new password, if one was required): MFA as the pool and the user
 * have it. A user with a verified authenticator is asked for a code; in a pool with MFA ON a
 * user without one must set one up first.
 */
export const afterPassword = async (sc: SignInContext, user: User): Promise<ChallengeAnswer> => {
  const mfa = sc.pool.options.MfaConfiguration ?? 'OFF';
  const challenges: ChallengeResult[] = [
    { ChallengeName: 'Password', ChallengeResponse: 'Success' },
  ];
  if (mfa !== 'OFF' && hasVerifiedTotp(user)) {
    const device = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
    return challenge(
      sc,
      user,
      'SOFTWARE_TOKEN_MFA',
      { USER_ID_FOR_SRP: user.Username, ...(device ? { FRIENDLY_DEVICE_NAME: device } : {}) },
      { challenges },
    );
  }
  if (mfa === 'ON') {
    return challenge(
      sc,
      user,
      'MFA_SETUP',
      { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]', USER_ID_FOR_SRP: user.Username },
      { challenges },
    );
  }
  return succeed(sc, user, challenges);
};

/** MFA_SETUP answered: the session must have verified a software token (VerifySoftwareToken). */
export const answerMfaSetup = ({ sc, id, session, user, challenges }: Answering) => {
  if (session.data.tokenVerified !== true) {
    sc.fidelity.sessions.putBack(id, session);
    throw invalidParameter('Software token has not been verified with this session');
  }
  return succeed(sc, user, [...challenges, { ChallengeName: 'Mfa', ChallengeResponse: 'Success' }]);
};

/**
 * SOFTWARE_TOKEN_MFA answered: the authenticator's code, counted toward the lockout, and
 * accepted once only (a code of a step already used is ExpiredCodeException).
 */
export const answerSoftwareTokenMfa = async ({
  sc,
  id,
  session,
  user,
  answers,
  challenges,
}: Answering): Promise<ChallengeAnswer> => {
  const { services, fidelity } = sc;
  const poolId = sc.pool.options.Id;
  const code = answers.SOFTWARE_TOKEN_MFA_CODE;
  if (code === undefined) {
    fidelity.sessions.putBack(id, session);
    throw invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
  }
  const secret = user.SoftwareTokenMfaConfiguration?.Secret;
  const step =
    secret === undefined ? undefined : matchTotp(secret, code, services.clock.get().getTime());
  const mfaFailure: ChallengeResult[] = [
    ...challenges,
    { ChallengeName: 'Mfa', ChallengeResponse: 'Failure' },
  ];
  const outcome = await fidelity.authEvents.attempt(
    poolId,
    user.Username,
    step !== undefined,
    mfaFailure,
  );
  if (outcome === 'locked') throw notAuthorized(MESSAGES.attemptsExceeded);
  if (outcome === 'failed') {
    // A wrong code keeps the session (the user may try again) and counts toward the lockout.
    fidelity.sessions.putBack(id, session);
    throw cognitoError('CodeMismatchException', MESSAGES.codeMismatch);
  }
  // Accepted once: the check and the record of the step are one store update.
  const fresh = await fidelity.store.update(poolId, (state) => {
    const meta = FidelityStore.userMeta(state, user.Username);
    if (step === undefined || (meta.lastTotpStep !== undefined && step <= meta.lastTotpStep)) {
      return false;
    }
    meta.lastTotpStep = step;
    return true;
  });
  if (!fresh) {
    fidelity.sessions.putBack(id, session);
    throw cognitoError('ExpiredCodeException', MESSAGES.totpReused);
  }
  return succeed(sc, user, [...challenges, { ChallengeName: 'Mfa', ChallengeResponse: 'Success' }]);
};
