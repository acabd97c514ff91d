import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { API_SCOPE_VALUES } from '@ccsc/contract';
import { bearerTokenOf, stringifyClaims } from './authorizer';

/**
 * Emulates the partner API's authorizer in AWS: a Cognito user-pool authorizer on methods with
 * `authorizationScopes`, which then takes ACCESS tokens. The token from the Authorization header
 * ("Bearer ..." or raw, as API Gateway accepts either) must be RS256-signed by the pool's key
 * (fetched from its JWKS, as AWS does), issued by the pool, unexpired, an access token, and carry
 * at least one of the scopes (every scope of the partner API: the route's own scope is checked by
 * its handler, which answers 403). Anything else is refused with 401 before a handler runs, an ID
 * token or a token without any of the scopes included, as API Gateway refuses them. Access tokens
 * have no audience (`client_id` names the client), so none is checked.
 *
 * The claims reach the handler stringified as API Gateway gives them (`scope` space-separated).
 * Whether the credential was revoked is not the authorizer's concern here nor in AWS: the
 * handlers check the credential's status.
 */
export interface AccessTokenAuthorizer {
  /** The token's claims, or null: answer 401. */
  authorize(authorizationHeader: string | undefined): Promise<Record<string, string> | null>;
}

export interface AccessTokenAuthorizerOptions {
  /** The pool's issuer, `<cognito endpoint>/<userPoolId>`. */
  issuer: string;
  jwksUrl: string;
  /** A token needs one of these; by default every scope the partner API declares. */
  scopes?: readonly string[];
  /** The keys, for tests; by default fetched from `jwksUrl` and cached as the ID authorizer's. */
  keys?: JWTVerifyGetKey;
}

export const createAccessTokenAuthorizer = (
  options: AccessTokenAuthorizerOptions,
): AccessTokenAuthorizer => {
  const keys =
    options.keys ?? createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60 * 1000 });
  const accepted = new Set<string>(options.scopes ?? API_SCOPE_VALUES);
  return {
    async authorize(header) {
      const token = bearerTokenOf(header);
      if (token === '') return null;
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat', 'token_use', 'client_id', 'scope'],
        });
        if (payload.token_use !== 'access') return null;
        const scope = payload.scope;
        if (typeof scope !== 'string') return null;
        if (!scope.split(/\s+/).some((s) => accepted.has(s))) return null;
        return stringifyClaims(payload);
      } catch {
        return null;
      }
    },
  };
};
