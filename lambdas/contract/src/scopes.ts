import * as z from 'zod';

/**
 * The partner API's scopes (issue 15), declared here once: Cognito's resource server (infra and
 * the offline stack), the credential screens, each partner route's `scope` and the OpenAPI
 * document read them from this file. One scope per kind of access, each granting only what its
 * description says; a credential is given the fewest that its system needs.
 */

/** Cognito's resource server: every scope is `<id>/<name>` in a token. */
export const API_RESOURCE_SERVER_ID = 'ccsc-api';
export const API_RESOURCE_SERVER_NAME = 'CCSC partner API';
export const PARTNER_API_PREFIX = '/ccsc/api/v1/';

/**
 * The partner API's base URL: `origin` (the console's, or API Gateway's stage URL in AWS) and
 * /ccsc/api/v1, as the credential reveal page, the scope document, the mails and the OpenAPI
 * document's `servers` all show it; a client pointed at it calls `<it>/me`.
 */
export const partnerApiBaseUrl = (origin: string): string =>
  `${origin.replace(/\/+$/u, '')}${PARTNER_API_PREFIX.replace(/\/$/u, '')}`;

export const API_SCOPES = [
  {
    name: 'system.read',
    description: 'Read the calling system, its organisation and its credential',
  },
  {
    name: 'connections.read',
    description: 'Read the connections (study sites) the calling system takes part in',
  },
  {
    name: 'standards.read',
    description:
      'Read the published mapping standards of the calling system and of the systems it exchanges documents with',
  },
  {
    name: 'documents.send',
    description:
      'Send documents to the systems the calling system is connected with, and follow what became of them',
  },
  {
    name: 'documents.receive',
    description:
      'Receive the documents sent to the calling system, download them, and acknowledge them',
  },
  {
    name: 'events.read',
    description: "Read the events feed of the calling system's organisation",
  },
  {
    name: 'webhooks.manage',
    description:
      "Subscribe the calling system's endpoints to events (webhooks), rotate their secrets, and read and redeliver their deliveries",
  },
] as const;
export type ApiScopeName = (typeof API_SCOPES)[number]['name'];
/** A scope as a token carries it and a credential is given it: `ccsc-api/system.read`. */
export type ApiScope = `${typeof API_RESOURCE_SERVER_ID}/${ApiScopeName}`;

export const fullScope = (name: ApiScopeName): ApiScope => `${API_RESOURCE_SERVER_ID}/${name}`;
export const API_SCOPE_VALUES = API_SCOPES.map((s) => fullScope(s.name)) as [
  ApiScope,
  ...ApiScope[],
];
export const apiScopeSchema = z.lazy(() =>
  z.enum(API_SCOPE_VALUES, {
    error: `Each scope must be one of: ${API_SCOPE_VALUES.join(', ')}.`,
  }),
);

/** The partner API's OpenAPI document's own path (public: no token needed to read it). */
export const PARTNER_OPENAPI_PATH = 'openapi.json';

/**
 * The partner API's reference page (issue 36): a screen of the console's web app, public, at the
 * console's origin (CloudFront answers it with the app, as any deep link; offline the mock server
 * does), rendered from the OpenAPI document.
 */
export const PARTNER_DOCS_PATH = 'docs';

/**
 * The partner API's rate limit (issue 36): at most `requests` calls with one access token in any
 * trailing `windowSeconds` (the default; an environment sets its own, infra's
 * `api.partnerRequestsPerFiveMinutes`). Over it a call is answered 429 with `Retry-After` — in AWS
 * by the web ACL's rate-based rule keyed on the Authorization header (a token is one credential's
 * for its hour), offline by the mock server's gateway, both before the token is checked.
 */
export const PARTNER_RATE_LIMIT = { requests: 600, windowSeconds: 300 } as const;

/** What a call over the limit is told (`requests` as the environment sets it). */
export const partnerRateLimitMessage = (requests: number): string =>
  `This access token made more than ${String(requests)} calls in ${String(PARTNER_RATE_LIMIT.windowSeconds / 60)} minutes. Wait the seconds Retry-After says, then go on with the same token.`;
