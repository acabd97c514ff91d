import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { LogService } from 'cognito-local/lib/services/LogService.js';
import type { Fidelity } from './fidelity-target';
import { matchesAnySecret, secretValuesOf } from './client-secrets';
import { customScopeExists } from './m2m';

/**
 * The user pool domain's token endpoint, POST /oauth2/token (Cognito developer guide, "The token
 * issuer endpoint"): the client_credentials grant, and refresh_token through the same token
 * records as the API's refresh. cognito-local's hosted sign-in (/oauth2/authorize) is not served:
 * it checks only the password (no disabled user, lockout, MFA or new-password challenge) and
 * keeps refresh tokens our revocations cannot reach. Without it no authorization code can exist,
 * so the authorization_code grant answers invalid_grant.
 */

export const TOKEN_PATH = '/oauth2/token';
/** Token requests are a few hundred bytes; anything past this is refused unread. */
export const TOKEN_BODY_LIMIT = 16 * 1024;
/**
 * invalid_client's status. The guide's one error sample is a 400 listing every error code;
 * RFC 6749 §5.2 allows 401 and requires it (with WWW-Authenticate) when the client used the
 * Authorization header, and Cognito's own revocation endpoint documents 401 for invalid_client.
 */
export const INVALID_CLIENT_STATUS = 401;

export const AUTHORIZE_PATH = '/oauth2/authorize';

/** Headers Cognito's token endpoint sends with every answer (a Spring application). */
const NO_STORE = {
  'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
  pragma: 'no-cache',
  expires: '0',
  'access-control-allow-origin': '*',
} as const;

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(error);
  }
}

const invalidRequest = () => new OAuthError(400, 'invalid_request');
const invalidClient = (basic: boolean) =>
  new OAuthError(
    INVALID_CLIENT_STATUS,
    'invalid_client',
    basic ? { 'www-authenticate': 'Basic realm="oauth2"' } : {},
  );

const sendJson = (
  res: ServerResponse,
  status: number,
  body: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string>> = {},
) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...NO_STORE,
    ...headers,
    'content-type': 'application/json;charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

/**
 * Cognito answers a token request it cannot route (another method, a body that is not a form)
 * with an empty 405, as real answers quoted in amazon-cognito-auth-js#52 and RestSharp#1707 show.
 */
const sendMethodNotAllowed = (req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  res.writeHead(405, { ...NO_STORE, allow: 'POST', 'content-length': 0 });
  res.end();
};

const isForm = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** The body, or undefined when it is larger than `limit`. */
const readBody = (req: IncomingMessage, limit: number) =>
  new Promise<Buffer | undefined>((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settled = true;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (settled) return;
      settled = true;
      reject(err);
    });
  });

/** One form parameter; a repeated one is invalid_request (RFC 6749 §3.2), empty means absent. */
const param = (form: URLSearchParams, name: string): string | undefined => {
  const values = form.getAll(name);
  if (values.length > 1) throw invalidRequest();
  const value = values[0];
  return value === undefined || value === '' ? undefined : value;
};

/** application/x-www-form-urlencoded decoding (RFC 6749 §2.3.1 encodes both parts before Basic). */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

/**
 * `Authorization: Basic base64(client_id:client_secret)`: the credentials, `null` for a Basic
 * header that cannot be read, undefined when there is no Basic header.
 */
const basicCredentials = (
  header: string | undefined,
): { id: string; secret: string } | null | undefined => {
  const match = header === undefined ? null : /^Basic\s+(\S*)\s*$/i.exec(header);
  if (!match) return undefined;
  const encoded = match[1] ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return {
      id: formDecode(decoded.slice(0, colon)),
      secret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
};

/** cognito-local's services want a logger; these calls have nothing worth logging. */
const noop = () => undefined;
const quietLogger: LogService = {
  child: () => quietLogger,
  debug: noop,
  error: noop,
  info: noop,
  warn: noop,
};
const quietContext: Context = { logger: quietLogger };

/**
 * The client_credentials grant: client authentication (Basic or client_secret_post), the grant
 * allowed on the client, then the scopes, as the guide describes them: requested scopes the client
 * is not allowed are ignored, no scope parameter means every custom scope the client is allowed,
 * and nothing left is invalid_scope. Only scopes still defined on a resource server count.
 */
const clientCredentialsGrant = async (
  services: Services,
  fidelity: Fidelity,
  req: IncomingMessage,
  form: URLSearchParams,
) => {
  const basic = basicCredentials(req.headers.authorization);
  const formId = param(form, 'client_id');
  const formSecret = param(form, 'client_secret');
  if (basic === null) throw invalidClient(true);
  let clientId = formId;
  let secret = formSecret;
  if (basic !== undefined) {
    // One authentication method per request (RFC 6749 §2.3); a client_id beside it must agree.
    if (formSecret !== undefined) throw invalidRequest();
    if (formId !== undefined && formId !== basic.id) throw invalidClient(true);
    clientId = basic.id;
    secret = basic.secret;
  }
  const usedBasic = basic !== undefined;
  if (clientId === undefined) throw invalidClient(usedBasic);
  const client = await services.cognito.getAppClient(quietContext, clientId);
  if (!client || secret === undefined) throw invalidClient(usedBasic);
  // The grant is for confidential clients only: a client without a secret cannot authenticate.
  // Any of its current secrets will do (two during a rotation); a deleted one no longer does.
  const secrets = await secretValuesOf(fidelity.store, client);
  if (!matchesAnySecret(secrets, secret)) throw invalidClient(usedBasic);
  if (
    client.AllowedOAuthFlowsUserPoolClient !== true ||
    !(client.AllowedOAuthFlows ?? []).includes('client_credentials')
  ) {
    throw new OAuthError(400, 'unauthorized_client');
  }
  const state = await fidelity.store.read(client.UserPoolId);
  const allowed = (client.AllowedOAuthScopes ?? []).filter((s) => customScopeExists(state, s));
  const requested = param(form, 'scope');
  const scopes =
    requested === undefined || requested.trim() === ''
      ? allowed
      : [...new Set(requested.split(' ').filter((s) => s !== ''))].filter((s) =>
          allowed.includes(s),
        );
  if (scopes.length === 0) throw new OAuthError(400, 'invalid_scope');
  const { token, lifetime } = await fidelity.tokens.issueClientToken(client, scopes);
  return { access_token: token, expires_in: lifetime, token_type: 'Bearer' };
};

/**
 * The refresh_token grant: the client authenticates as for client_credentials when it has a
 * secret, or names itself (client_id) when it has none; the refresh token must be one of its
 * own, unrevoked and unexpired, and its user still enabled.
 */
const refreshTokenGrant = async (
  services: Services,
  fidelity: Fidelity,
  req: IncomingMessage,
  form: URLSearchParams,
) => {
  const basic = basicCredentials(req.headers.authorization);
  if (basic === null) throw invalidClient(true);
  const clientId = basic?.id ?? param(form, 'client_id');
  const secret = basic?.secret ?? param(form, 'client_secret');
  const usedBasic = basic !== undefined;
  if (clientId === undefined) throw invalidClient(usedBasic);
  const client = await services.cognito.getAppClient(quietContext, clientId);
  if (!client) throw invalidClient(usedBasic);
  const secrets = await secretValuesOf(fidelity.store, client);
  if (secrets.length > 0 && (secret === undefined || !matchesAnySecret(secrets, secret))) {
    throw invalidClient(usedBasic);
  }
  const token = param(form, 'refresh_token');
  if (token === undefined) throw invalidRequest();
  const pool = await services.cognito.getUserPool(quietContext, client.UserPoolId);
  try {
    const origin = await fidelity.tokens.originOfRefreshToken(pool.options.Id, clientId, token);
    const user = await pool.getUserByUsername(quietContext, origin.username);
    if (!user?.Enabled) throw new OAuthError(400, 'invalid_grant');
    const tokens = await fidelity.tokens.issueUserTokens(quietContext, pool, client, user, origin);
    return {
      id_token: tokens.IdToken,
      access_token: tokens.AccessToken,
      expires_in: tokens.ExpiresIn,
      token_type: 'Bearer',
    };
  } catch (err) {
    if (err instanceof OAuthError) throw err;
    throw new OAuthError(400, 'invalid_grant');
  }
};

const handleTokenRequest = async (
  services: Services,
  fidelity: Fidelity,
  req: IncomingMessage,
  res: ServerResponse,
) => {
  const body = await readBody(req, TOKEN_BODY_LIMIT);
  if (body === undefined) {
    sendJson(res, 413, { error: 'invalid_request' }, { connection: 'close' });
    return;
  }
  try {
    const form = new URLSearchParams(body.toString('utf8'));
    const grantType = param(form, 'grant_type');
    if (grantType === undefined) throw invalidRequest();
    if (grantType === 'client_credentials') {
      sendJson(res, 200, await clientCredentialsGrant(services, fidelity, req, form));
    } else if (grantType === 'refresh_token') {
      sendJson(res, 200, await refreshTokenGrant(services, fidelity, req, form));
    } else if (grantType === 'authorization_code') {
      throw new OAuthError(400, 'invalid_grant');
    } else {
      throw new OAuthError(400, 'unsupported_grant_type');
    }
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    sendJson(res, err.status, { error: err.error }, err.headers);
  }
};

/**
 * The Cognito domain's OAuth endpoints as the offline stack offers them (above). Returns false
 * for every request it does not answer, which then goes to cognito-local.
 */
export const serveTokenEndpoint =
  (services: Services, fidelity: Fidelity) =>
  (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path === AUTHORIZE_PATH && req.method !== 'OPTIONS') {
      sendJson(res, 404, {
        error: 'not_found',
        error_description:
          'The offline stack serves no hosted UI; sign in through the Cognito API (Amplify).',
      });
      return true;
    }
    if (path !== TOKEN_PATH) return false;
    // CORS preflight: cognito-local's cors middleware answers it.
    if (req.method === 'OPTIONS') return false;
    if (req.method !== 'POST' || !isForm(req.headers['content-type'])) {
      sendMethodNotAllowed(req, res);
      return true;
    }
    handleTokenRequest(services, fidelity, req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'server_error' });
    });
    return true;
  };
