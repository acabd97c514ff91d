import type { JWK } from 'jose';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The pool's OpenID discovery document with the issuer the tokens really carry. cognito-local
 * serves one too, but hard-codes http://localhost:9229 whatever port or host it runs on.
 * `scopes_supported` and `token_endpoint_auth_methods_supported` are what real pools with a
 * domain publish (the standard scopes only; custom scopes are not listed), so that an OAuth
 * client library reading this document authenticates at the token endpoint as Cognito expects.
 */
export const openIdConfiguration = (baseUrl: string, userPoolId: string) => {
  const issuer = `${baseUrl}/${userPoolId}`;
  return {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    authorization_endpoint: `${baseUrl}/oauth2/authorize`,
    token_endpoint: `${baseUrl}/oauth2/token`,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    scopes_supported: ['openid', 'email', 'phone', 'profile'],
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  };
};

const WELL_KNOWN = /^\/([\w-]+_[0-9a-zA-Z]+)\/\.well-known\/(openid-configuration|jwks\.json)$/;

/**
 * Answers GET/HEAD /<poolId>/.well-known/openid-configuration and jwks.json (our signing key,
 * not cognito-local's) before cognito-local sees them. Returns false for every other request,
 * which then goes to cognito-local.
 */
export const serveDiscovery =
  (baseUrl: () => string, jwk: JWK) =>
  (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const match = WELL_KNOWN.exec(path);
    const poolId = match?.[1];
    if (poolId === undefined) return false;
    const body = JSON.stringify(
      match?.[2] === 'jwks.json' ? { keys: [jwk] } : openIdConfiguration(baseUrl(), poolId),
    );
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'access-control-allow-origin': '*',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
