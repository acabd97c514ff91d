import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { type AccessTokens, createAccessTokens } from './access-tokens';

/** The pool of the partner tests: its issuer, and the client its tokens name by default. */
export const TEST_ISSUER = 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Test1';

const pair = (async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  return { privateKey, keys: createLocalJWKSet({ keys: [jwk] }) };
})();

/** The partner functions' token check (access-tokens.ts) over the test pool's key. */
export const testTokens = (): AccessTokens => {
  let inner: AccessTokens | undefined;
  return {
    check: async (authorization, now) =>
      (inner ??= createAccessTokens({
        issuer: TEST_ISSUER,
        jwksUrl: `${TEST_ISSUER}/.well-known/jwks.json`,
        keys: (await pair).keys,
      })).check(authorization, now),
  };
};

/**
 * An access token of the test pool as the client_credentials grant issues it, signed by its key:
 * `claims` over the defaults (a claim given as undefined is left out). `iat` and `exp` in seconds.
 */
export const signAccessToken = async (claims: Record<string, unknown>): Promise<string> => {
  const iat = typeof claims.iat === 'number' ? claims.iat : Math.floor(Date.now() / 1000);
  const payload = Object.fromEntries(
    Object.entries<unknown>({
      sub: 'client-1',
      client_id: 'client-1',
      token_use: 'access',
      scope: 'ccsc-api/system.read',
      version: 2,
      iss: TEST_ISSUER,
      iat,
      exp: iat + 3600,
      ...claims,
    }).filter(([, value]) => value !== undefined),
  );
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign((await pair).privateKey);
};
