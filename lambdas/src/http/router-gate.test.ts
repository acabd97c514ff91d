import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { apiGatewayEvent, claimsFor } from '../testing/api-gateway-event';
import { FakeUserDirectory } from '../core/testing/fake-user-directory';
import { TooManyRequestsError } from '../core/errors';
import { MFA_ENROLMENT_REQUIRED_MESSAGE, RIGHTS_CHANGED_MESSAGE } from './mfa-gate';
import { createHandler, createNotImplementedHandler } from './router';
import { echoRoute, directoryWith, opts, parse } from './router-test-kit';

/** The router's placeholder for routes not built yet, and its MFA gate. */

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
