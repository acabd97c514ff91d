import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerRouteList } from '@ccsc/contract';
import { expectEnvelope, PARTNER_ISSUER, MACHINE, accessToken, useTestApp } from './app-fixture';

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

    it('hands an admitted call to its handler with the access token’s claims, as API Gateway does', async () => {
      partnerEvents.length = 0;
      const token = await accessToken({ scope: 'ccsc-api/system.read ccsc-api/connections.read' });
      const res = await app.inject({
        method: 'GET',
        url: '/ccsc/api/v1/me?verbose=1',
        headers: { authorization: `Bearer ${token}` },
      });
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
      const claims = (event?.requestContext.authorizer as { claims: Record<string, string> })
        .claims;
      expect(claims).toMatchObject({
        sub: MACHINE,
        client_id: MACHINE,
        token_use: 'access',
        scope: 'ccsc-api/system.read ccsc-api/connections.read',
        version: '2',
        jti: 'j1',
        iss: PARTNER_ISSUER,
      });
      for (const value of Object.values(claims)) expect(typeof value).toBe('string');
    });

    it('answers 429 with Retry-After past 600 calls of one token in 5 minutes, before the token is checked', async () => {
      const authorization = `Bearer rate-limited-${String(Date.now())}`;
      const call = () =>
        app.inject({ method: 'GET', url: '/ccsc/api/v1/me', headers: { authorization } });
      for (let i = 0; i < 600; i += 1) expect((await call()).statusCode).toBe(401);
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
      expect(other.statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/ccsc/api/v1/me' })).statusCode).toBe(401);
    });

    it('answers 401 with WWW-Authenticate before any handler: no token, an ID token, no API scope', async () => {
      partnerEvents.length = 0;
      const tokens = [
        undefined,
        'Bearer nonsense',
        `Bearer ${await accessToken({ token_use: 'id', aud: MACHINE })}`,
        `Bearer ${await accessToken({ scope: 'aws.cognito.signin.user.admin' })}`,
        `Bearer ${await accessToken({ exp: Math.floor(Date.now() / 1000) - 1 })}`,
      ];
      for (const authorization of tokens) {
        for (const path of ['me', 'connections']) {
          const res = await app.inject({
            method: 'GET',
            url: `/ccsc/api/v1/${path}`,
            headers: authorization === undefined ? {} : { authorization },
          });
          expectEnvelope(res, 401, 'UNAUTHORIZED');
          // RFC 6750 §3.1: the realm alone when no token came; invalid_token for one refused.
          expect(res.headers['www-authenticate']).toBe(
            authorization === undefined
              ? 'Bearer realm="ccsc"'
              : 'Bearer realm="ccsc", error="invalid_token", error_description="The access token is not valid: malformed, expired, not issued to a client of this API, or without any of its scopes."',
          );
        }
      }
      expect(partnerEvents).toHaveLength(0);
    });

    it('answers 501 in the envelope for a route whose handler does not exist yet', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/ccsc/api/v1/connections',
        headers: { authorization: `Bearer ${await accessToken({})}` },
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
            headers: { authorization: `Bearer ${await accessToken({})}` },
          });
          expectEnvelope(res, 404, 'NOT_FOUND');
          expect(res.body).not.toContain('__proto__');
        }
      }
    });
  });
});
