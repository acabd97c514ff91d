import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineRoute } from '@ccsc/contract/route';
import { routes } from '@ccsc/contract/routes';
import { apiGatewayEvent, claimsFor } from '../testing/api-gateway-event';
import { fakeUser, FakeUserDirectory, type FakeUser } from '../core/testing/fake-user-directory';
import { ConflictError, TooManyRequestsError } from '../core/errors';
import { lambdaLogger, type Logger } from '../core/logger';
import { logLinesOf } from '../core/testing/log-lines';
import { MFA_ENROLMENT_REQUIRED_MESSAGE, RIGHTS_CHANGED_MESSAGE } from './mfa-gate';
import { createHandler, createNotImplementedHandler, type HandlerOptions } from './router';

type LogFn = (message: string, detail?: Record<string, unknown>) => void;
const silentLogger = () =>
  ({
    info: vi.fn<LogFn>(),
    warn: vi.fn<LogFn>(),
    error: vi.fn<LogFn>(),
  }) satisfies Logger;

const echoRoute = defineRoute({
  operation: 'echo',
  method: 'POST',
  path: 'echo',
  input: 'body',
  auth: 'authenticated',
  roles: ['PlatformAdmin'],
  summary: 'test',
  request: () => z.object({ name: z.string().min(2) }).strict(),
  response: () => z.object({ greeting: z.string() }),
  maxBodyBytes: 100,
});

/** The caller of claimsFor(), enrolled with TOTP unless a test says otherwise. */
const CALLER = claimsFor('PlatformAdmin').sub ?? '';
const directoryWith = (overrides: Partial<FakeUser> = {}) =>
  new FakeUserDirectory([
    fakeUser(1, { userName: CALLER, role: 'PlatformAdmin', organisationId: null, ...overrides }),
  ]);
const enrolled = directoryWith();
/** Options every test handler gets: a directory where the caller has TOTP. */
const opts = (o: Partial<HandlerOptions> = {}): HandlerOptions => ({
  logger: silentLogger(),
  accounts: () => enrolled,
  credentials: () => {
    throw new Error('a console call reads no credential');
  },
  ...o,
});

const echo = (logger = silentLogger()) =>
  createHandler(
    echoRoute,
    (input, ctx) => Promise.resolve({ greeting: `hello ${input.name} from ${ctx.caller.email}` }),
    () => ({}),
    opts({ logger }),
  );

const parse = (body: string): unknown => JSON.parse(body);

describe('createHandler', () => {
  it('answers the success envelope with the core result', async () => {
    const res = await echo()(
      apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: claimsFor('PlatformAdmin') }),
    );
    expect(res.statusCode).toBe(200);
    expect(parse(res.body)).toEqual({
      status: 'success',
      data: { greeting: 'hello Ada from caller@example.com' },
    });
    expect(res.headers?.['Cache-Control']).toBe('no-store');
  });

  it('answers 400 naming each failing field, unknown fields included', async () => {
    const res = await echo()(
      apiGatewayEvent({
        path: 'echo',
        body: { name: 'A', extra: 1 },
        claims: claimsFor('PlatformAdmin'),
      }),
    );
    expect(res.statusCode).toBe(400);
    const body = parse(res.body) as { error: { code: string; fields: { path: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.map((f) => f.path).sort()).toEqual(['extra', 'name']);
  });

  it('refuses a body that is not JSON, or not declared as JSON', async () => {
    const notJson = await echo()(
      apiGatewayEvent({ path: 'echo', rawBody: '{name:', claims: claimsFor('PlatformAdmin') }),
    );
    expect(notJson.statusCode).toBe(400);
    const wrongType = await echo()(
      apiGatewayEvent({
        path: 'echo',
        rawBody: 'name=Ada',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        claims: claimsFor('PlatformAdmin'),
      }),
    );
    expect(wrongType.statusCode).toBe(415);
  });

  it('refuses an oversized body with 413 before parsing it', async () => {
    const res = await echo()(
      apiGatewayEvent({
        path: 'echo',
        body: { name: 'x'.repeat(200) },
        claims: claimsFor('PlatformAdmin'),
      }),
    );
    expect(res.statusCode).toBe(413);
  });

  it('answers 401 without claims and 403 for a role the route does not allow', async () => {
    expect(
      (await echo()(apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: null })))
        .statusCode,
    ).toBe(401);
    const forbidden = await echo()(
      apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: claimsFor('Auditor') }),
    );
    expect(forbidden.statusCode).toBe(403);
    expect((parse(forbidden.body) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('refuses a caller with no role or with two roles', async () => {
    for (const groups of ['', 'Unknown', 'PlatformAdmin,Auditor']) {
      const res = await echo()(
        apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: claimsFor(groups) }),
      );
      expect(res.statusCode).toBe(403);
    }
  });

  it('checks the role before it looks at the input', async () => {
    const res = await echo()(
      apiGatewayEvent({ path: 'echo', body: { bogus: true }, claims: claimsFor('Auditor') }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('answers 405 for the wrong method', async () => {
    const res = await echo()(
      apiGatewayEvent({ path: 'echo', method: 'GET', claims: claimsFor('PlatformAdmin') }),
    );
    expect(res.statusCode).toBe(405);
  });

  it('maps typed errors to their status and hides unexpected ones', async () => {
    const conflict = createHandler(
      echoRoute,
      () => Promise.reject(new ConflictError('Already there.')),
      () => ({}),
      opts(),
    );
    const c = await conflict(
      apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: claimsFor('PlatformAdmin') }),
    );
    expect(c.statusCode).toBe(409);
    expect(parse(c.body)).toEqual({
      status: 'error',
      error: { code: 'CONFLICT', message: 'Already there.' },
    });

    const logger = silentLogger();
    const boom = createHandler(
      echoRoute,
      () => Promise.reject(new Error('database password is hunter2')),
      () => ({}),
      opts({ logger }),
    );
    const b = await boom(
      apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: claimsFor('PlatformAdmin') }),
    );
    expect(b.statusCode).toBe(500);
    expect(b.body).not.toContain('hunter2');
    expect(b.body).toContain('req-test-1');
    expect(logger.error).toHaveBeenCalledWith(
      'unexpected error',
      expect.objectContaining({ errorMessage: 'database password is hunter2' }),
    );
  });

  it('answers 500 when a core breaks the response contract', async () => {
    const logger = silentLogger();
    const broken = createHandler(
      echoRoute,
      () => Promise.resolve({ greeting: 42 } as unknown as { greeting: string }),
      () => ({}),
      opts({ logger }),
    );
    const res = await broken(
      apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: claimsFor('PlatformAdmin') }),
    );
    expect(res.statusCode).toBe(500);
    expect(logger.error).toHaveBeenCalled();
  });

  it('builds its dependencies once, on the first valid request', async () => {
    const getDeps = vi.fn(() => ({}));
    const h = createHandler(echoRoute, () => Promise.resolve({ greeting: 'x' }), getDeps, opts());
    await h(apiGatewayEvent({ path: 'echo', body: {}, claims: claimsFor('PlatformAdmin') }));
    expect(getDeps).not.toHaveBeenCalled();
    const ok = apiGatewayEvent({
      path: 'echo',
      body: { name: 'Ada' },
      claims: claimsFor('PlatformAdmin'),
    });
    await h(ok);
    await h(ok);
    expect(getDeps).toHaveBeenCalledTimes(1);
  });
});

describe('logs (Powertools Logger, telemetry.ts)', () => {
  it('name the Lambda invocation, the operation and API Gateway’s request id', async () => {
    const handler = createHandler(
      echoRoute,
      () => Promise.resolve({ greeting: 'x' }),
      () => ({}),
      { accounts: () => enrolled, credentials: opts().credentials },
    );
    const context = { awsRequestId: 'lambda-req-7', functionName: 'ccsc-sit-echo' } as Context;
    const lines = await logLinesOf(async () => {
      const refused = apiGatewayEvent({ path: 'echo', body: {}, claims: claimsFor('Auditor') });
      await handler(refused, context);
      lambdaLogger.info('after the call');
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      message: 'request refused',
      service: 'ccsc-console',
      operation: 'echo',
      correlation_id: 'req-test-1',
      function_request_id: 'lambda-req-7',
      function_name: 'ccsc-sit-echo',
      code: 'FORBIDDEN',
    });
    expect(lines[1]).not.toHaveProperty('correlation_id');
    expect(lines[1]).not.toHaveProperty('operation');
  });
});

describe('CORS', () => {
  it('echoes an allowed console origin and nothing else', async () => {
    const h = createHandler(
      echoRoute,
      () => Promise.resolve({ greeting: 'x' }),
      () => ({}),
      opts({ allowedOrigins: ['https://console.example'] }),
    );
    const event = (origin: string) =>
      apiGatewayEvent({
        path: 'echo',
        body: { name: 'Ada' },
        headers: { Origin: origin },
        claims: claimsFor('PlatformAdmin'),
      });
    const allowed = await h(event('https://console.example'));
    expect(allowed.headers?.['Access-Control-Allow-Origin']).toBe('https://console.example');
    expect(allowed.headers?.Vary).toBe('Origin');
    const other = await h(event('https://evil.example'));
    expect(other.headers).not.toHaveProperty('Access-Control-Allow-Origin');
    const refused = await h(
      apiGatewayEvent({
        path: 'echo',
        headers: { Origin: 'https://console.example' },
        claims: null,
      }),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.headers?.['Access-Control-Allow-Origin']).toBe('https://console.example');
  });
});

describe('query-input routes', () => {
  const redirect = createNotImplementedHandler(routes.redirectUser, opts());

  it('refuse a body: the first-login call must never carry a password or TOTP secret', async () => {
    const res = await redirect(
      apiGatewayEvent({
        path: 'redirectUser',
        query: { firstLogin: 'true' },
        body: { updatePassword: 'Secret123', qrCode: 'JBSWY3DPEHPK3PXP' },
        claims: claimsFor('PlatformAdmin'),
      }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuse a repeated query parameter', async () => {
    const res = await redirect(
      apiGatewayEvent({
        path: 'redirectUser',
        query: { logLogin: ['true', 'true'] },
        claims: claimsFor('PlatformAdmin'),
      }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuse a query key named like an Object.prototype member as an unknown field', async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const event = apiGatewayEvent({ path: 'redirectUser', claims: claimsFor('PlatformAdmin') });
      // API Gateway hands the Lambda JSON: a "__proto__" key arrives as an ordinary own key.
      event.queryStringParameters = parse(`{"logLogin":"true","${key}":"1"}`) as Record<
        string,
        string
      >;
      event.multiValueQueryStringParameters = parse(
        `{"logLogin":["true"],"${key}":["1"]}`,
      ) as Record<string, string[]>;
      event.headers = parse(`{"${key}":"1","content-type":"application/json"}`) as Record<
        string,
        string
      >;
      const res = await redirect(event);
      expect(res.statusCode, key).toBe(400);
      expect(parse(res.body)).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: [{ path: key, message: 'Unknown field' }] },
      });
    }
    expect(Object.prototype).not.toHaveProperty('1');
  });
});

describe('createNotImplementedHandler', () => {
  it('validates, then answers 501 with a clear message and no data', async () => {
    const h = createNotImplementedHandler(routes['create-user'], opts());
    const bad = await h(
      apiGatewayEvent({ path: 'create-user', body: {}, claims: claimsFor('PlatformAdmin') }),
    );
    expect(bad.statusCode).toBe(400);
    const res = await h(
      apiGatewayEvent({
        path: 'create-user',
        body: {
          userAttributes: {
            email: 'new.admin@example.com',
            givenName: 'New',
            familyName: 'Admin',
            role: 'Auditor',
            organisationId: 'site-001',
          },
        },
        claims: claimsFor('PlatformAdmin'),
      }),
    );
    expect(res.statusCode).toBe(501);
    const body = parse(res.body) as { status: string; error: { code: string; message: string } };
    expect(body.status).toBe('error');
    expect(body.error.code).toBe('NOT_IMPLEMENTED');
    expect(body.error.message).toContain('/ccsc/ui/create-user');
    expect(body).not.toHaveProperty('data');
  });
});

describe('the MFA gate', () => {
  const ok = () => Promise.resolve({ greeting: 'x' });
  const call = (
    directory: FakeUserDirectory,
    route: typeof echoRoute = echoRoute,
    body: unknown = { name: 'Ada' },
  ) =>
    createHandler(
      route,
      ok,
      () => ({}),
      opts({ accounts: () => directory }),
    )(apiGatewayEvent({ path: 'echo', body, claims: claimsFor('PlatformAdmin') }));
  const errorOf = (res: { body: string }) =>
    (parse(res.body) as { error: { code: string; message: string } }).error;

  it('lets a caller with TOTP enrolled through', async () => {
    expect((await call(directoryWith())).statusCode).toBe(200);
  });

  it('refuses a caller without TOTP with 403 MFA_ENROLMENT_REQUIRED, before reading input', async () => {
    for (const directory of [
      directoryWith({ mfaMethods: [], preferredMfa: null }),
      directoryWith({ mfaMethods: ['SMS_MFA'] }),
    ]) {
      const res = await call(directory, echoRoute, { bogus: true });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'MFA_ENROLMENT_REQUIRED',
        message: MFA_ENROLMENT_REQUIRED_MESSAGE,
      });
    }
  });

  it('lets routes marked allowedBeforeMfa through without asking the directory', async () => {
    const directory = directoryWith({ mfaMethods: [] });
    const res = await call(directory, { ...echoRoute, allowedBeforeMfa: true });
    expect(res.statusCode).toBe(200);
    expect(directory.calls).toEqual([]);
  });

  it('never asks about public routes', async () => {
    const directory = directoryWith({ mfaMethods: [] });
    const res = await createHandler(
      { ...echoRoute, auth: 'public', roles: [] },
      ok,
      () => ({}),
      opts({ accounts: () => directory }),
    )(apiGatewayEvent({ path: 'echo', body: { name: 'Ada' }, claims: null }));
    expect(res.statusCode).toBe(200);
    expect(directory.calls).toEqual([]);
  });

  it('ends the session (401) of a caller Cognito has disabled, deleted or set to reset', async () => {
    for (const directory of [
      directoryWith({ enabled: false }),
      directoryWith({ status: 'RESET_REQUIRED' }),
      new FakeUserDirectory([]),
    ]) {
      const res = await call(directory);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    }
  });

  it('ends the session (401) of a caller whose role or organisation changed since sign-in', async () => {
    for (const directory of [
      directoryWith({ role: 'Auditor', organisationId: 'site-001' }),
      directoryWith({ organisationId: 'site-001' }),
      directoryWith({ role: null }),
    ]) {
      const res = await call(directory);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(RIGHTS_CHANGED_MESSAGE);
    }
  });

  it('answers 429 when Cognito throttles the check', async () => {
    const directory = directoryWith();
    directory.failWith = new TooManyRequestsError();
    expect((await call(directory)).statusCode).toBe(429);
  });

  it('guards every authenticated route of the contract except those allowed before MFA', async () => {
    const notEnrolled = directoryWith({ mfaMethods: [] });
    for (const route of Object.values(routes)) {
      if (route.auth !== 'authenticated') continue;
      const h = createNotImplementedHandler(route, opts({ accounts: () => notEnrolled }));
      const res = await h(
        apiGatewayEvent({
          path: route.path,
          method: route.method,
          claims: claimsFor(route.roles[0] ?? 'PlatformAdmin'),
        }),
      );
      if (route.allowedBeforeMfa === true) expect(res.statusCode, route.operation).not.toBe(403);
      else expect(errorOf(res).code, route.operation).toBe('MFA_ENROLMENT_REQUIRED');
    }
    expect(routes.redirectUser).not.toHaveProperty('allowedBeforeMfa');
  });
});
