import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { apiGatewayEvent, claimsFor } from '../testing/api-gateway-event';
import { ConflictError } from '../core/errors';
import { lambdaLogger } from '../core/logger';
import { logLinesOf } from '../core/testing/log-lines';
import { createHandler, createNotImplementedHandler } from './router';
import { silentLogger, echoRoute, enrolled, opts, echo, parse } from './router-test-kit';

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
