import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as z from 'zod';
import { API_SCOPE_VALUES } from '@ccsc/contract/partner-api';
import { issueCredential, partnerToken } from '../support/oauth';
import { buildNetwork, type Network } from '../support/registry';

/**
 * The partner API's OpenAPI document as the offline stack serves it (GET
 * /ccsc/api/v1/openapi.json, no token): issue 35's calls are all in it — reject, recall, confirm
 * and decline a recall, the requests, the distributions, the events feed — and it is a document a
 * generated client can work from: OpenAPI 3.1, every operation named once, every path parameter
 * declared, every reference resolving, every scope one the token endpoint knows. Then a client
 * does what a generated one does: it takes each new GET's method, server and path from the
 * document, calls it with a token of the scope the document names, and reads the answer the
 * document promises; each new POST on a document that is not the system's is answered with a
 * status the document lists.
 */

const c = inject('console');

const schema = z.record(z.string(), z.unknown());
const responseShape = z.object({
  description: z.string(),
  content: z.object({ 'application/json': z.object({ schema }) }).optional(),
});
const operationShape = z.object({
  operationId: z.string().min(1),
  summary: z.string().min(1),
  security: z.array(z.object({ oauth2: z.array(z.string()) })).length(1),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.enum(['path', 'query']),
        required: z.boolean(),
        schema,
      }),
    )
    .optional(),
  requestBody: z
    .object({ content: z.object({ 'application/json': z.object({ schema }) }) })
    .optional(),
  responses: z.record(
    z.string().regex(/^\d{3}$/u),
    // An answer of its own, or one every call gives alike (components/responses).
    z.union([
      responseShape,
      z.object({ $ref: z.string().startsWith('#/components/responses/') }).strict(),
    ]),
  ),
});
type Operation = z.infer<typeof operationShape>;
/** An operation's own 200 answer (never a shared one). */
const answerOf = (op: Operation) => responseShape.parse(op.responses['200']);
const documentShape = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string().min(1), version: z.string().min(1) }),
  jsonSchemaDialect: z.string(),
  servers: z.array(z.object({ url: z.url() })).min(1),
  paths: z.record(
    z.string().startsWith('/'),
    z.partialRecord(z.enum(['get', 'post', 'put', 'delete', 'patch']), operationShape),
  ),
  components: z.object({
    schemas: z.record(z.string(), schema),
    responses: z.record(z.string(), responseShape),
    securitySchemes: z.object({
      oauth2: z.object({
        type: z.literal('oauth2'),
        flows: z.object({
          clientCredentials: z.object({
            tokenUrl: z.url(),
            scopes: z.record(z.string(), z.string()),
          }),
        }),
      }),
    }),
  }),
});
type OpenApi = z.infer<typeof documentShape>;

/** Issue 35's partner calls: method, path (after the prefix), operation. */
const ISSUE_35 = [
  ['post', 'documents/{documentId}/reject', 'partner-reject-document'],
  ['post', 'documents/{documentId}/recall', 'partner-recall-document'],
  ['post', 'documents/{documentId}/confirm-recall', 'partner-confirm-recall'],
  ['post', 'documents/{documentId}/decline-recall', 'partner-decline-recall'],
  ['get', 'requests', 'partner-requests'],
  ['get', 'distributions', null],
  ['get', 'distributions/sent', null],
  ['post', 'distributions/{distributionId}/acknowledge', null],
  ['get', 'events', 'partner-events'],
] as const;

/** Every `$ref` in `value`, anywhere. */
const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === '$ref' && typeof v === 'string' ? [v] : refsIn(v),
  );
};

/** What a JSON pointer (`#/components/schemas/Error`) names in the document, if anything. */
const resolve = (doc: unknown, ref: string): unknown =>
  ref
    .replace(/^#\//u, '')
    .split('/')
    .reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' && key in at
          ? (at as Record<string, unknown>)[key]
          : undefined,
      doc,
    );

const operationAt = (doc: OpenApi, method: string, path: string): Operation => {
  const op = doc.paths[`/${path}`]?.[method as 'get'];
  if (op === undefined) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
};

describe('the partner OpenAPI document, as served', () => {
  let doc: OpenApi;
  let raw: unknown;
  let n: Network;

  beforeAll(async () => {
    const res = await fetch(`${c.url}/ccsc/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/u);
    raw = await res.json();
    doc = documentShape.parse(raw);
    n = await buildNetwork(c, 'OpenAPI');
  }, 120_000);

  it('lists every issue 35 call, each once, with its scope', () => {
    for (const [method, path, operation] of ISSUE_35) {
      const op = operationAt(doc, method, path);
      if (operation !== null) expect(op.operationId).toBe(operation);
      const [scope] = op.security[0]?.oauth2 ?? [];
      expect(API_SCOPE_VALUES).toContain(scope);
      expect(answerOf(op).content?.['application/json'].schema).toBeDefined();
    }
  });

  it('is a document a client can be generated from', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    // operationIds name the client's functions: one each.
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const scopes = Object.keys(
      doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes,
    );
    expect(scopes.sort()).toEqual([...API_SCOPE_VALUES].sort());
    for (const { path, method, op } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      // Each {parameter} of the path is a required path parameter, and no other is.
      const inPath = [...path.matchAll(/\{(\w+)\}/gu)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), where).toEqual([...inPath].sort());
      for (const p of declared) expect(p.required, `${where} ${p.name}`).toBe(true);
      // A POST says what its body is; no GET has one.
      expect(op.requestBody !== undefined, where).toBe(method === 'post');
      for (const scope of op.security[0]?.oauth2 ?? []) expect(scopes, where).toContain(scope);
      for (const status of ['200', '400', '401', '403', '429']) {
        expect(op.responses[status], `${where} ${status}`).toBeDefined();
      }
    }
    // Every reference points at something in the document.
    for (const ref of refsIn(raw)) expect(resolve(raw, ref), ref).toBeDefined();
    // The server is the API base URL of the console the document was fetched from: where it
    // was fetched, without the file's name.
    expect(doc.servers[0]?.url).toBe(`${new URL(c.url).origin}/ccsc/api/v1`);
  });

  it('is what a generated client calls and reads: each new GET answers what it promises, each new POST a status it lists', async () => {
    const credential = await issueCredential(c, n.admin, n.siteSystem.systemId, [
      ...API_SCOPE_VALUES,
    ]);
    const server = doc.servers[0]?.url ?? '';
    const call = async (method: string, path: string) => {
      const op = operationAt(doc, method, path);
      const scope = op.security[0]?.oauth2[0] ?? '';
      const token = await partnerToken(c.cognitoEndpoint, c.userPoolId, credential, scope);
      const url = `${server}/${path.replace(/\{\w+\}/gu, 'doc-00000000unknown')}`;
      const res = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'post' ? { 'content-type': 'application/json' } : {}),
        },
        ...(method === 'post' ? { body: JSON.stringify({ comment: 'A test.' }) } : {}),
      });
      return { op, status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    for (const [method, path] of ISSUE_35) {
      const { op, status, body } = await call(method, path);
      const where = `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`;
      expect(Object.keys(op.responses), where).toContain(String(status));
      if (method === 'get') {
        expect(status, where).toBe(200);
        // The answer has what the 200 schema requires, at the top and in `data`.
        const promised = answerOf(op).content?.['application/json'].schema as {
          required: string[];
          properties: { data: { required?: string[] } };
        };
        for (const key of promised.required) expect(body, where).toHaveProperty(key);
        for (const key of promised.properties.data.required ?? []) {
          expect(body.data, where).toHaveProperty(key);
        }
      } else {
        // Not the system's (nor anyone's): 404, or 400 where the body is not the call's.
        expect([400, 404], where).toContain(status);
        expect(body).toMatchObject({
          status: 'error',
          error: { code: expect.any(String) as unknown },
        });
      }
    }
  }, 60_000);
});
