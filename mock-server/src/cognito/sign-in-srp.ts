import { createHmac, randomBytes } from 'node:crypto';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { hidesUserExistence } from './auth-client';
import { invalidParameter, userNotFound } from './errors';
import type { ChallengeSession } from './sessions';
import type { SessionData, SignInContext } from './sign-in-session';
import { judgePassword } from './sign-in-password';
import { SrpError, startSrp, verifyPasswordClaim } from './srp';

/**
 * USER_SRP_AUTH, the server's side (Amplify's default flow): InitiateAuth answers the SRP
 * exchange's first half as PASSWORD_VERIFIER; the client's password claim answers it. The
 * client's side, for tests, is srp-sign-in.ts.
 */

/** Per-process key for the stable fake USER_ID_FOR_SRP of names that are no account. */
const fakeIdKey = randomBytes(32);

/** A UUID-shaped id, stable for the pool and name, for a name that is no account. */
const fakeUserId = (poolId: string, username: string) => {
  const hex = createHmac('sha256', fakeIdKey)
    .update(`${poolId}|${username.toLowerCase()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** USER_SRP_AUTH, step one: the server's half of the exchange, as PASSWORD_VERIFIER. */
export const srpSignIn = async (sc: SignInContext, username: string, srpA: string | undefined) => {
  if (srpA === undefined) throw invalidParameter('Missing required parameter SRP_A');
  const user = await sc.pool.getUserByUsername(sc.ctx, username);
  if (!user && !hidesUserExistence(sc.client)) throw userNotFound();
  // An unknown name gets a challenge like anyone's, which no password can answer: a UUID for
  // USER_ID_FOR_SRP as a real account in this pool has (stable for the name), never the name.
  const userIdForSrp = user?.Username ?? fakeUserId(sc.pool.options.Id, username);
  const password = user?.Password ?? randomBytes(32).toString('base64');
  let started;
  try {
    started = startSrp({ userPoolId: sc.pool.options.Id, userIdForSrp, password, srpA });
  } catch (err) {
    if (err instanceof SrpError) throw invalidParameter('SRP_A cannot be 0 mod N');
    throw err;
  }
  const secretBlock = sc.fidelity.sessions.issue<SessionData>({
    poolId: sc.pool.options.Id,
    clientId: sc.client.ClientId,
    username: user?.Username ?? '',
    challenge: 'PASSWORD_VERIFIER',
    data: { srp: started.state, requestedName: username },
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: started.salt,
      SRP_B: started.srpB,
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: userIdForSrp,
      USERNAME: userIdForSrp,
    },
  };
};

/** PASSWORD_VERIFIER answered: the password claim, judged like a plain password. */
export const answerPasswordVerifier = (
  sc: SignInContext,
  session: ChallengeSession<SessionData>,
  user: User | null,
  named: User | null,
  answers: Readonly<Record<string, string>>,
  usernameAnswer: string,
) => {
  const known = user !== null && named?.Username === user.Username;
  const srp = session.data.srp;
  const claim = {
    userPoolId: sc.pool.options.Id,
    userIdForSrp: user?.Username ?? usernameAnswer,
    secretBlock: answers.PASSWORD_CLAIM_SECRET_BLOCK ?? '',
    timestamp: answers.TIMESTAMP ?? '',
    signature: answers.PASSWORD_CLAIM_SIGNATURE ?? '',
  };
  const correct = srp !== undefined && verifyPasswordClaim(srp, claim);
  return judgePassword(
    sc,
    known ? user : null,
    session.data.requestedName ?? usernameAnswer,
    known && correct,
  );
};
