import * as z from 'zod';
import { bearerChallenge } from './bearer-challenge';
import { pathParametersOf } from './route';
import type { ErrorCode } from './envelope';
import {
  API_RESOURCE_SERVER_NAME,
  API_SCOPES,
  fullScope,
  PARTNER_RATE_LIMIT,
  partnerApiBaseUrl,
  partnerRateLimitMessage,
} from './scopes';
import { type PartnerOperation, partnerRouteList } from './partner-routes';
import { type ExampleGaps, exampleOf, parameterExample } from './partner-examples';
import { WEBHOOK_IN_FLIGHT_PER_ENDPOINT, WEBHOOK_TIMEOUT_MS } from './webhooks';

// ---- the OpenAPI 3.1 document ----

/**
 * The error codes a partner call can answer, each with what it means and what to do: the
 * document's `code` enumerates them (a generated client gets them as a union).
 */
export const PARTNER_ERROR_CODES = {
  VALIDATION_FAILED:
    '400: the request does not match the call (`fields` names each problem, by its path). Correct it; sending it again unchanged gets the same answer.',
  BAD_REQUEST:
    '400: the request could not be read: not JSON, a URL or headers too large, or a malformed Authorization header.',
  UNAUTHORIZED:
    '401: no access token, or one that is not valid (expired, issued ahead of the clock, of a credential revoked or expired, or issued before its secret was retired). Ask for a new token; if that is refused, the credential no longer works.',
  FORBIDDEN:
    '403: the token lacks the scope the call needs (WWW-Authenticate names it), or what the call names is not the calling system’s to act on.',
  NOT_FOUND:
    '404: what the call names does not exist, or is not the calling system’s to see (the two are not told apart).',
  METHOD_NOT_ALLOWED: '405: the path takes another method (the Allow header names it).',
  CONFLICT:
    '409: the state of what the call names does not allow it now (say, a document already acknowledged), or an idempotencyKey used before for a different request.',
  PAYLOAD_TOO_LARGE:
    '413: the request body is over 10 MiB (files go to the presigned URL, not here).',
  UNSUPPORTED_MEDIA_TYPE: '415: the request body is not application/json.',
  TOO_MANY_REQUESTS:
    '429: this access token made too many calls (see the rate limit above). Wait the seconds Retry-After says.',
  INTERNAL: '500: something failed on the hub’s side. Nothing was half done; try again later.',
  SERVICE_UNAVAILABLE:
    '503: the hub cannot take the call now (a dependency is down, or the write is busy). Try again after a short wait.',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** Which codes each status carries, and an example of its body. */
const ERROR_EXAMPLES: Record<string, { code: keyof typeof PARTNER_ERROR_CODES; message: string }> =
  {
    '400': {
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid: sha256 must be 64 hexadecimal characters.',
    },
    '401': { code: 'UNAUTHORIZED', message: 'Unauthorized' },
    '403': {
      code: 'FORBIDDEN',
      message:
        '/ccsc/api/v1/documents needs the scope ccsc-api/documents.send; this token has ccsc-api/system.read.',
    },
    '404': { code: 'NOT_FOUND', message: 'No such document.' },
    '409': {
      code: 'CONFLICT',
      message: 'The document was acknowledged: ask the sender to recall it instead.',
    },
    '413': { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    '415': {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The request body must be application/json.',
    },
    '429': {
      code: 'TOO_MANY_REQUESTS',
      message: partnerRateLimitMessage(PARTNER_RATE_LIMIT.requests),
    },
    '503': {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is busy. Please try again in a moment.',
    },
  };

const ERROR_SCHEMA = {
  type: 'object',
  required: ['status', 'error'],
  properties: {
    status: { type: 'string', const: 'error' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          description: 'What went wrong, for a program to act on (the message is for people).',
          oneOf: Object.entries(PARTNER_ERROR_CODES).map(([code, description]) => ({
            const: code,
            description,
          })),
        },
        message: { type: 'string' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

/**
 * The document's tags: one per area, by a path's first segment, in the order a vendor meets them.
 * A route under a segment not listed here has no tag and fails the contract's test.
 */
export const PARTNER_API_TAGS = [
  {
    segment: 'me',
    name: 'System',
    description: 'The calling system, its organisation and its credential.',
  },
  {
    segment: 'connections',
    name: 'Connections',
    description: 'The study sites (connections) the calling system exchanges documents for.',
  },
  {
    segment: 'standards',
    name: 'Standards',
    description:
      'The published mapping standards: document types to TMF Reference Model artifacts.',
  },
  {
    segment: 'documents',
    name: 'Documents',
    description:
      'Send documents (announce, upload, complete), receive, download and acknowledge them; reject and recall.',
  },
  {
    segment: 'requests',
    name: 'Document requests',
    description: 'Documents a sponsor asked a site for, with their due dates.',
  },
  {
    segment: 'distributions',
    name: 'Safety letters',
    description: 'Safety letters distributed to the sites of a study, and their acknowledgement.',
  },
  {
    segment: 'events',
    name: 'Events',
    description: "The events feed of the calling system's organisation, read in order.",
  },
  {
    segment: 'webhooks',
    name: 'Webhooks',
    description: `The same events pushed as they happen: endpoints subscribed to event types, each delivery signed as Standard Webhooks 1.0 defines and retried for about three days, its log, redelivery. Answer each within ${String(WEBHOOK_TIMEOUT_MS / 1000)} s (2xx, then do the work); at most ${String(WEBHOOK_IN_FLIGHT_PER_ENDPOINT)} deliveries to one endpoint are under way at once, and an endpoint that keeps them all waiting has its others put off until it answers again (none is lost).`,
  },
] as const;

/** Each operation's summary, as a reference lists it; its route's `summary` is the description. */
const OPERATION_TITLES: Record<PartnerOperation, string> = {
  'partner-me': 'Who am I',
  'partner-connections': 'List connections',
  'partner-standards': 'List mapping standards',
  'partner-send-document': 'Send a document',
  'partner-complete-document': 'Complete an upload',
  'partner-get-document': 'Follow a sent document',
  'partner-list-documents': 'Receive documents',
  'partner-acknowledge-document': 'Acknowledge a document',
  'partner-events': 'Read the events feed',
  'partner-reject-document': 'Reject a document',
  'partner-recall-document': 'Recall a document',
  'partner-confirm-recall': 'Confirm a recall',
  'partner-decline-recall': 'Decline a recall',
  'partner-requests': 'List document requests',
  'partner-create-distribution': 'Distribute a safety letter',
  'partner-list-distributions': 'List safety letters to acknowledge',
  'partner-sent-distributions': 'List safety letters sent',
  'partner-acknowledge-distribution': 'Acknowledge a safety letter',
  'partner-list-webhooks': 'List webhook endpoints',
  'partner-create-webhook': 'Subscribe a webhook endpoint',
  'partner-update-webhook': 'Change a webhook endpoint',
  'partner-rotate-webhook-secret': 'Rotate a webhook secret',
  'partner-delete-webhook': 'Delete a webhook endpoint',
  'partner-webhook-deliveries': 'List webhook deliveries',
  'partner-redeliver-webhook': 'Redeliver a webhook',
};

/** How a list is paged and a write repeated safely: the same for every call, said once. */
const CONVENTIONS = [
  '## Conventions',
  '',
  '**Pages.** A list answers at most `limit` items (default 50, at most 100) and a `nextCursor`: pass it back as `cursor` for the next page; `null` means the last page. A cursor is opaque and valid for the same query only. The documents and events feeds are read forward instead: keep the `nextCursor` (documents) or the last `sequence` (events) and pass it as `since`; `hasMore` says whether to call again at once.',
  '',
  '**Repeating a call.** Every write can be sent again after a lost answer: sending a document with the same `idempotencyKey` answers the same document (409 if the key was used for a different request); completing, acknowledging, rejecting, recalling and answering a recall answer the state they reached when repeated.',
  '',
  `**Rate limit.** At most ${String(PARTNER_RATE_LIMIT.requests)} calls per access token in any ${String(PARTNER_RATE_LIMIT.windowSeconds / 60)} minutes (an environment may set more); over it a call answers 429 with \`Retry-After\` in seconds. Use one token until it expires rather than a new token per call.`,
  '',
  '**Tokens.** A 401 with `error="invalid_token"` in `WWW-Authenticate` means: ask for a new token and call again once. A 403 with `error="insufficient_scope"` names the scope the call needs: the credential must be given it.',
  '',
  '**Dates.** Times are RFC 3339 in UTC (`2026-12-07T09:30:00Z`), dates `YYYY-MM-DD`.',
].join('\n');

const tagOf = (path: string): string[] => {
  const tag = PARTNER_API_TAGS.find((t) => t.segment === path.split('/')[0]);
  return tag === undefined ? [] : [tag.name];
};

/** `node` with `rewrite` applied to every object in it, the innermost first. */
const rewriteObjects = (
  node: unknown,
  rewrite: (o: Record<string, unknown>) => Record<string, unknown>,
): unknown => {
  if (Array.isArray(node)) return node.map((item) => rewriteObjects(item, rewrite));
  if (node === null || typeof node !== 'object') return node;
  return rewrite(
    Object.fromEntries(Object.entries(node).map(([k, v]) => [k, rewriteObjects(v, rewrite)])),
  );
};

const without = (o: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

/**
 * A schema of what the API answers, open to fields added later: every `additionalProperties:
 * false` taken out (a map's schema of its values stays), so a client checking answers strictly
 * does not break when a field is added. What the API takes stays closed: an unknown field in a
 * request is a 400.
 */
const openToNewFields = (o: Record<string, unknown>) =>
  o.additionalProperties === false ? without(o, 'additionalProperties') : o;

/** What a date or a time looks like, for a person: the `format` says it to a tool. */
const DATE_EXAMPLES: Record<string, string> = {
  'date-time': '2026-12-07T09:30:00Z',
  date: '2026-12-07',
};

/**
 * Dates and times as their `format` and an example: zod writes the calendar's rules out as a
 * pattern of 200-290 characters that no reader follows, and a tool reads `format` anyway (the
 * server checks the calendar either way).
 */
const readableDates = (o: Record<string, unknown>) => {
  const example = typeof o.format === 'string' ? DATE_EXAMPLES[o.format] : undefined;
  if (example === undefined) return o;
  return { ...without(o, 'pattern'), examples: o.examples ?? [example] };
};

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  // The document names the dialect once (jsonSchemaDialect), not in every schema.
  const json = without(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), '$schema');
  return rewriteObjects(json, (o) =>
    io === 'output' ? openToNewFields(readableDates(o)) : readableDates(o),
  ) as Record<string, unknown>;
};

const errorResponse = (status: string, description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      ...(ERROR_EXAMPLES[status] === undefined
        ? {}
        : { example: { status: 'error', error: ERROR_EXAMPLES[status] } }),
    },
  },
});

/** A 401 or 403 with RFC 6750's challenge (bearer-challenge.ts), `example` its usual form. */
const challengedResponse = (status: string, description: string, example: string) => ({
  ...errorResponse(status, description),
  headers: {
    'WWW-Authenticate': {
      description:
        'RFC 6750 §3: `error="invalid_token"` (get a new token), `error="insufficient_scope"` with the `scope` needed (the credential needs it), or the realm alone when no token was sent.',
      schema: { type: 'string' },
      example,
    },
  },
});

/**
 * The answers every call (or every call of a kind) can give alike, once in `components/responses`
 * and referred to by each operation: a generated client names each error once, not per call.
 * A 403 stays with its call, whose scope it names.
 */
const SHARED_RESPONSES = {
  BadRequest: errorResponse(
    '400',
    'The request does not match the call (VALIDATION_FAILED, each problem named), or could not be read (BAD_REQUEST).',
  ),
  Unauthorized: challengedResponse(
    '401',
    'No token, or one that is not valid: expired, issued ahead of the server’s clock, of another issuer, or of a credential that was revoked or has expired.',
    bearerChallenge({
      error: 'invalid_token',
      description:
        'The access token is not valid for this API: its credential was revoked, has expired or does not exist, or its secret was retired after the token was issued. Ask for a new token.',
    }),
  ),
  NotFound: errorResponse(
    '404',
    'What the call names does not exist, or is not the calling system’s to see.',
  ),
  Conflict: errorResponse(
    '409',
    'The state of what the call names does not allow it now, or its idempotencyKey was used for another request.',
  ),
  PayloadTooLarge: errorResponse('413', 'The request body is over 10 MiB.'),
  UnsupportedMediaType: errorResponse('415', 'The request body is not application/json.'),
  TooManyRequests: {
    ...errorResponse(
      '429',
      `More than the token’s calls in ${String(PARTNER_RATE_LIMIT.windowSeconds / 60)} minutes (${String(PARTNER_RATE_LIMIT.requests)} by default).`,
    ),
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before the next call with this token.',
        schema: { type: 'integer', minimum: 1 },
        example: 42,
      },
    },
  },
  ServiceUnavailable: errorResponse('503', 'The hub cannot take the call now: try again shortly.'),
};
const shared = (name: keyof typeof SHARED_RESPONSES) => ({
  $ref: `#/components/responses/${name}`,
});

/**
 * The partner API as an OpenAPI 3.1 document, generated from the routes above: each call's
 * parameters and answer, the oauth2 client-credentials security scheme with every scope, and
 * the errors each call can give. `baseUrl` is the API's origin (e.g. https://console.example);
 * the document's server is the API base URL made from it (partnerApiBaseUrl: the origin and
 * /ccsc/api/v1), its paths relative to that, so a client generated from it and pointed at the
 * base URL the reveal page shows calls `<base>/me`. `tokenUrl` is the user pool domain's
 * /oauth2/token.
 */
export const partnerOpenApi = (options: {
  baseUrl: string;
  tokenUrl: string;
  /** Collects the example fields the examples' table had no value for (the tests'). */
  gaps?: ExampleGaps;
}) => {
  const gaps = options.gaps ?? { missing: [] };
  const paths: Record<string, unknown> = {};
  for (const route of partnerRouteList) {
    const input = jsonSchemaOf(route.request, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const inPath = pathParametersOf(route.path);
    const parameters = Object.entries(input.properties ?? {})
      .filter(([name]) => route.input === 'query' || inPath.includes(name))
      .map(([name, schema]) => ({
        name,
        in: inPath.includes(name) ? 'path' : 'query',
        required: inPath.includes(name) || (input.required ?? []).includes(name),
        schema,
        example: parameterExample(route.operation, name, schema as Record<string, unknown>, gaps),
      }));
    if (route.input === 'body') {
      // The path's parameters are not in the body.
      for (const name of inPath) delete input.properties?.[name];
      input.required = (input.required ?? []).filter((name) => !inPath.includes(name));
    }
    const output = jsonSchemaOf(route.response, 'output');
    // Relative to the server, which ends in /ccsc/api/v1 (the API base URL every page shows).
    const key = `/${route.path}`;
    paths[key] = {
      ...(paths[key] as object | undefined),
      [route.method.toLowerCase()]: {
        operationId: route.operation,
        tags: tagOf(route.path),
        summary: OPERATION_TITLES[route.operation as PartnerOperation],
        description: route.summary,
        security: [{ oauth2: [route.scope] }],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.input === 'body'
          ? {
              requestBody: {
                // A call whose only parameters are in the path takes an empty body (or none).
                required: Object.keys(input.properties ?? {}).length > 0,
                content: {
                  'application/json': {
                    schema: input,
                    example: exampleOf(route.operation, input, 'input', gaps),
                  },
                },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'Done.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'data'],
                  properties: {
                    status: { type: 'string', const: 'success' },
                    data: output,
                  },
                },
                example: {
                  status: 'success',
                  data: exampleOf(route.operation, output, 'output', gaps),
                },
              },
            },
          },
          '400': shared('BadRequest'),
          '401': shared('Unauthorized'),
          '403': challengedResponse(
            '403',
            `The token lacks the scope ${route.scope}.`,
            bearerChallenge({ error: 'insufficient_scope', scope: route.scope }),
          ),
          ...(inPath.length > 0 || route.input === 'body'
            ? { '404': shared('NotFound'), '409': shared('Conflict') }
            : {}),
          ...(route.input === 'body'
            ? { '413': shared('PayloadTooLarge'), '415': shared('UnsupportedMediaType') }
            : {}),
          '429': shared('TooManyRequests'),
          '503': shared('ServiceUnavailable'),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: API_RESOURCE_SERVER_NAME,
      version: '1',
      description:
        'The calls an organisation system makes to the CCSC hub. Obtain an access token with the ' +
        "client_credentials grant at the token URL (the credential's client id and secret, " +
        'HTTP Basic or in the form), asking for the scopes your credential holds, and send it as ' +
        '`Authorization: Bearer <token>`. Every answer is `{ "status": "success", "data": … }` or ' +
        '`{ "status": "error", "error": { "code", "message" } }`. Answers may gain fields in later ' +
        'versions of this API without notice: ignore the fields you do not know. Requests are ' +
        'checked strictly: a field the call does not take is refused (400).\n\n' +
        CONVENTIONS,
      license: {
        name: 'Proprietary: for systems holding a CCSC API credential',
        identifier: 'LicenseRef-CCSC-Partner-API',
      },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: partnerApiBaseUrl(options.baseUrl) }],
    security: [{ oauth2: [] }],
    tags: PARTNER_API_TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      responses: SHARED_RESPONSES,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'An API credential of an organisation system.',
          flows: {
            clientCredentials: {
              tokenUrl: options.tokenUrl,
              scopes: Object.fromEntries(API_SCOPES.map((s) => [fullScope(s.name), s.description])),
            },
          },
        },
      },
    },
  };
};
