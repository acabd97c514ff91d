import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '@ccsc/contract/security-headers';
import { PROTOTYPE_KEYS } from '@ccsc/lambdas/testing';
import { runtimeConfig, expectEnvelope, rawRequest, useTestApp } from './app-fixture';

describe('the offline app', () => {
  const testApp = useTestApp();
  const { events } = testApp;
  let app: FastifyInstance;
  let port: number;
  beforeAll(() => {
    ({ app, port } = testApp);
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

    it('answers a body over the limit that the client goes on sending with its 413, not a reset', async () => {
      // A client that sends its whole body before it reads, after `Expect: 100-continue` as curl
      // sends it for a large body: the answer must reach it, so the server reads a bounded
      // amount on before it closes (it had reset the connection: curl's "failed sending data").
      const send = (path: string, bytes: number) =>
        new Promise<{ status: number; body: string; sendError: string | null }>((resolve) => {
          let answer: { status: number; body: string } | null = null;
          let sendError: string | null = null;
          let sent = false;
          const settle = () => {
            if (answer !== null && (sent || sendError !== null)) resolve({ ...answer, sendError });
          };
          const req = request(
            {
              host: '127.0.0.1',
              port,
              path,
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'content-length': bytes,
                expect: '100-continue',
              },
            },
            (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => {
                answer = { status: res.statusCode ?? 0, body };
                settle();
              });
            },
          );
          // curl gives up at a failed send ("Send failure: Broken pipe"), answer or not.
          req.on('error', (err: Error & { code?: string }) => {
            sendError = err.code ?? err.message;
            answer ??= { status: 0, body: '' };
            settle();
          });
          req.on('finish', () => {
            sent = true;
            settle();
          });
          // A megabyte every 10 ms: the answer is written while the body is still coming.
          const chunk = Buffer.alloc(1024 * 1024, 0x78);
          let left = bytes;
          const write = () => {
            if (left <= 0) {
              req.end();
              return;
            }
            const piece = chunk.subarray(0, Math.min(chunk.length, left));
            left -= piece.length;
            req.write(piece);
            setTimeout(write, 10);
          };
          req.once('continue', write);
        });
      for (let i = 0; i < 3; i += 1) {
        for (const path of ['/ccsc/ui/logout', '/ccsc/api/v1/me']) {
          const answer = await send(path, 15 * 1024 * 1024);
          expect(answer.sendError, path).toBeNull();
          expect(answer.status, path).toBe(413);
          expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
        }
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
});
