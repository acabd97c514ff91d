import { secretValuesOf } from './client-secrets';
import { invalidParameter, MESSAGES, notAuthorized } from './errors';
import { checkSecretHash } from './secret-hash';
import type { SignInContext } from './sign-in-session';

/** REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken: new access and ID tokens. */
export const refreshSignIn = async (
  sc: SignInContext,
  refreshToken: string | undefined,
  secretHash?: { received: string | undefined },
) => {
  if (refreshToken === undefined)
    throw invalidParameter('Missing required parameter REFRESH_TOKEN');
  const origin = await sc.fidelity.tokens.originOfRefreshToken(
    sc.pool.options.Id,
    sc.client.ClientId,
    refreshToken,
  );
  // SECRET_HASH for a refresh is computed with the user's internal username (the sub).
  if (secretHash) {
    const secrets = await secretValuesOf(sc.fidelity.store, sc.client);
    checkSecretHash(sc.client, secrets, origin.username, secretHash.received, 'SECRET_HASH');
  }
  const user = await sc.pool.getUserByUsername(sc.ctx, origin.username);
  if (!user) throw notAuthorized(MESSAGES.refreshTokenRevoked);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  return {
    ChallengeParameters: {},
    AuthenticationResult: await sc.fidelity.tokens.issueUserTokens(
      sc.ctx,
      sc.pool,
      sc.client,
      user,
      origin,
    ),
  };
};
