import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { bearerTokenOf } from '@ccsc/contract/bearer-challenge';

/**
 * Emulates API Gateway's Cognito user-pool authorizer: the ID token from the Authorization header
 * (raw or "Bearer ...") must be RS256-signed by the pool's key (fetched from its JWKS, as AWS
 * does), issued by the pool, for the web client, an ID token, and unexpired. Anything else is
 * refused before a Lambda handler runs. Claims reach the handler stringified, as API Gateway
 * gives them.
 */
export interface IdTokenAuthorizer {
  authorize(authorizationHeader: string | undefined): Promise<Record<string, string> | null>;
}

export interface AuthorizerOptions {
  issuer: string;
  jwksUrl: string;
  clientId: string;
}

/** API Gateway's date form for exp/iat/auth_time, e.g. "Fri Jul 29 18:52:53 UTC 2016". */
const gatewayDate = (epochSeconds: number): string => {
  const d = new Date(epochSeconds * 1000);
  const [weekday, month, day, year] = d.toUTCString().replace(',', '').split(' ');
  const time = d.toISOString().slice(11, 19);
  return `${weekday ?? ''} ${month ?? ''} ${day ?? ''} ${time} UTC ${year ?? ''}`;
};

const DATE_CLAIMS = new Set(['exp', 'iat']);

export const stringifyClaims = (payload: JWTPayload): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (DATE_CLAIMS.has(key) && typeof value === 'number') out[key] = gatewayDate(value);
    else if (Array.isArray(value)) out[key] = value.map(String).join(',');
    else if (typeof value === 'object') out[key] = JSON.stringify(value);
    else if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
};

export const createIdTokenAuthorizer = (options: AuthorizerOptions): IdTokenAuthorizer => {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60 * 1000 });
  return {
    async authorize(header) {
      const token = bearerTokenOf(header);
      if (token === '') return null;
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: options.issuer,
          audience: options.clientId,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat', 'token_use'],
        });
        if (payload.token_use !== 'id') return null;
        return stringifyClaims(payload);
      } catch {
        return null;
      }
    },
  };
};
