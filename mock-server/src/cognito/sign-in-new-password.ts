import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { invalidParameter, MESSAGES, notAuthorized } from './errors';
import { enforcePasswordPolicy } from './password-policy';
import { afterPassword } from './sign-in-mfa';
import {
  type Answering,
  type ChallengeAnswer,
  challenge,
  type SignInContext,
} from './sign-in-session';
import { FidelityStore } from './state';

/**
 * NEW_PASSWORD_REQUIRED: a user signing in with a temporary password chooses a new one (checked
 * against the pool's policy) before MFA and tokens.
 */

/** The user's attributes as NEW_PASSWORD_REQUIRED lists them (without sub and the e-mail id). */
const challengeAttributes = (sc: SignInContext, user: User) => {
  const emailIsUsername = sc.pool.options.UsernameAttributes?.includes('email') ?? false;
  const shown: Record<string, string> = {};
  for (const { Name, Value } of user.Attributes) {
    if (Value === undefined || Name === 'sub') continue;
    if (emailIsUsername && Name === 'email') continue;
    shown[Name] = Value;
  }
  return JSON.stringify(shown);
};

/** The challenge, issued once the temporary password was accepted. */
export const newPasswordChallenge = (sc: SignInContext, user: User): ChallengeAnswer =>
  challenge(
    sc,
    user,
    'NEW_PASSWORD_REQUIRED',
    {
      USER_ID_FOR_SRP: user.Username,
      requiredAttributes: '[]',
      userAttributes: challengeAttributes(sc, user),
    },
    { challenges: [{ ChallengeName: 'Password', ChallengeResponse: 'Success' }] },
  );

/** The new password answered: the user is CONFIRMED with it, then MFA as for any sign-in. */
export const answerNewPassword = async ({
  sc,
  id,
  session,
  user,
  answers,
}: Answering): Promise<ChallengeAnswer> => {
  const { services, fidelity, ctx, pool } = sc;
  const newPassword = answers.NEW_PASSWORD;
  if (newPassword === undefined) {
    fidelity.sessions.putBack(id, session);
    throw invalidParameter('Missing required parameter NEW_PASSWORD');
  }
  // An administrator may have set a password meanwhile: the challenge is over then.
  if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized(MESSAGES.invalidSession);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  try {
    enforcePasswordPolicy(pool.options, newPassword);
  } catch (err) {
    fidelity.sessions.putBack(id, session); // Amplify lets the user try another password
    throw err;
  }
  // Attributes answered with the new password ("userAttributes.given_name"), as Cognito keeps.
  const given = Object.entries(answers)
    .filter(([key]) => key.startsWith('userAttributes.'))
    .map(([key, value]) => ({ Name: key.slice('userAttributes.'.length), Value: value }));
  const fresh = (await pool.getUserByUsername(ctx, user.Username)) ?? user;
  const updated: User = {
    ...fresh,
    Attributes: [
      ...fresh.Attributes.filter((a) => !given.some((g) => g.Name === a.Name)),
      ...given.filter((g) => g.Name !== 'sub'),
    ],
    Password: newPassword,
    UserStatus: 'CONFIRMED',
    UserLastModifiedDate: services.clock.get(),
  };
  await pool.saveUser(ctx, updated);
  await fidelity.store.update(pool.options.Id, (state) => {
    delete FidelityStore.userMeta(state, user.Username).temporaryPasswordAt;
  });
  return afterPassword(sc, updated);
};
