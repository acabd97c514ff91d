import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerRouteList } from '@ccsc/contract';
import { expectEnvelope, useTestApp } from './app-fixture';

describe('the offline app', () => {
  const testApp = useTestApp();
  const { partnerEvents } = testApp;
  let app: FastifyInstance;
  beforeAll(() => {
    ({ app } = testApp);
  });

  describe('the partner API (/ccsc/api/v1/)', () => {
    it('mounts every partner route of the contract, with its method', () => {
      expect(partnerRouteList.length).toBeGreaterThan(0);
      for (const route of partnerRouteList) {
        expect(
          app.hasRoute({
            method: route.method,
            url: `/ccsc/api/v1/${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
          }),
          route.operation,
        ).toBe(true);
      }
    });

    it('hands every call to its function as API Gateway does, token and all: the function checks it', async () => {
      // No authorizer in front (issue 36): a call without a token, with a refused one or with a
      // good one reaches the route's function, which answers 401 with RFC 6750's challenge
      // itself (lambdas http/access-tokens.ts, partner-client.ts).
      for (const headers of [{}, { authorization: 'Bearer nonsense' }]) {
        partnerEvents.length = 0;
        const res = await app.inject({ method: 'GET', url: '/ccsc/api/v1/me?verbose=1', headers });
        expect(res.statusCode, res.body).toBe(200);
        expect(JSON.parse(res.body)).toEqual({
          status: 'success',
          data: { operation: 'partner-me' },
        });
        expect(partnerEvents).toHaveLength(1);
        const [operation, event] = partnerEvents[0] ?? [];
        expect(operation).toBe('partner-me');
        expect(event).toMatchObject({
          httpMethod: 'GET',
          resource: '/ccsc/api/v1/me',
          path: '/ccsc/api/v1/me',
          queryStringParameters: { verbose: '1' },
          body: null,
        });
        expect(event?.headers.authorization).toBe(
          'authorization' in headers ? headers.authorization : undefined,
        );
        expect(event?.requestContext.authorizer).toBeNull();
      }
    });

    it('answers 429 with Retry-After past 600 calls of one token in 5 minutes, before the token is checked', async () => {
      const authorization = `Bearer rate-limited-${String(Date.now())}`;
      const call = () =>
        app.inject({ method: 'GET', url: '/ccsc/api/v1/me', headers: { authorization } });
      for (let i = 0; i < 600; i += 1) expect((await call()).statusCode).toBe(200);
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(290);
      expectEnvelope(refused, 429, 'TOO_MANY_REQUESTS');
      expect(JSON.parse(refused.body)).toMatchObject({
        error: { message: expect.stringContaining('more than 600 calls in 5 minutes') as unknown },
      });
      // Another token, and a call without one, are not held back.
      const other = await app.inject({
        method: 'GET',
        url: '/ccsc/api/v1/me',
        headers: { authorization: 'Bearer another' },
      });
      expect(other.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/ccsc/api/v1/me' })).statusCode).toBe(200);
    });

    it('answers 501 in the envelope for a route whose handler does not exist yet', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/ccsc/api/v1/connections',
        headers: { authorization: 'Bearer any' },
      });
      expectEnvelope(res, 501, 'NOT_IMPLEMENTED');
    });

    it('serves the OpenAPI document without a token (and with one, ignoring it)', async () => {
      for (const headers of [{}, { authorization: 'Bearer nonsense' }]) {
        partnerEvents.length = 0;
        const res = await app.inject({ method: 'GET', url: '/ccsc/api/v1/openapi.json', headers });
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(res.body)).toEqual({
          status: 'success',
          data: { operation: 'partner-openapi' },
        });
        const [operation, event] = partnerEvents[0] ?? [];
        expect(operation).toBe('partner-openapi');
        expect(event?.resource).toBe('/ccsc/api/v1/openapi.json');
        expect(event?.requestContext.authorizer).toBeNull();
      }
    });

    it('answers a wrong method with 405 naming the right one, without asking for a token', async () => {
      for (const [method, url] of [
        ['POST', '/ccsc/api/v1/me'],
        ['DELETE', '/ccsc/api/v1/connections'],
        ['HEAD', '/ccsc/api/v1/me'],
        ['OPTIONS', '/ccsc/api/v1/me'],
        ['PUT', '/ccsc/api/v1/openapi.json'],
      ] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toBe('GET');
        if (method !== 'HEAD') expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
      }
    });

    it('answers an unknown call under /ccsc/api/ with 404 in the envelope, whatever the method', async () => {
      for (const url of [
        '/ccsc/api/v1/no-such-call',
        '/ccsc/api/v2/me',
        '/ccsc/api/v1/me/',
        '/ccsc/api/',
        '/ccsc/api/v1/archive?__proto__=1',
      ]) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await app.inject({
            method,
            url,
            headers: { authorization: 'Bearer any' },
          });
          expectEnvelope(res, 404, 'NOT_FOUND');
          expect(res.body).not.toContain('__proto__');
        }
      }
    });
  });
});
