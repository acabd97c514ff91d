import type * as Jose from 'jose';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { bearerTokenOf } from '@ccsc/contract/bearer-challenge';
import { API_SCOPE_VALUES } from '@ccsc/contract/scopes';

/**
 * The partner API's access tokens, checked by its functions themselves (issue 36). API Gateway's
 * Cognito authorizer could check them too, but its refusal is one gateway response for the whole
 * API, with static headers: it cannot say RFC 6750's `error="invalid_token"` to a refused token
 * and nothing to a call without one. So the partner methods have no authorizer, and every
 * partner call comes here first, in AWS as offline (where the mock server hands the request to the
 * same function): one behaviour, one set of messages.
 *
 * A token is admitted when it is a JWT signed RS256 by a key of the user pool's JWKS (fetched
 * once per container, again for a key it does not know, at most every 30 s), issued by the pool,
 * not expired, an access token (`token_use`), with a `client_id` and at least one of the API's
 * scopes — what the Cognito authorizer with `authorizationScopes` admitted. The route's own
 * scope, the token's issue time and the credential behind it are checked after it
 * (partner-client.ts). Access tokens have no audience (`client_id` names the client).
 */
export type AccessTokenCheck =
  /** The call carried no token (no Authorization header, or an empty one). */
  | { kind: 'none' }
  /** A token, refused: not a JWT, not signed by the pool, expired, not an access token of ours. */
  | { kind: 'refused' }
  /** A token whose start (`nbf`) lies ahead of the clock. */
  | { kind: 'not-yet' }
  | { kind: 'admitted'; claims: AccessTokenClaims };

/** The claims partner-client.ts reads, as the token carries them (times in seconds). */
export interface AccessTokenClaims {
  clientId: string;
  scopes: string[];
  issuedAt: number;
}

export interface AccessTokens {
  check(authorization: string | undefined, now: Date): Promise<AccessTokenCheck>;
}

export interface AccessTokenOptions {
  /** The pool's issuer, `https://cognito-idp.<region>.amazonaws.com/<userPoolId>` in AWS. */
  issuer: string;
  /** Where its keys are: `<issuer>/.well-known/jwks.json`. */
  jwksUrl: string;
  /** The keys, for tests; by default fetched from `jwksUrl`. */
  keys?: JWTVerifyGetKey;
}

/** The Authorization header of a request, whatever the case of its name. */
export const authorizationOf = (
  headers: Record<string, string | undefined> | null | undefined,
): string | undefined =>
  Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];

const ACCEPTED_SCOPES = new Set<string>(API_SCOPE_VALUES);

const admitted = (payload: JWTPayload): AccessTokenCheck => {
  const { token_use: use, client_id: clientId, scope, iat } = payload;
  if (use !== 'access' || typeof clientId !== 'string' || clientId === '') {
    return { kind: 'refused' };
  }
  if (typeof scope !== 'string' || typeof iat !== 'number') return { kind: 'refused' };
  const scopes = scope.split(/\s+/u).filter((s) => s !== '');
  if (!scopes.some((s) => ACCEPTED_SCOPES.has(s))) return { kind: 'refused' };
  return {
    kind: 'admitted',
    claims: { clientId, scopes, issuedAt: iat },
  };
};

/**
 * The checker of one pool's tokens. jose (a maintained, dependency-free JOSE library) verifies the
 * signature and the registered claims; it is loaded by the first call, so a function's start
 * loads none of it.
 */
export const createAccessTokens = (options: AccessTokenOptions): AccessTokens => {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  // Imported once: a dynamic import per call goes through the module loader (and offline
  // through tsx's resolve hook) every time.
  let library: Promise<typeof Jose> | undefined;
  const joseOnce = () => (library ??= import('jose'));
  const keysOf = async () => {
    if (options.keys !== undefined) return options.keys;
    const { createRemoteJWKSet } = await joseOnce();
    return createRemoteJWKSet(new URL(options.jwksUrl), {
      cacheMaxAge: 10 * 60 * 1000,
      cooldownDuration: 30_000,
    });
  };
  return {
    async check(authorization, now) {
      const token = bearerTokenOf(authorization);
      if (token === '') return { kind: 'none' };
      const jose = await joseOnce();
      try {
        keys ??= keysOf();
        const { payload } = await jose.jwtVerify(token, await keys, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat', 'token_use', 'client_id', 'scope'],
          currentDate: now,
        });
        return admitted(payload);
      } catch (error) {
        if (
          error instanceof jose.errors.JWTClaimValidationFailed &&
          error.claim === 'nbf' &&
          error.reason === 'check_failed'
        ) {
          return { kind: 'not-yet' };
        }
        // The pool's keys could not be read (unreachable, timed out, not a key set): a fault of
        // ours, answered 500 and logged, never a refusal that sends the caller for a new token.
        if (
          error instanceof jose.errors.JWKSTimeout ||
          error instanceof jose.errors.JWKSInvalid ||
          (error instanceof jose.errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') ||
          (error instanceof TypeError && error.message === 'fetch failed')
        ) {
          throw error;
        }
        return { kind: 'refused' };
      }
    },
  };
};
