import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routeList, type RouteDefinition } from '@ccsc/contract';
import { createEnrolledUser } from '../support/aws';
import { PROTOTYPE_KEYS } from '@ccsc/lambdas/testing';

/**
 * Hostile input on every route of the contract, public and authenticated, with and without a
 * valid token: keys named like Object.prototype members in the query string and in JSON bodies
 * (nested too), wrong methods, malformed JSON, wrong content types, bodies over the route's own
 * limit and over the server's, an over-long URL and an oversized header. Whatever arrives, the
 * console answers in its envelope, never with a 5xx and never with a word of its internals.
 *
 * Only invalid input is sent (some routes change state: delete-user, reset-user-mfa, ...), so no
 * request here can do anything but be refused.
 */

const c = inject('console');
const url = new URL(c.url);

/** What no answer may contain: a program's internals, or Fastify's own error body. */
const INTERNAL_TEXT = [
  /is not a function/,
  /TypeError|ReferenceError|SyntaxError/,
  /\bat .+:\d+:\d+/,
  /node_modules|\.ts:\d+/,
  /"statusCode"/,
  /"error"\s*:\s*"/,
  /FST_[A-Z_]+/,
];

/** Fastify's limit on a body: API Gateway's 10 MiB. */
const SERVER_BODY_LIMIT = 10 * 1024 * 1024;
const overServerLimit = Buffer.alloc(SERVER_BODY_LIMIT + 1, 'x');

interface Probe {
  /** What the case is, for the failure message. */
  name: string;
  method: string;
  /** Path and query under /ccsc/ui/. */
  path: string;
  token?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The status the answer must have (one of them), when the case pins it. */
  status?: number | number[];
  /** Refused before the authorizer looks at the token (by Fastify, or as an unknown call). */
  beforeAuth?: boolean;
  /**
   * Send the headers (Content-Length included) and only the first part of the body: the server
   * answers a declared length over its limit at once and closes, and a client still writing the
   * rest would see EPIPE instead of the answer.
   */
  announceOnly?: boolean;
  /** An unknown field the 400 must name. */
  unknownField?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** One request over node:http, which (unlike fetch) lets any method carry any body. */
const send = (probe: Probe) =>
  new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { ...probe.headers };
    if (probe.token !== undefined) headers.authorization = `Bearer ${probe.token}`;
    // Node's client frames no body of a DELETE or OPTIONS unless told its length.
    if (probe.body !== undefined) headers['content-length'] = String(Buffer.byteLength(probe.body));
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: probe.method,
        path: `/ccsc/ui/${probe.path}`,
        headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (probe.announceOnly === true && probe.body !== undefined) {
      req.write(probe.body.slice(0, 64 * 1024));
      req.on('response', (res) => res.on('end', () => req.destroy()));
    } else {
      req.end(probe.body);
    }
  });

const check = (probe: Probe, answer: Answer) => {
  const what = `${probe.name}: ${probe.method} /ccsc/ui/${probe.path.slice(0, 120)} -> ${answer.status} ${answer.body.slice(0, 300)}`;
  expect(answer.status, what).toBeGreaterThanOrEqual(200);
  expect(answer.status, what).toBeLessThan(500);
  if (probe.status !== undefined) expect([probe.status].flat(), what).toContain(answer.status);
  for (const pattern of INTERNAL_TEXT) expect(answer.body, what).not.toMatch(pattern);
  expect(answer.headers['cache-control'], what).toBe('no-store');
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  if (probe.method === 'HEAD') return;
  expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as {
    status?: unknown;
    error?: { code?: unknown; message?: unknown; fields?: { path: string; message: string }[] };
  };
  if (answer.status < 400) {
    expect(body.status, what).toBe('success');
    return;
  }
  expect(body.status, what).toBe('error');
  expect(Object.keys(body).sort(), what).toEqual(['error', 'status']);
  expect(typeof body.error?.code, what).toBe('string');
  expect(typeof body.error?.message, what).toBe('string');
  if (probe.unknownField !== undefined) {
    expect(body.error?.code, what).toBe('VALIDATION_FAILED');
    expect(body.error?.fields, what).toContainEqual({
      path: probe.unknownField,
      message: 'Unknown field',
    });
  }
};

/** Sends the probes in chunks of moderate size and checks every answer. */
const run = async (probes: Probe[], chunk = 24) => {
  for (let i = 0; i < probes.length; i += chunk) {
    const part = probes.slice(i, i + chunk);
    const answers = await Promise.all(part.map(send));
    part.forEach((probe, j) => {
      const answer = answers[j];
      if (answer === undefined) throw new Error(`no answer to ${probe.name}`);
      check(probe, answer);
    });
  }
  expect(Object.prototype).not.toHaveProperty('polluted');
};

/** The keys of a route's request object, if it is one (a refined schema has none to offer). */
const knownKeys = (route: RouteDefinition): string[] => {
  const shape = (route.request as { shape?: Record<string, unknown> }).shape;
  return shape === undefined ? [] : Object.keys(shape);
};

const json = { 'content-type': 'application/json' };
/** A hostile value: `__proto__` and `constructor.prototype` are how prototypes get polluted. */
const poison =
  '{"polluted":true,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'];

describe('every route under hostile input', () => {
  let token: string;

  beforeAll(async () => {
    token = (await createEnrolledUser(c, 'PlatformAdmin')).idToken;
  });

  afterAll(() => {
    agent.destroy();
  });

  /** Who calls: nobody, a forged token, a signed-in PlatformAdmin (whom every route allows). */
  const callers = (route: RouteDefinition) =>
    [
      { who: 'no token', token: (): string | undefined => undefined },
      { who: 'forged token', token: () => 'e30.e30.e30' },
      { who: 'PlatformAdmin', token: () => token },
    ].map((caller) => ({
      ...caller,
      // The authorizer refuses before any Lambda runs: a 401, whatever else is wrong.
      refused: route.auth === 'authenticated' && caller.who !== 'PlatformAdmin',
    }));

  /** Bodies the Lambda must refuse, and what a body route answers each with. */
  const BAD_BODIES: {
    name: string;
    headers: Record<string, string>;
    body: string;
    status: number;
    beforeAuth?: boolean;
  }[] = [
    { name: 'malformed JSON', headers: json, body: '{"__proto__":', status: 400 },
    { name: 'JSON with a BOM and trailing junk', headers: json, body: '\uFEFF{}}', status: 400 },
    { name: 'a JSON array', headers: json, body: `[${poison}]`, status: 400 },
    { name: 'JSON null', headers: json, body: 'null', status: 400 },
    { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: poison, status: 415 },
    {
      name: 'a form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__[polluted]=1&constructor[prototype][polluted]=1',
      status: 415,
    },
    {
      name: 'multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x--',
      status: 415,
    },
    { name: 'no content type', headers: {}, body: poison, status: 415 },
    {
      name: 'a broken content type',
      headers: { 'content-type': ';;;/' },
      body: poison,
      // Fastify cannot even parse this header: refused before any route runs.
      status: 415,
      beforeAuth: true,
    },
  ];

  const probesOf = (route: RouteDefinition): Probe[] => {
    const probes: Probe[] = [];
    for (const caller of callers(route)) {
      const as = (p: Omit<Probe, 'token'>): Probe => ({
        ...p,
        token: caller.token(),
        name: `${route.operation} (${caller.who}) ${p.name}`,
        ...(caller.refused && p.beforeAuth !== true
          ? { status: 401, unknownField: undefined }
          : {}),
      });

      for (const key of PROTOTYPE_KEYS) {
        if (route.input === 'query') {
          // A call otherwise valid (for redirectUser: one of its flags) with one key more.
          const valid = route.operation === 'redirectUser' ? 'logLogin=true&' : '';
          probes.push(
            as({
              name: `query key ${key}`,
              method: route.method,
              path: `${route.path}?${valid}${key}=1`,
              status: 400,
              unknownField: key,
            }),
          );
          if (route.method === 'POST') {
            probes.push(
              as({
                name: `body key ${key} on a query route`,
                method: 'POST',
                path: `${route.path}?${valid}${key}=1`,
                headers: json,
                body: `{${JSON.stringify(key)}:${poison}}`,
                status: 400,
              }),
            );
          }
        } else {
          probes.push(
            as({
              name: `query key ${key} and body key ${key}`,
              method: route.method,
              path: `${route.path}?${key}=1&${key}=2`,
              headers: json,
              body: `{${JSON.stringify(key)}:${poison}}`,
              status: 400,
              unknownField: key,
            }),
          );
          for (const known of knownKeys(route).slice(0, 2)) {
            probes.push(
              as({
                name: `body key ${known}.${key}`,
                method: route.method,
                path: route.path,
                headers: json,
                body: `{${JSON.stringify(known)}:{${JSON.stringify(key)}:${poison}}}`,
                status: 400,
              }),
            );
          }
        }
      }

      if (caller.who === 'forged token') continue; // the rest: with and without a valid token

      for (const method of OTHER_METHODS.filter((m) => m !== route.method)) {
        probes.push(
          as({
            name: `method ${method}`,
            method,
            path: `${route.path}?__proto__=1`,
            ...(method === 'GET' || method === 'HEAD' ? {} : { headers: json, body: '{' }),
            // Methods the offline server serves on no route are unknown calls (404, before the
            // authorizer); the others reach the Lambda: 405 from a route's own handler, 404 from
            // the shared not-implemented one (as API Gateway answers a method it does not route).
            ...(['OPTIONS', 'PROPFIND'].includes(method)
              ? { status: 404, beforeAuth: true }
              : { status: [404, 405] }),
          }),
        );
      }

      // The offline server, like Fastify, reads no body of a GET: these are for POST routes.
      if (route.method === 'GET') continue;
      for (const bad of BAD_BODIES) {
        probes.push(
          as({
            name: bad.name,
            method: route.method,
            path: route.path,
            headers: bad.headers,
            body: bad.body,
            // A query route takes no body at all.
            status: route.input === 'body' || bad.beforeAuth === true ? bad.status : 400,
            ...(bad.beforeAuth === true ? { beforeAuth: true } : {}),
          }),
        );
      }
      probes.push(
        as({
          name: `a body over the route's ${route.maxBodyBytes} bytes`,
          method: route.method,
          path: route.path,
          headers: json,
          body: JSON.stringify({ __pad: 'x'.repeat(route.maxBodyBytes) }),
          status: 413,
        }),
      );
    }
    return probes;
  };

  it.each(routeList.map((r) => [r.operation, r] as const))('%s', async (_op, route) => {
    await run(probesOf(route));
  });

  it('answers a body over the server’s 10 MiB limit with 413 on every route', async () => {
    await run(
      routeList.map((route) => ({
        name: `${route.operation}: body over 10 MiB`,
        method: 'POST',
        path: `${route.path}?__proto__=1`,
        token,
        headers: json,
        body: overServerLimit,
        announceOnly: true,
        status: 413,
      })),
      4,
    );
  });

  it('answers an over-long URL and an oversized header with 431 on every route', async () => {
    await run(
      routeList.flatMap((route): Probe[] => [
        {
          name: `${route.operation}: 20 kB query`,
          method: route.method,
          path: `${route.path}?__proto__=${'x'.repeat(20_000)}`,
          token,
          status: 431,
        },
        {
          name: `${route.operation}: 20 kB cookie`,
          method: route.method,
          path: `${route.path}?toString=1`,
          token,
          headers: { cookie: `a=${'x'.repeat(20_000)}` },
          status: 431,
        },
      ]),
    );
  });
});
