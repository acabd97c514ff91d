import createClient, { type Middleware } from 'openapi-fetch';
import * as oauth from 'openid-client';
import type { paths } from './partner-api';

/**
 * How a vendor's system talks to the partner API: a client generated from the OpenAPI document
 * (partner-api.d.ts, openapi-typescript, unedited) driven by openapi-fetch, and access tokens from
 * a standard OAuth 2.0 client (openid-client: the token endpoint found through the user pool's
 * discovery document, then the client_credentials grant). Nothing here is hand-typed or internal.
 */

/** Where a system calls and how it gets its token. */
export interface PartnerSystem {
  /** The API base URL, as the credential's reveal page shows it (…/ccsc/api/v1). */
  baseUrl: string;
  /** An access token with the scopes the calls need (client_credentials). */
  token: () => Promise<string>;
}

export type PartnerClient = ReturnType<typeof partnerClient>;

/** The generated client, each call with the system's bearer token. */
export const partnerClient = (system: PartnerSystem) => {
  const client = createClient<paths>({ baseUrl: system.baseUrl });
  const auth: Middleware = {
    async onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${await system.token()}`);
      return request;
    },
  };
  client.use(auth);
  return client;
};

/** A partner call that did not answer 2xx: its status and the envelope's error code. */
export class PartnerCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${String(status)} ${code}: ${message}`);
    this.name = 'PartnerCallError';
  }
}

/** A call's data, or its error envelope's code and message thrown as a PartnerCallError. */
export const dataOf = <T>(result: {
  data?: { data: T };
  error?: { error: { code: string; message: string } };
  response: Response;
}): T => {
  if (result.data !== undefined) return result.data.data;
  const error = result.error?.error;
  throw new PartnerCallError(result.response.status, error?.code ?? '', error?.message ?? '');
};

/**
 * Whether a failure says the system's credential no longer works: the token endpoint refuses the
 * client (revoked: its app client deleted; `invalid_client`, with or without a 401 challenge), or
 * the API refuses its token (401: revoked, expired, or older than a rotation).
 */
export const credentialRefused = (err: unknown): boolean =>
  (err instanceof PartnerCallError && err.status === 401) ||
  (err instanceof oauth.WWWAuthenticateChallengeError && err.status === 401) ||
  (err instanceof oauth.ResponseBodyError && err.error === 'invalid_client');

export interface OAuthClientOptions {
  /** The issuer: the user pool's URL (`<cognito>/<userPoolId>`), whose discovery names the token endpoint. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for. */
  scope: string;
  /** Plain http is refused unless allowed: offline only (the stand-in speaks http on localhost). */
  allowHttp?: boolean;
}

/** Renewed this long before it expires, so no call goes out with a token about to lapse. */
const RENEW_BEFORE_MS = 60_000;

/**
 * A token source for one credential: discovery once, then a client_credentials token kept until a
 * minute before it expires. A failure is not cached: the next call tries again.
 */
export const clientCredentialsTokens = (options: OAuthClientOptions): (() => Promise<string>) => {
  let config: Promise<oauth.Configuration> | undefined;
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const fetchToken = async (): Promise<string> => {
    config ??= oauth.discovery(
      new URL(options.issuer),
      options.clientId,
      options.clientSecret,
      oauth.ClientSecretBasic(options.clientSecret),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- offline only, never against AWS
      options.allowHttp === true ? { execute: [oauth.allowInsecureRequests] } : undefined,
    );
    config.catch(() => {
      config = undefined;
    });
    const granted = await oauth.clientCredentialsGrant(await config, { scope: options.scope });
    const lifetimeMs = (granted.expires_in ?? 3600) * 1000;
    current = {
      token: granted.access_token,
      renewAt: Date.now() + Math.max(0, lifetimeMs - RENEW_BEFORE_MS),
    };
    return granted.access_token;
  };
  return () => {
    if (current !== undefined && Date.now() < current.renewAt) {
      return Promise.resolve(current.token);
    }
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };
};
