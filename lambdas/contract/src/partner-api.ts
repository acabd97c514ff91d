import * as z from 'zod';
import { cursorSchema, isoDateSchema } from './fields';
import {
  connectionStatusSchema,
  organisationKindSchema,
  studyPhaseSchema,
  studyStatusSchema,
  systemEnvironmentSchema,
  systemKindSchema,
} from './organisations';
import { type LazySchemas, withLazySchemas } from './route';
import { mappingRowSchema } from './standards';

/**
 * The partner API (issue 15): the calls a site's or a sponsor's system makes, under
 * /ccsc/api/v1/, with an OAuth 2.0 access token from the client_credentials grant of the API
 * credential issued to that system (`Authorization: Bearer <token>`).
 *
 * The scopes are declared here, once: Cognito's resource server (infra and the offline stack), the
 * credential screens, the per-route checks and the OpenAPI document all read them from this
 * file. One scope per kind of access, each granting only what its description says; a credential
 * is given the fewest that its system needs. Later issues add the document exchange's scopes and
 * routes here.
 */

/** Cognito's resource server: every scope is `<id>/<name>` in a token. */
export const API_RESOURCE_SERVER_ID = 'ccsc-api';
export const API_RESOURCE_SERVER_NAME = 'CCSC partner API';
export const PARTNER_API_PREFIX = '/ccsc/api/v1/';

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

/** One partner call: a route under /ccsc/api/v1/ and the scope a token needs for it. */
export interface PartnerRouteDefinition<
  Op extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  readonly operation: Op;
  readonly method: 'GET' | 'POST';
  /** Path under /ccsc/api/v1/, no leading slash. */
  readonly path: string;
  readonly input: 'query' | 'body';
  /** The scope the token must carry (403 INSUFFICIENT_SCOPE without it). */
  readonly scope: ApiScope;
  readonly request: Req;
  readonly response: Res;
  readonly summary: string;
  readonly maxBodyBytes: number;
}

const definePartnerRoute = <Op extends string, Req extends z.ZodType, Res extends z.ZodType>({
  request,
  response,
  ...route
}: Omit<PartnerRouteDefinition<Op, Req, Res>, 'maxBodyBytes' | 'request' | 'response'> &
  LazySchemas<Req, Res> & { maxBodyBytes?: number }): PartnerRouteDefinition<Op, Req, Res> =>
  withLazySchemas({ maxBodyBytes: 16 * 1024, ...route }, { request, response });

// ---- what the calls answer ----

const partnerOrganisationSchema = z.lazy(() =>
  z.object({
    organisationId: z.string(),
    name: z.string(),
    kind: organisationKindSchema,
    country: z.string(),
  }),
);

const partnerSystemSchema = z.lazy(() =>
  z.object({
    systemId: z.string(),
    name: z.string(),
    kind: systemKindSchema,
    vendor: z.string(),
    product: z.string(),
    environment: systemEnvironmentSchema,
  }),
);

export const partnerConnectionSchema = z.lazy(() =>
  z.object({
    connectionId: z.string(),
    /** Which side of the connection the calling system is on. */
    side: z.enum(['sponsor', 'site']),
    status: connectionStatusSchema,
    study: z.object({
      studyId: z.string(),
      protocolNumber: z.string(),
      title: z.string(),
      phase: studyPhaseSchema,
      status: studyStatusSchema,
      sponsor: partnerOrganisationSchema,
    }),
    siteNumber: z.string(),
    country: z.string(),
    principalInvestigator: z.string(),
    /** The other side: its organisation and the system it exchanges through (null until chosen). */
    counterpart: z.object({
      organisation: partnerOrganisationSchema,
      system: partnerSystemSchema.nullable(),
    }),
    updatedAt: isoDateSchema,
  }),
);
export type PartnerConnection = z.infer<typeof partnerConnectionSchema>;

/** A published mapping standard as a partner system reads it (issue 16). */
export const partnerStandardSchema = z.lazy(() =>
  z.object({
    standardId: z.string(),
    /** The version in use: the newest published one. */
    version: z.number().int(),
    name: z.string(),
    /** `own`: the calling system's standard; `counterpart`: a system it is connected to. */
    relation: z.enum(['own', 'counterpart']),
    organisation: partnerOrganisationSchema,
    /** Its own systems for the caller's standard; for a counterpart's, the connected ones only. */
    systems: z.array(z.object({ systemId: z.string(), name: z.string() })),
    product: z.string().nullable(),
    catalogueVersion: z.string(),
    signature: z.object({
      signerName: z.string(),
      meaning: z.string(),
      signedAt: isoDateSchema,
    }),
    rowCount: z.number().int(),
    /** With `rows=true` only. */
    rows: z.array(mappingRowSchema).optional(),
  }),
);
export type PartnerStandard = z.infer<typeof partnerStandardSchema>;

export const partnerRoutes = {
  'partner-me': definePartnerRoute({
    operation: 'partner-me',
    method: 'GET',
    path: 'me',
    input: 'query',
    scope: fullScope('system.read'),
    summary:
      'The calling system, its organisation, and its credential: the scopes it holds and when it expires.',
    request: () => z.object({}).strict(),
    response: () =>
      z.object({
        system: partnerSystemSchema,
        organisation: partnerOrganisationSchema,
        credential: z.object({
          apiId: z.string(),
          clientId: z.string(),
          scopes: z.array(apiScopeSchema),
          expiresAt: isoDateSchema,
        }),
      }),
  }),
  'partner-connections': definePartnerRoute({
    operation: 'partner-connections',
    method: 'GET',
    path: 'connections',
    input: 'query',
    scope: fullScope('connections.read'),
    summary:
      'The connections the calling system takes part in (as the sponsor-side or the site system), newest change first, with the counterpart system; 50 a page, `nextCursor` for the next.',
    request: () =>
      z
        .object({
          status: connectionStatusSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({
        connections: z.array(partnerConnectionSchema),
        nextCursor: z.string().nullable(),
      }),
  }),
  'partner-standards': definePartnerRoute({
    operation: 'partner-standards',
    method: 'GET',
    path: 'standards',
    input: 'query',
    scope: fullScope('standards.read'),
    summary:
      "The published mapping standards (each at its version in use) of the calling system and of the systems it is connected to (open connections): how each maps its document types to the TMF Reference Model. 50 a page; with `rows=true`, each standard's rows too, one standard a page (a standard may have 10,000 rows); `nextCursor` for the next.",
    request: () =>
      z
        .object({
          rows: z.enum(['true', 'false']).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
          cursor: cursorSchema.optional(),
        })
        .strict(),
    response: () =>
      z.object({ standards: z.array(partnerStandardSchema), nextCursor: z.string().nullable() }),
  }),
} as const;

export type PartnerRoutes = typeof partnerRoutes;
export type PartnerOperation = keyof PartnerRoutes;
export const partnerRouteList: readonly PartnerRouteDefinition[] = Object.values(partnerRoutes);

/** The OpenAPI document's own path (public: no token needed to read it). */
export const PARTNER_OPENAPI_PATH = 'openapi.json';

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

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') => {
  // The document names the dialect once (jsonSchemaDialect), not in every schema.
  const json: Record<string, unknown> = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  delete json.$schema;
  return json;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The partner API as an OpenAPI 3.1 document, generated from the routes above: each call's
 * parameters and answer, the oauth2 client-credentials security scheme with every scope, and
 * the errors each call can give. `baseUrl` is the API's origin (e.g. https://console.example),
 * `tokenUrl` the user pool domain's /oauth2/token.
 */
export const partnerOpenApi = (options: { baseUrl: string; tokenUrl: string }) => {
  const paths: Record<string, unknown> = {};
  for (const route of partnerRouteList) {
    const input = jsonSchemaOf(route.request, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const parameters =
      route.input === 'query'
        ? Object.entries(input.properties ?? {}).map(([name, schema]) => ({
            name,
            in: 'query',
            required: (input.required ?? []).includes(name),
            schema,
          }))
        : [];
    paths[`${PARTNER_API_PREFIX}${route.path}`] = {
      [route.method.toLowerCase()]: {
        operationId: route.operation,
        summary: route.summary,
        security: [{ oauth2: [route.scope] }],
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.input === 'body'
          ? {
              requestBody: {
                required: true,
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
          '401': errorResponse(
            'No token, or one that is not valid: expired, of another issuer, or of a credential that was revoked or has expired.',
          ),
          '403': errorResponse(`The token lacks the scope ${route.scope}.`),
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
        '`{ "status": "error", "error": { "code", "message" } }`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: options.baseUrl }],
    security: [{ oauth2: [] }],
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
