import * as z from 'zod';
import { bearerChallenge } from './bearer-challenge';
import { pathParametersOf } from './route';
import { API_RESOURCE_SERVER_NAME, API_SCOPES, fullScope, partnerApiBaseUrl } from './scopes';
import { partnerRouteList } from './partner-routes';

// ---- the OpenAPI 3.1 document ----

const ERROR_SCHEMA = {
  type: 'object',
  required: ['status', 'error'],
  properties: {
    status: { const: 'error' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
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
] as const;

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

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A 401 or 403 with RFC 6750's challenge (bearer-challenge.ts), `example` its usual form. */
const challengedResponse = (description: string, example: string) => ({
  ...errorResponse(description),
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
 * The partner API as an OpenAPI 3.1 document, generated from the routes above: each call's
 * parameters and answer, the oauth2 client-credentials security scheme with every scope, and
 * the errors each call can give. `baseUrl` is the API's origin (e.g. https://console.example);
 * the document's server is the API base URL made from it (partnerApiBaseUrl: the origin and
 * /ccsc/api/v1), its paths relative to that, so a client generated from it and pointed at the
 * base URL the reveal page shows calls `<base>/me`. `tokenUrl` is the user pool domain's
 * /oauth2/token.
 */
export const partnerOpenApi = (options: { baseUrl: string; tokenUrl: string }) => {
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
      }));
    if (route.input === 'body') {
      // The path's parameters are not in the body.
      for (const name of inPath) delete input.properties?.[name];
      input.required = (input.required ?? []).filter((name) => !inPath.includes(name));
    }
    // Relative to the server, which ends in /ccsc/api/v1 (the API base URL every page shows).
    const key = `/${route.path}`;
    paths[key] = {
      ...(paths[key] as object | undefined),
      [route.method.toLowerCase()]: {
        operationId: route.operation,
        tags: tagOf(route.path),
        summary: route.summary,
        security: [{ oauth2: [route.scope] }],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.input === 'body'
          ? {
              requestBody: {
                // A call whose only parameters are in the path takes an empty body (or none).
                required: Object.keys(input.properties ?? {}).length > 0,
                content: { 'application/json': { schema: input } },
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
                    status: { const: 'success' },
                    data: jsonSchemaOf(route.response, 'output'),
                  },
                },
              },
            },
          },
          '400': errorResponse('The request does not match the parameters (each problem named).'),
          '401': challengedResponse(
            'No token, or one that is not valid: expired, issued ahead of the server’s clock, of another issuer, or of a credential that was revoked or has expired.',
            bearerChallenge({
              error: 'invalid_token',
              description:
                'The access token is not valid for this API: its credential was revoked, has expired or does not exist, or its secret was retired after the token was issued. Ask for a new token.',
            }),
          ),
          '403': challengedResponse(
            `The token lacks the scope ${route.scope}.`,
            bearerChallenge({ error: 'insufficient_scope', scope: route.scope }),
          ),
          ...(inPath.length > 0 || route.input === 'body'
            ? {
                '404': errorResponse(
                  'What the call names does not exist, or is not the calling system’s to see.',
                ),
                '409': errorResponse('The state of what the call names does not allow it now.'),
              }
            : {}),
          '429': errorResponse('Too many requests: slow down and try again.'),
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
        'checked strictly: a field the call does not take is refused (400).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: partnerApiBaseUrl(options.baseUrl) }],
    security: [{ oauth2: [] }],
    tags: PARTNER_API_TAGS.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
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
