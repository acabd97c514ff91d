import { describe, expect, it } from 'vitest';
import {
  API_SCOPE_VALUES,
  API_SCOPES,
  apiScopeSchema,
  partnerOpenApi,
  partnerRouteList,
  partnerRoutes,
} from './partner-api';

describe('the partner API contract', () => {
  it('declares each scope once, under the resource server, and every route needs a declared one', () => {
    expect(new Set(API_SCOPES.map((s) => s.name)).size).toBe(API_SCOPES.length);
    expect(API_SCOPE_VALUES).toEqual([
      'ccsc-api/system.read',
      'ccsc-api/connections.read',
      'ccsc-api/standards.read',
      'ccsc-api/documents.send',
      'ccsc-api/documents.receive',
      'ccsc-api/events.read',
      'ccsc-api/webhooks.manage',
    ]);
    for (const route of partnerRouteList) expect(API_SCOPE_VALUES).toContain(route.scope);
    expect(apiScopeSchema.safeParse('ccsc-api/everything').success).toBe(false);
    expect(apiScopeSchema.safeParse('aws.cognito.signin.user.admin').success).toBe(false);
  });

  it('describes itself as OpenAPI 3.1: every call, its scope, its parameters and its errors', () => {
    const doc = partnerOpenApi({
      baseUrl: 'https://console.example',
      tokenUrl: 'https://auth.example/oauth2/token',
    });
    expect(doc.openapi).toBe('3.1.0');
    // The base URL the reveal page shows: a client pointed at it calls `<it>/me`.
    expect(doc.servers).toEqual([{ url: 'https://console.example/ccsc/api/v1' }]);
    expect(doc.components.securitySchemes.oauth2.flows.clientCredentials).toEqual({
      tokenUrl: 'https://auth.example/oauth2/token',
      scopes: {
        'ccsc-api/system.read': expect.any(String) as unknown,
        'ccsc-api/connections.read': expect.any(String) as unknown,
        'ccsc-api/standards.read': expect.any(String) as unknown,
        'ccsc-api/documents.send': expect.any(String) as unknown,
        'ccsc-api/documents.receive': expect.any(String) as unknown,
        'ccsc-api/events.read': expect.any(String) as unknown,
        'ccsc-api/webhooks.manage': expect.any(String) as unknown,
      },
    });
    const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(paths).sort()).toEqual(
      [
        `/connections`,
        '/me',
        '/standards',
        '/documents',
        '/documents/{documentId}',
        '/documents/{documentId}/complete',
        '/documents/{documentId}/acknowledge',
        '/events',
        '/documents/{documentId}/reject',
        '/documents/{documentId}/recall',
        '/documents/{documentId}/confirm-recall',
        '/documents/{documentId}/decline-recall',
        '/requests',
        '/distributions',
        '/distributions/sent',
        '/distributions/{distributionId}/acknowledge',
        '/webhooks',
        '/webhooks/{endpointId}',
        '/webhooks/{endpointId}/delete',
        '/webhooks/{endpointId}/deliveries',
        '/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver',
        '/webhooks/{endpointId}/rotate-secret',
      ].sort(),
    );
    // Two calls on one path: the inbox (GET) and sending (POST).
    const documents = paths['/documents'];
    expect(Object.keys(documents ?? {}).sort()).toEqual(['get', 'post']);
    expect(documents?.post?.security).toEqual([{ oauth2: ['ccsc-api/documents.send'] }]);
    expect(documents?.get?.security).toEqual([{ oauth2: ['ccsc-api/documents.receive'] }]);
    // A path parameter is in the path, and not in the body.
    const complete = paths['/documents/{documentId}/complete']?.post;
    expect(complete?.parameters).toEqual([
      expect.objectContaining({ name: 'documentId', in: 'path', required: true }),
    ]);
    const body = (
      complete?.requestBody as { content: Record<string, { schema: { properties?: object } }> }
    ).content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual([]);
    const connections = paths[`/connections`]?.get;
    expect(connections?.security).toEqual([{ oauth2: ['ccsc-api/connections.read'] }]);
    expect(connections?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'status', in: 'query', required: false }),
        expect.objectContaining({ name: 'cursor', in: 'query', required: false }),
      ]),
    );
    expect(Object.keys(connections?.responses as object)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '429',
      '503',
    ]);
    // A call that takes a body can also be refused for its size or its type.
    expect(Object.keys(documents?.post?.responses as object)).toEqual(
      expect.arrayContaining(['404', '409', '413', '415']),
    );
    // The answers every call gives alike are referred to, once in components/responses.
    expect((connections?.responses as Record<string, unknown>)['429']).toEqual({
      $ref: '#/components/responses/TooManyRequests',
    });
    const limited = (doc.components as { responses: Record<string, { headers?: object }> })
      .responses.TooManyRequests;
    expect(Object.keys(limited?.headers ?? {})).toEqual(['Retry-After']);
    // Every code an error can carry is listed with its meaning.
    const code = (
      doc.components.schemas.Error.properties.error as {
        properties: { code: { oneOf: { const: string; description: string }[] } };
      }
    ).properties.code;
    expect(code.oneOf.map((c) => c.const)).toEqual(
      expect.arrayContaining([
        'VALIDATION_FAILED',
        'UNAUTHORIZED',
        'CONFLICT',
        'TOO_MANY_REQUESTS',
      ]),
    );
    for (const c of code.oneOf) expect(c.description, c.const).toMatch(/^\d{3}: /u);
    // A short summary to list, the route's words to read.
    expect(connections?.summary).toBe('List connections');
    expect(connections?.description).toMatch(/^The connections the calling system takes part in/u);
    const standards = paths['/standards']?.get;
    expect(standards?.security).toEqual([{ oauth2: ['ccsc-api/standards.read'] }]);
    expect(standards?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'rows', in: 'query' })]),
    );
    // Plain JSON: what is served is what was built.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('refuses document text no header, inventory or file system can carry', () => {
    const base = {
      idempotencyKey: 'key-00000001',
      connectionId: 'c',
      typeCode: 'CV',
      title: 'CV',
      version: '1',
      documentDate: '2026-01-01',
      language: 'en',
      fileName: 'cv.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: 'a'.repeat(64),
    };
    const send = partnerRoutes['partner-send-document'].request;
    expect(send.safeParse(base).success).toBe(true);
    expect(send.safeParse({ ...base, fileName: 'Müller 😀.pdf' }).success).toBe(true);
    for (const bad of [
      { fileName: 'cv\ud800.pdf' }, // a lone surrogate
      { fileName: 'cv\u202efdp.exe' }, // a bidi override hiding the extension
      { fileName: '../cv.pdf' },
      { title: 'a\u0001b' },
      { personName: 'Jana\u0000' },
      { size: 100 * 1000 * 1000 + 1 },
      { contentType: 'application/x-msdownload' },
      { sha256: 'xyz' },
    ]) {
      expect(send.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps its answers open to new fields and its requests closed', () => {
    const doc = partnerOpenApi({ baseUrl: 'https://c.example', tokenUrl: 'https://a.example/t' });
    const closedIn = (node: unknown): number =>
      node === null || typeof node !== 'object'
        ? 0
        : Object.entries(node).reduce(
            (sum, [key, value]) =>
              sum + (key === 'additionalProperties' && value === false ? 1 : closedIn(value)),
            0,
          );
    const operations = Object.values(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    ).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(10);
    for (const op of operations) {
      expect(closedIn(op.responses), String(op.operationId)).toBe(0);
    }
    // The send's body is checked strictly: the document says so.
    const send = operations.find((op) => op.operationId === 'partner-send-document');
    expect(closedIn(send?.requestBody)).toBeGreaterThan(0);
    expect(doc.info.description).toContain('ignore the fields you do not know');
  });

  it('shows dates and times by their format and an example, not a 290-character pattern', () => {
    const doc = partnerOpenApi({ baseUrl: 'https://c.example', tokenUrl: 'https://a.example/t' });
    const dates: Record<string, unknown>[] = [];
    const longPatterns: string[] = [];
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.format === 'date-time' || o.format === 'date') dates.push(o);
      if (typeof o.pattern === 'string' && o.pattern.length > 100) longPatterns.push(o.pattern);
      Object.values(o).forEach(walk);
    };
    walk(doc);
    expect(dates.length).toBeGreaterThan(10);
    expect(longPatterns).toEqual([]);
    for (const date of dates) {
      expect(date.examples).toEqual([
        date.format === 'date' ? '2026-12-07' : '2026-12-07T09:30:00Z',
      ]);
    }
  });

  it('tags every operation with one declared area', () => {
    const doc = partnerOpenApi({ baseUrl: 'https://c.example', tokenUrl: 'https://a.example/t' });
    const declared = doc.tags.map((t) => t.name);
    expect(new Set(declared).size).toBe(declared.length);
    const used = new Set<string>();
    for (const methods of Object.values(
      doc.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>,
    )) {
      for (const op of Object.values(methods)) {
        expect(op.tags, op.operationId).toHaveLength(1);
        expect(declared, op.operationId).toContain(op.tags[0]);
        used.add(op.tags[0] ?? '');
      }
    }
    // No tag without an operation.
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it('takes a path parameter from the path only, and no body it does not need', () => {
    const doc = partnerOpenApi({ baseUrl: 'https://c.example', tokenUrl: 'https://a.example/t' });
    const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
    const ack = paths['/documents/{documentId}/acknowledge']?.post;
    expect((ack?.requestBody as { required: boolean }).required).toBe(false);
    const send = paths['/documents']?.post;
    expect((send?.requestBody as { required: boolean }).required).toBe(true);
  });
});
