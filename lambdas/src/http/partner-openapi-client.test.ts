import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { aCredential } from '../core/testing/credential-records';
import { MemoryCredentialStore } from '../core/testing/memory-credentials';
import { sampleExe } from '../core/testing/sample-files';
import { SYS } from '../core/testing/connection-test-network';
import { completeDocument, getSentDocument, sendDocument } from '../documents/exchange.core';
import { pdf, scan, sendBody, setUp, type World } from '../documents/document-world-kit';
import { buildApiGatewayEvent } from './api-gateway-event';
import { createOpenApiHandler } from './openapi';
import { signAccessToken, testTokens } from './access-tokens-test-kit';
import { createHandler, type LambdaHandler } from './router';

/**
 * A sending system's client made from the partner API's OpenAPI document as it is served
 * (GET /ccsc/api/v1/openapi.json): each call's method and path from the document, its body
 * checked against the document's request schema before it goes out, and every answer against the
 * document's response schema (JSON Schema 2020-12, by Ajv) — so what issue 34 added to the send
 * and its answers (the signer fields, a new version, awaiting-scan, quarantined and why) must be
 * in the document for the client to send or read it. Typed by the contract the document is made from.
 */

type Routes = typeof partnerRoutes;
type Operation = 'partner-send-document' | 'partner-complete-document' | 'partner-get-document';

/** What the client reads of the document (and the document must have). */
const jsonSchema = z.record(z.string(), z.unknown());
const operationShape = z.object({
  operationId: z.string(),
  description: z.string().optional(),
  summary: z.string(),
  parameters: z.array(z.object({ name: z.string(), in: z.enum(['path', 'query']) })).optional(),
  requestBody: z
    .object({ content: z.object({ 'application/json': z.object({ schema: jsonSchema }) }) })
    .optional(),
  responses: z.object({
    '200': z.object({
      content: z.object({ 'application/json': z.object({ schema: jsonSchema }) }),
    }),
  }),
});
const documentShape = z.object({
  openapi: z.literal('3.1.0'),
  servers: z.tuple([z.object({ url: z.url() })]),
  paths: z.record(z.string(), z.record(z.string(), operationShape)),
});
type OpenApiOperation = z.infer<typeof operationShape>;

/** The document as a system fetches it. */
const servedDocument = async () => {
  const serve = createOpenApiHandler({
    tokenUrl: () => 'https://auth.example/oauth2/token',
    origins: () => ['https://console.example'],
  });
  const served = await serve(eventOf('GET', '/ccsc/api/v1/openapi.json', null, null));
  // Public: the console's reference page reads it from another origin in AWS (CloudFront's).
  expect(served.headers?.['Access-Control-Allow-Origin']).toBe('*');
  return documentShape.parse(JSON.parse(served.body));
};

const eventOf = (
  method: string,
  resource: string,
  body: string | null,
  token: string | null,
  pathParameters: Record<string, string> = {},
) =>
  buildApiGatewayEvent({
    method,
    resource,
    path: resource.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(pathParameters[name] ?? ''),
    ),
    pathParameters,
    query: [],
    headers: {
      'user-agent': 'eisf/1.0',
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body,
    claims: null,
    sourceIp: '198.51.100.20',
    protocol: 'HTTP/1.1',
    requestId: 'req-client',
    requestTimeEpoch: 0,
  });

/** Where `operation` is in the document, and what it says of it. */
const find = (doc: z.infer<typeof documentShape>, operation: Operation) => {
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (op.operationId === operation) return { path, method: method.toUpperCase(), op };
    }
  }
  throw new Error(`The document has no ${operation}.`);
};

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
/** What the document's schema says is wrong with `value` (nothing: it fits). */
const problems = (schema: Record<string, unknown>, value: unknown) => {
  const validate = ajv.compile(schema);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
};

/** The sending system's client: one function per call, as the document describes it. */
const clientOf = async (w: World) => {
  const doc = await servedDocument();
  const store = new MemoryCredentialStore();
  const credential = aCredential('api-site', {
    organisationId: SYS.site.organisationId,
    systemId: SYS.site.systemId,
    clientId: 'client-site',
    scopes: ['ccsc-api/documents.send'],
    validUntil: '2027-01-01T00:00:00.000Z',
  });
  store.records.set(credential.apiId, credential);
  const options = {
    credentials: () => store,
    tokens: testTokens(),
    clock: w.clock,
    accounts: () => {
      throw new Error('a partner call reads no account');
    },
  };
  const handlers: Record<Operation, LambdaHandler> = {
    'partner-send-document': createHandler(
      partnerRoutes['partner-send-document'],
      sendDocument,
      () => w.deps,
      options,
    ),
    'partner-complete-document': createHandler(
      partnerRoutes['partner-complete-document'],
      completeDocument,
      () => w.deps,
      options,
    ),
    'partner-get-document': createHandler(
      partnerRoutes['partner-get-document'],
      getSentDocument,
      () => w.deps,
      options,
    ),
  };
  const token = await signAccessToken({
    client_id: 'client-site',
    sub: 'client-site',
    scope: 'ccsc-api/documents.send',
    // A minute before the kit's clock.
    iat: Math.floor(w.clock.now().getTime() / 1000) - 60,
  });
  /** One call as the document describes it; its answer's data, once it fits the document. */
  const request = async (operation: Operation, input: object): Promise<unknown> => {
    const { path, method, op } = find(doc, operation);
    const values = new Map(Object.entries(input));
    const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    const pathParameters = Object.fromEntries(
      inPath.map((name) => [name, z.string().parse(values.get(name))]),
    );
    let body: string | null = null;
    if (op.requestBody !== undefined) {
      const fields = Object.fromEntries([...values].filter(([name]) => !inPath.includes(name)));
      expect(problems(op.requestBody.content['application/json'].schema, fields)).toEqual([]);
      body = JSON.stringify(fields);
    }
    // Where a client pointed at the document's server sends it: the server's path, then the call's.
    const resource = `${new URL(doc.servers[0].url).pathname}${path}`;
    const answer = await handlers[operation](
      eventOf(method, resource, body, token, pathParameters),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const json: unknown = JSON.parse(answer.body);
    expect(problems(op.responses['200'].content['application/json'].schema, json)).toEqual([]);
    return z.object({ data: z.unknown() }).parse(json).data;
  };
  // Typed by the contract the document is made from.
  const call = {
    send: async (input: z.input<Routes['partner-send-document']['request']>) =>
      partnerRoutes['partner-send-document'].response.parse(
        await request('partner-send-document', input),
      ),
    complete: async (input: z.input<Routes['partner-complete-document']['request']>) =>
      partnerRoutes['partner-complete-document'].response.parse(
        await request('partner-complete-document', input),
      ),
    get: async (input: z.input<Routes['partner-get-document']['request']>) =>
      partnerRoutes['partner-get-document'].response.parse(
        await request('partner-get-document', input),
      ),
  };
  return { doc, call };
};

const SIGNER = {
  methodology: 'digital' as const,
  signerId: 'jmueller',
  signerName: 'Dr. Jana Müller',
  signedAt: '2025-03-01T09:15:00+01:00',
  reason: 'Approval',
};

/** The sender's PUT to the link it was given. */
const upload = (w: World, url: string, bytes: Buffer) => {
  w.files.put(decodeURIComponent(new URL(url).pathname.slice(1)), bytes);
};

/** The description the document gives the first property named `field` in `schema`, if any. */
const descriptionIn = (schema: unknown, field: string): string | undefined => {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const properties = jsonSchema.safeParse(Reflect.get(schema, 'properties'));
  const own = properties.success
    ? z.object({ description: z.string() }).safeParse(properties.data[field])
    : null;
  if (own?.success === true) return own.data.description;
  for (const value of Object.values(schema)) {
    const found = descriptionIn(value, field);
    if (found !== undefined) return found;
  }
  return undefined;
};

/** The description the document gives a field of an operation's body or answer. */
const described = (op: OpenApiOperation, where: 'request' | 'response', field: string) =>
  descriptionIn(
    where === 'request'
      ? op.requestBody?.content['application/json'].schema
      : op.responses['200'].content['application/json'].schema,
    field,
  ) ?? `no description of ${field}`;

describe('a client made from the partner API’s OpenAPI document', () => {
  it('describes the signer fields, new versions, awaiting-scan and quarantine', async () => {
    const { doc } = await clientOf(setUp());
    const send = find(doc, 'partner-send-document').op;
    expect(described(send, 'request', 'signature')).toContain('Who signed the document');
    expect(described(send, 'request', 'supersedesDocumentId')).toContain('A new version');
    expect(described(send, 'request', 'version')).toContain('has another than the one');
    expect(described(send, 'request', 'signedAt')).toContain('SIGNATUREDATETIME');
    for (const operation of ['partner-complete-document', 'partner-get-document'] as const) {
      const { op } = find(doc, operation);
      expect(described(op, 'response', 'state')).toEqual(
        expect.stringMatching(/awaiting-scan \(.*\).*quarantined \(.*quarantineReason/),
      );
      expect(described(op, 'response', 'quarantineReason')).toContain('malware-found');
      expect(described(op, 'response', 'quarantineDetail')).toContain('The quarantine in words');
      expect(described(op, 'response', 'supersededByDocumentId')).toContain('later version');
    }
    expect(find(doc, 'partner-complete-document').op.description).toContain('quarantined');
    expect(find(doc, 'partner-get-document').op.description).toContain('awaiting-scan');
  });

  it('sends a signed new version, and follows it from awaiting-scan to delivered', async () => {
    const w = setUp();
    const { call } = await clientOf(w);
    const first = pdf('v1');
    const v1 = await call.send(sendBody(first));
    if (v1.upload === null) throw new Error('no upload link');
    upload(w, v1.upload.url, first);
    await call.complete({ documentId: v1.document.documentId });
    await scan(w, v1.document.documentId);

    const second = pdf('v2');
    const v2 = await call.send(
      sendBody(second, {
        idempotencyKey: 'key-00000002',
        version: '2',
        signature: SIGNER,
        supersedesDocumentId: v1.document.documentId,
      }),
    );
    expect(v2.document).toMatchObject({
      state: 'awaiting-upload',
      signature: SIGNER,
      supersedesDocumentId: v1.document.documentId,
    });
    if (v2.upload === null) throw new Error('no upload link');
    upload(w, v2.upload.url, second);
    const completed = await call.complete({
      documentId: v2.document.documentId,
    });
    expect(completed.document).toMatchObject({ state: 'awaiting-scan', quarantineReason: null });
    await scan(w, v2.document.documentId);
    const delivered = await call.get({ documentId: v2.document.documentId });
    expect(delivered.document).toMatchObject({
      state: 'delivered',
      signature: SIGNER,
      supersedesDocumentId: v1.document.documentId,
      supersededByDocumentId: null,
    });
    const earlier = await call.get({ documentId: v1.document.documentId });
    expect(earlier.document.supersededByDocumentId).toBe(v2.document.documentId);
  });

  it('reads a quarantined document’s reason back: in the completion’s answer and GET /documents/{id}', async () => {
    const w = setUp();
    const { call } = await clientOf(w);
    const program = sampleExe('cv');
    const sent = await call.send(sendBody(program, { fileName: 'cv.pdf' }));
    if (sent.upload === null) throw new Error('no upload link');
    upload(w, sent.upload.url, program);
    const completed = await call.complete({
      documentId: sent.document.documentId,
    });
    const quarantined = {
      state: 'quarantined',
      quarantineReason: 'executable-content',
      quarantineDetail: expect.stringContaining('The file is a program (exe') as unknown,
    };
    expect(completed.document).toMatchObject(quarantined);
    const followed = await call.get({ documentId: sent.document.documentId });
    expect(followed.document).toMatchObject(quarantined);
    expect(followed.document.quarantineDetail).toContain('named cv.pdf');
  });
});
