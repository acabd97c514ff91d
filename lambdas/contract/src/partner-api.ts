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
import { defineRoute, pathParametersOf, type RouteDefinition } from './route';
import {
  API_RESOURCE_SERVER_NAME,
  API_SCOPES,
  PARTNER_API_PREFIX,
  apiScopeSchema,
  type ApiScope,
  fullScope,
} from './scopes';
import { mappingRowSchema } from './standards';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_STATES,
  HOLD_REASONS,
  MAX_DOCUMENT_BYTES,
  classificationSchema,
  documentEventSchema,
  documentTextSchema,
  documentIdSchema,
  sha256Schema,
  typeCodeSchema,
} from './documents';

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

export {
  API_RESOURCE_SERVER_ID,
  API_RESOURCE_SERVER_NAME,
  API_SCOPES,
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  apiScopeSchema,
  fullScope,
  type ApiScope,
  type ApiScopeName,
} from './scopes';

/** A partner call: one route of the one route declaration, for machines, with its scope. */
export type PartnerRouteDefinition<
  Op extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> = RouteDefinition<Op, Req, Res, 'authenticated', 'partner', ApiScope>;

/** A partner call's access: any token of a live credential of the API that carries `scope`. */
const partnerAccess = <S extends ApiScope>(scope: S) =>
  ({ api: 'partner', auth: 'authenticated', roles: [], scope }) as const;

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

// ---- the document exchange (issue 17) ----

/** A file name as it will be stored: no path, no control characters, an extension of its type. */
const fileNameSchema = z.lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'fileName is required.')
    .max(200, 'fileName has at most 200 characters.')
    .regex(
      /^[^\p{Cc}\p{Cf}/\\:*?"<>|]+$/u,
      'fileName may not contain / \\ : * ? " < > | or control or format characters.',
    )
    .refine((v) => !/[\uD800-\uDFFF]/u.test(v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/gu, '')), {
      message: 'fileName is not valid Unicode.',
    })
    .refine((v) => !/^\.+$/.test(v), 'fileName is not a file name.'),
);

/** What a system says of a document it sends. */
export const sendDocumentSchema = z.lazy(() =>
  z
    .object({
      /**
       * A key the sender chooses, unique among its documents: sending again with the same key
       * answers the same document (a new upload URL while the file is not in), never a second one.
       */
      idempotencyKey: z
        .string()
        .min(8, 'idempotencyKey has at least 8 characters.')
        .max(128)
        .regex(/^[A-Za-z0-9_.:-]+$/, 'idempotencyKey may contain only A-Za-z0-9_.:-'),
      /** The connection (study site) to send it over… */
      connectionId: z.string().min(1).max(64).optional(),
      /** …or the study, with the counterpart system when the caller has several connections in it. */
      studyId: z.string().min(1).max(64).optional(),
      counterpartSystemId: z.string().min(1).max(64).optional(),
      /** The sender's own document type code, as its mapping standard lists it. */
      typeCode: typeCodeSchema,
      title: documentTextSchema('title', 500),
      version: documentTextSchema('version', 32),
      /** The document's own date (signed, approved, issued), YYYY-MM-DD. */
      documentDate: z.iso.date('documentDate is written YYYY-MM-DD.'),
      /** BCP 47, e.g. en, de, tr, pt-BR. */
      language: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'language is a BCP 47 tag, e.g. en or pt-BR.'),
      /** Required when the artifact is about a person (a CV, a medical licence). */
      personName: documentTextSchema('personName', 200).optional(),
      organisationName: documentTextSchema('organisationName', 200).optional(),
      fileName: fileNameSchema,
      contentType: z.enum(DOCUMENT_CONTENT_TYPES, {
        error: `contentType must be one of: ${DOCUMENT_CONTENT_TYPES.join(', ')}.`,
      }),
      size: z
        .number()
        .int()
        .min(1, 'size is the file’s size in bytes, at least 1.')
        .max(MAX_DOCUMENT_BYTES, `A document is at most ${MAX_DOCUMENT_BYTES} bytes (100 MB).`),
      sha256: sha256Schema,
    })
    .strict()
    .refine((v) => v.connectionId !== undefined || v.studyId !== undefined, {
      message: 'Name the connection (connectionId), or the study (studyId).',
      path: ['connectionId'],
    }),
);

const partnerSystemRefSchema = z.lazy(() =>
  z.object({ systemId: z.string(), name: z.string(), organisationName: z.string() }),
);

/** A document as its sender follows it. */
export const partnerSentDocumentSchema = z.lazy(() =>
  z.object({
    documentId: z.string(),
    idempotencyKey: z.string(),
    state: z.enum(DOCUMENT_STATES),
    holdReason: z.enum(HOLD_REASONS).nullable(),
    holdDetail: z.string().nullable(),
    connectionId: z.string(),
    studyId: z.string(),
    receiver: partnerSystemRefSchema,
    typeCode: z.string(),
    title: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    classification: classificationSchema.nullable(),
    events: z.array(documentEventSchema),
    sentAt: isoDateSchema,
    updatedAt: isoDateSchema,
  }),
);
export type PartnerSentDocument = z.infer<typeof partnerSentDocumentSchema>;

/** A document as its receiver gets it: in its own type, with the artifact, and a download link. */
export const partnerReceivedDocumentSchema = z.lazy(() =>
  z.object({
    documentId: z.string(),
    /** Where this document sits in the caller's inbox (ascending). */
    sequence: z.number().int(),
    state: z.enum(['delivered', 'acknowledged']),
    connectionId: z.string(),
    study: z.object({ studyId: z.string(), protocolNumber: z.string() }),
    siteNumber: z.string(),
    sender: partnerSystemRefSchema,
    /** The caller's own document type, from its mapping standard. */
    typeCode: z.string(),
    typeName: z.string(),
    artifactNumber: z.string(),
    artifactName: z.string(),
    subArtifact: z.string(),
    filingLevel: z.enum(['trial', 'country', 'site']),
    title: z.string(),
    version: z.string(),
    documentDate: z.string(),
    language: z.string(),
    personName: z.string().nullable(),
    organisationName: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    deliveredAt: isoDateSchema,
    acknowledgedAt: isoDateSchema.nullable(),
    download: z.object({ url: z.url(), expiresAt: isoDateSchema }),
  }),
);
export type PartnerReceivedDocument = z.infer<typeof partnerReceivedDocumentSchema>;

export const partnerRoutes = {
  'partner-me': defineRoute({
    operation: 'partner-me',
    method: 'GET',
    path: 'me',
    input: 'query',
    ...partnerAccess(fullScope('system.read')),
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
  'partner-connections': defineRoute({
    operation: 'partner-connections',
    method: 'GET',
    path: 'connections',
    input: 'query',
    ...partnerAccess(fullScope('connections.read')),
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
  'partner-standards': defineRoute({
    operation: 'partner-standards',
    method: 'GET',
    path: 'standards',
    input: 'query',
    ...partnerAccess(fullScope('standards.read')),
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
  'partner-send-document': defineRoute({
    operation: 'partner-send-document',
    method: 'POST',
    path: 'documents',
    input: 'body',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      'Announces a document for an active connection the calling system takes part in, and answers its id with a presigned URL to PUT the file to (valid 15 minutes; send the Content-Type given). Then call documents/{documentId}/complete. The same idempotencyKey answers the same document.',
    request: () => sendDocumentSchema,
    response: () =>
      z.object({
        document: partnerSentDocumentSchema,
        /** Null once the file is in (a repeated send of a completed document). */
        upload: z
          .object({
            url: z.url(),
            method: z.literal('PUT'),
            headers: z.record(z.string(), z.string()),
            expiresAt: isoDateSchema,
          })
          .nullable(),
      }),
  }),
  'partner-complete-document': defineRoute({
    operation: 'partner-complete-document',
    method: 'POST',
    path: 'documents/{documentId}/complete',
    input: 'body',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      "Tells the hub the file is uploaded: it checks the size and SHA-256 of what arrived (400 on a mismatch, and the document is held until the file is sent again), classifies it through both systems' mapping standards and delivers it, or holds it with the reason. Calling it again answers the document as it is.",
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: partnerSentDocumentSchema }),
  }),
  'partner-get-document': defineRoute({
    operation: 'partner-get-document',
    method: 'GET',
    path: 'documents/{documentId}',
    input: 'query',
    ...partnerAccess(fullScope('documents.send')),
    summary:
      'A document the calling system sent: its state, why it is held, its classification and every hand-over.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () => z.object({ document: partnerSentDocumentSchema }),
  }),
  'partner-list-documents': defineRoute({
    operation: 'partner-list-documents',
    method: 'GET',
    path: 'documents',
    input: 'query',
    ...partnerAccess(fullScope('documents.receive')),
    summary:
      "The documents delivered to the calling system, in the order they were delivered, from `since` (the previous answer's `nextCursor`; from the first without), each in the caller's own document type with its TMF artifact and a download link valid 15 minutes. `nextCursor` is where to continue from next time, also when nothing new came.",
    request: () =>
      z
        .object({
          since: cursorSchema.optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        })
        .strict(),
    response: () =>
      z.object({
        documents: z.array(partnerReceivedDocumentSchema),
        nextCursor: z.string(),
        hasMore: z.boolean(),
      }),
  }),
  'partner-acknowledge-document': defineRoute({
    operation: 'partner-acknowledge-document',
    method: 'POST',
    path: 'documents/{documentId}/acknowledge',
    input: 'body',
    ...partnerAccess(fullScope('documents.receive')),
    summary:
      'Confirms the calling system has a document delivered to it (filed on its side). Acknowledging again answers the same.',
    request: () => z.object({ documentId: documentIdSchema }).strict(),
    response: () =>
      z.object({
        documentId: z.string(),
        state: z.literal('acknowledged'),
        acknowledgedAt: isoDateSchema,
      }),
  }),
} as const;

export type PartnerRoutes = typeof partnerRoutes;
export type PartnerOperation = keyof PartnerRoutes;
export const partnerRouteList: readonly PartnerRouteDefinition[] = Object.values(partnerRoutes);

export { pathParametersOf } from './route';

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
    const key = `${PARTNER_API_PREFIX}${route.path}`;
    paths[key] = {
      ...(paths[key] as object | undefined),
      [route.method.toLowerCase()]: {
        operationId: route.operation,
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
          '401': errorResponse(
            'No token, or one that is not valid: expired, of another issuer, or of a credential that was revoked or has expired.',
          ),
          '403': errorResponse(`The token lacks the scope ${route.scope}.`),
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
