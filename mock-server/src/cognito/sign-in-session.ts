import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import type { ChallengeResult } from './auth-events';
import { cognitoError, MESSAGES, notAuthorized } from './errors';
import type { Fidelity } from './fidelity-target';
import type { ChallengeName, ChallengeSession } from './sessions';
import type { SrpState } from './srp';
import type { AuthenticationResult } from './tokens';

/**
 * What every sign-in step shares: the request's context, the challenge session's data, issuing
 * a challenge, and signing in at the end.
 */

/** What a challenge session carries beyond its user. */
export interface SessionData {
  /** PASSWORD_VERIFIER: the SRP exchange; undefined user for an unknown username. */
  srp?: SrpState;
  /** PASSWORD_VERIFIER: the name InitiateAuth was given (counted as a stand-in if unknown). */
  requestedName?: string;
  /** Events of the attempt so far, recorded with its outcome. */
  challenges?: ChallengeResult[];
  /** MFA_SETUP: the software token was verified with this session. */
  tokenVerified?: boolean;
  /** The user's creation time: a session never passes to an account re-created under the name. */
  createdAt?: number;
}

export interface SignInContext {
  services: Services;
  fidelity: Fidelity;
  ctx: Context;
  pool: UserPoolService;
  client: AppClient;
}

export interface ChallengeAnswer {
  ChallengeName?: ChallengeName;
  ChallengeParameters: Record<string, string>;
  Session?: string;
  AuthenticationResult?: AuthenticationResult;
}

/** A challenge being answered: its session (already taken), the user, and the answers. */
export interface Answering {
  sc: SignInContext;
  /** The session's id, to give the session back when the user may try again. */
  id: string;
  session: ChallengeSession<SessionData>;
  user: User;
  answers: Readonly<Record<string, string>>;
  /** Events of the attempt so far. */
  challenges: ChallengeResult[];
}

export const challenge = (
  sc: SignInContext,
  user: User,
  name: ChallengeName,
  parameters: Record<string, string>,
  data: SessionData,
): ChallengeAnswer => ({
  ChallengeName: name,
  ChallengeParameters: parameters,
  Session: sc.fidelity.sessions.issue<SessionData>({
    poolId: sc.pool.options.Id,
    clientId: sc.client.ClientId,
    username: user.Username,
    challenge: name,
    data: { ...data, createdAt: user.UserCreateDate.getTime() },
  }),
});

/**
 * Signed in: auth event, failure streak ended, tokens with a new refresh token. The user is read
 * again first: one disabled or reset while a challenge was pending gets no tokens.
 */
export const succeed = async (
  sc: SignInContext,
  signingIn: User,
  challenges: ChallengeResult[],
): Promise<ChallengeAnswer> => {
  const poolId = sc.pool.options.Id;
  const user = await sc.pool.getUserByUsername(sc.ctx, signingIn.Username);
  if (!user?.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.UserStatus === 'RESET_REQUIRED') {
    throw cognitoError('PasswordResetRequiredException', MESSAGES.passwordResetRequired);
  }
  await sc.fidelity.authEvents.clearFailures(poolId, user.Username);
  await sc.fidelity.authEvents.record(poolId, user.Username, 'SignIn', 'Pass', challenges);
  return {
    ChallengeParameters: {},
    AuthenticationResult: await sc.fidelity.tokens.issueUserTokens(
      sc.ctx,
      sc.pool,
      sc.client,
      user,
    ),
  };
};
