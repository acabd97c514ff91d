import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, partnerRouteList, type Operation, type RuntimeConfig } from '@ccsc/contract';
import { contentSecurityPolicy } from '@ccsc/contract/security-headers';
import type { LambdaHandler } from '@ccsc/lambdas/handlers';
import { createAccessTokenAuthorizer } from './access-token-authorizer';
import { buildApp } from './app';
import { PROTOTYPE_KEYS } from '@ccsc/lambdas/testing';

const runtimeConfig: RuntimeConfig = {
  region: 'eu-central-1',
  userPoolId: 'eu-central-1_test',
  userPoolClientId: 'client',
  cognitoEndpoint: 'http://localhost:9229',
  apiBaseUrl: '/ccsc/ui/',
  productName: 'CCSC Admin Console',
  supportEmail: 'support@example.com',
  environmentName: 'local',
  idleTimeoutSeconds: 900,
  accountName: 'CCSC Local',
};

/** What the app must never let out: Fastify's default error body, or a program's internals. */
const INTERNAL_TEXT = [
  /is not a function/,
  /TypeError/,
  /statusCode/,
  /"error"\s*:\s*"/,
  /FST_/,
  /\bat .+:\d+:\d+/,
];

/** A hashed script of the build with its .br and .gz copies, a stylesheet without any. */
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const STYLE = 'body { color: black; }';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

const expectEnvelope = (
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) => {
  expect(res.statusCode).toBe(status);
  for (const pattern of INTERNAL_TEXT) expect(res.body).not.toMatch(pattern);
  const body = JSON.parse(res.body) as { status: string; error: { code: string; message: string } };
  expect(Object.keys(body).sort()).toEqual(['error', 'status']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.status).toBe('error');
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy']).toContain('camera=()');
};

/** One raw HTTP/1.1 exchange, so that requests Node's parser refuses can be sent at all. */
const rawRequest = (port: number, request: string) =>
  new Promise<{ statusCode: number; headers: Record<string, string>; body: string }>(
    (resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n', 2);
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const at = line.indexOf(':');
          headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
        }
        resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
      });
      socket.write(request);
    },
  );

/** The partner API's tokens in these tests: signed by a key of the test's, as the pool's are. */
const PARTNER_ISSUER = 'http://127.0.0.1:9229/eu-central-1_test';
const MACHINE = '6c1a2b3c4d5e6f7g8h9i0j1k2l';
const partnerKeys = (async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  return { privateKey, jwks: createLocalJWKSet({ keys: [jwk] }) };
})();
const accessToken = async (claims: Record<string, unknown>) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: MACHINE,
    client_id: MACHINE,
    token_use: 'access',
    scope: 'ccsc-api/system.read',
    version: 2,
    jti: 'j1',
    iss: PARTNER_ISSUER,
    iat: now,
    exp: now + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign((await partnerKeys).privateKey);
};

describe('the offline app', () => {
  let app: FastifyInstance;
  let webRoot: string;
  let port: number;
  const events: APIGatewayProxyEvent[] = [];
  /** What the partner handlers were called with, by operation. */
  const partnerEvents: [string, APIGatewayProxyEvent][] = [];

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'ccsc-app-'));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(
      join(webRoot, 'login.html'),
      '<!doctype html><title>console</title><div id="root"><h1>Login</h1></div>',
    );
    await writeFile(join(webRoot, 'favicon.svg'), FAVICON);
    await mkdir(join(webRoot, '.vite'));
    await writeFile(join(webRoot, '.vite', 'manifest.json'), '{}');
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    await writeFile(join(webRoot, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(webRoot, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(webRoot, 'assets', 'index-Ef56Gh78.css'), STYLE);
    const echo: LambdaHandler = (event) => {
      events.push(event);
      return Promise.resolve({
        statusCode: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
        body: JSON.stringify({ status: 'success', data: {} }),
      });
    };
    const handlers = Object.fromEntries(operations.map((op) => [op, echo])) as Record<
      Operation,
      LambdaHandler
    >;
    // A handler that fails the way the event builder did: the app must not tell the world.
    handlers['forget-totp'] = () =>
      Promise.reject(new TypeError('multi[key].push is not a function'));
    app = await buildApp({
      webRoot,
      runtimeConfig,
      authorizer: {
        authorize: (header) =>
          Promise.resolve(header === 'Bearer good' ? { sub: 'caller', token_use: 'id' } : null),
      },
      handlers,
      accessTokenAuthorizer: createAccessTokenAuthorizer({
        issuer: PARTNER_ISSUER,
        jwksUrl: `${PARTNER_ISSUER}/.well-known/jwks.json`,
        keys: (await partnerKeys).jwks,
      }),
      // partner-connections has no handler (yet): it answers 501.
      partnerHandlers: Object.fromEntries(
        ['partner-me', 'partner-openapi'].map((operation) => [
          operation,
          (event: APIGatewayProxyEvent) => {
            partnerEvents.push([operation, event]);
            return Promise.resolve({
              statusCode: 200,
              headers: { 'Content-Type': 'application/json; charset=utf-8' },
              body: JSON.stringify({ status: 'success', data: { operation } }),
            });
          },
        ]),
      ),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  describe('prototype-named query keys', () => {
    it.each(PROTOTYPE_KEYS)('reach the Lambda of every route as own keys: %s', async (key) => {
      for (const [method, path, auth] of [
        ['POST', 'accountLockout', undefined], // public
        ['GET', 'list-all-groups', 'Bearer good'], // authenticated
      ] as const) {
        events.length = 0;
        const res = await app.inject({
          method,
          url: `/ccsc/ui/${path}?${key}=1`,
          headers: auth === undefined ? {} : { authorization: auth },
        });
        expect(res.statusCode, `${method} ${path}?${key}=1: ${res.body}`).toBe(200);
        const [event] = events;
        expect(Object.keys(event?.queryStringParameters ?? {})).toEqual([key]);
        expect(Object.hasOwn(event?.queryStringParameters ?? {}, key)).toBe(true);
        expect(event?.queryStringParameters?.[key]).toBe('1');
        expect(event?.multiValueQueryStringParameters?.[key]).toEqual(['1']);
      }
      expect(Object.prototype).not.toHaveProperty('1');
    });

    it('are refused by the authorizer like any other call without a token', async () => {
      const res = await app.inject({ method: 'GET', url: '/ccsc/ui/list-all-groups?__proto__=1' });
      expectEnvelope(res, 401, 'UNAUTHORIZED');
    });
  });

  describe('every error answers in the error envelope', () => {
    it('hides a failure of the handler behind a generic 500', async () => {
      const res = await app.inject({ method: 'POST', url: '/ccsc/ui/forget-totp', payload: '{}' });
      expectEnvelope(res, 500, 'INTERNAL');
    });

    it('answers a body over the 10 MiB limit with 413 on an API route, an unknown call and a page', async () => {
      const payload = 'x'.repeat(10 * 1024 * 1024 + 1);
      for (const url of ['/ccsc/ui/logout', '/ccsc/ui/no-such-call', '/users', '/config.json']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
      }
    });

    it('answers an unknown API call with 404, whatever the method', async () => {
      for (const method of ['GET', 'POST', 'OPTIONS', 'DELETE'] as const) {
        const res = await app.inject({ method, url: '/ccsc/ui/no-such-call?__proto__=1' });
        expectEnvelope(res, 404, 'NOT_FOUND');
      }
    });

    it('answers a Content-Type Fastify cannot parse with 415, before the authorizer', async () => {
      for (const url of ['/ccsc/ui/logout', '/ccsc/ui/accountLockout']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': ';;;/' },
          payload: '{}',
        });
        expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it('answers a URL whose path does not decode with 400, before any route runs', async () => {
      for (const url of ['/ccsc/ui/logout%E0%A4%A', '/%zz', `/${'a'.repeat(300)}%`]) {
        const res = await app.inject({ method: 'POST', url });
        expectEnvelope(res, 400, 'BAD_REQUEST');
        expect(res.body).not.toContain('%');
      }
    });

    it('answers a header over Node’s limit with 431, before any route runs', async () => {
      const res = await rawRequest(
        port,
        `GET /ccsc/ui/list-all-groups HTTP/1.1\r\nHost: x\r\nCookie: a=${'x'.repeat(20_000)}\r\n\r\n`,
      );
      expectEnvelope(res, 431, 'BAD_REQUEST');
      expect(res.headers.connection).toBe('close');
    });

    it('answers a URL over Node’s limit with 431', async () => {
      const res = await rawRequest(
        port,
        `GET /ccsc/ui/list-all-groups?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expectEnvelope(res, 431, 'BAD_REQUEST');
    });

    it('answers a request Node cannot parse with 400', async () => {
      const res = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
      expectEnvelope(res, 400, 'BAD_REQUEST');
    });

    it('answers an oversized header with 431 through fetch too', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/ccsc/ui/logout?__proto__=1`, {
        method: 'POST',
        headers: { cookie: `a=${'x'.repeat(20_000)}` },
      });
      const body = await res.text();
      expectEnvelope(
        { statusCode: res.status, headers: Object.fromEntries(res.headers), body },
        431,
        'BAD_REQUEST',
      );
    });
  });

  describe('the web build', () => {
    const script = '/assets/index-Ab12Cd34.js';
    const get = (url: string, acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });

    it('sends a hashed asset as Brotli when the browser takes it, immutable for a year', async () => {
      const res = await get(script, 'gzip, deflate, br, zstd');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    });

    it('falls back to gzip, then to the file itself, still varying on Accept-Encoding', async () => {
      const gz = await get(script, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      for (const acceptEncoding of [undefined, 'identity']) {
        const plain = await get(script, acceptEncoding);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(SCRIPT);
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('sends an asset without compressed copies as it is', async () => {
      const res = await get('/assets/index-Ef56Gh78.css', 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(res.body).toBe(STYLE);
    });

    it('serves "/" with the prerendered login screen, every deep link with the empty app', async () => {
      expect((await get('/')).body).toContain('<h1>Login</h1>');
      for (const url of ['/users/abc', '/forgot-password', '/admin/dashboard']) {
        const page = await get(url);
        expect(page.body, url).toContain('<title>console</title>');
        expect(page.body, url).not.toContain('<h1>Login</h1>');
      }
    });

    it('revalidates the app’s page and the icon, and never caches /config.json', async () => {
      for (const url of ['/', '/index.html', '/users/abc']) {
        const page = await get(url);
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>console</title>');
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      const compressed = await get('/', 'gzip, deflate, br');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<h1>Login</h1>');
      const deepLink = await get('/users/abc', 'gzip');
      expect(deepLink.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(deepLink.rawPayload).toString()).toContain('<title>console</title>');
      const icon = await get('/favicon.svg', 'br');
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.body).toBe(FAVICON);
      expect(icon.headers['cache-control']).toBe('no-cache');
      expect((await get('/config.json')).headers['cache-control']).toBe('no-cache');
    });

    it('answers 404, not the app, for a file the build does not have', async () => {
      for (const url of [
        '/favicon.ico',
        '/assets/index-Old00000.js',
        '/assets/index-Ab12Cd34.js.map',
        '/assets/',
        '/robots.txt?x=1',
        '/.vite/manifest.json',
      ]) {
        const res = await get(url, 'br, gzip');
        expectEnvelope(res, 404, 'NOT_FOUND');
        expect(res.body, url).not.toContain('<title>');
      }
    });
  });

  describe('what works today keeps working', () => {
    it('serves /config.json, the app for deep links, and 404 for other methods off the API', async () => {
      const config = await app.inject({ method: 'GET', url: '/config.json' });
      expect(config.statusCode).toBe(200);
      expect(config.json()).toEqual(runtimeConfig);
      expect(config.headers['cache-control']).toBe('no-cache');
      const deepLink = await app.inject({ method: 'GET', url: '/users/abc?__proto__=1' });
      expect(deepLink.statusCode).toBe(200);
      expect(deepLink.body).toContain('<title>console</title>');
      expect(deepLink.headers['x-frame-options']).toBe('DENY');
      const post = await app.inject({ method: 'POST', url: '/users' });
      expectEnvelope(post, 404, 'NOT_FOUND');
    });

    it('sends the contract’s policy, with the local Cognito endpoint', async () => {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.headers['content-security-policy']).toBe(
        contentSecurityPolicy({ cognitoEndpoint: 'http://localhost:9229' }),
      );
      expect(res.headers['content-security-policy']).toContain(
        "connect-src 'self' http://localhost:9229;",
      );
    });

    it('answers 401 in the envelope for an authenticated call without a valid token', async () => {
      const res = await app.inject({ method: 'POST', url: '/ccsc/ui/logout', payload: '{}' });
      expectEnvelope(res, 401, 'UNAUTHORIZED');
    });

    it('passes the raw body, whatever its content type, to the Lambda', async () => {
      events.length = 0;
      const res = await app.inject({
        method: 'POST',
        url: '/ccsc/ui/accountLockout',
        headers: { 'content-type': 'text/plain' },
        payload: '{"__proto__":{"polluted":true}}',
      });
      expect(res.statusCode).toBe(200);
      expect(events[0]?.body).toBe('{"__proto__":{"polluted":true}}');
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
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
          expect(res.headers['www-authenticate']).toBe('Bearer');
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
