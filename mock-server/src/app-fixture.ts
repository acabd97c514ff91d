import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { operations, type Operation, type RuntimeConfig } from '@ccsc/contract';
import type { LambdaHandler } from '@ccsc/lambdas/handlers';
import { buildApp } from './app';

/**
 * For the app's tests: the Fastify app built over a small web build in a temporary folder, with
 * handlers that echo (and record) the events they get, listening on a free port. Registers its
 * own beforeAll/afterAll; `app`, `port` and `webRoot` are set once those have run.
 */

export const runtimeConfig: RuntimeConfig = {
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
export const INTERNAL_TEXT = [
  /is not a function/,
  /TypeError/,
  /statusCode/,
  /"error"\s*:\s*"/,
  /FST_/,
  /\bat .+:\d+:\d+/,
];

/** A hashed script of the build with its .br and .gz copies, a stylesheet without any. */
export const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
export const STYLE = 'body { color: black; }';
export const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

export const expectEnvelope = (
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
export const rawRequest = (port: number, request: string) =>
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

export const useTestApp = () => {
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
    // partner-connections has no handler (yet): it answers 501.
    const partnerHandlers = Object.fromEntries(
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
    );
    app = await buildApp({
      webRoot,
      runtimeConfig,
      authorizer: {
        authorize: (header) =>
          Promise.resolve(header === 'Bearer good' ? { sub: 'caller', token_use: 'id' } : null),
      },
      handlers: { ...handlers, ...partnerHandlers },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    await app.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  return {
    get app() {
      return app;
    },
    get port() {
      return port;
    },
    get webRoot() {
      return webRoot;
    },
    events,
    partnerEvents,
  };
};
