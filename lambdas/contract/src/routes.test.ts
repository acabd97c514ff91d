import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRoute } from './route';
import { routeList, routes } from './routes';

describe('the route table', () => {
  it('declares every call of SPEC §7', () => {
    const paths = routeList.map((r) => r.path);
    for (const call of [
      'logout',
      'list-all-users',
      'delete-user',
      'disable-user',
      'enable-user',
      'create-user',
      'update-user',
      'redirectUser',
      'confirm-forget-password',
      'forget-totp',
      'accountLockout',
      'getSiteOrgList',
      'get-mob-dial-code',
      'list-all-groups',
      'getSponsorList',
      'getOrgSysList',
      'generateApiCredential',
      'resendApiCredential',
      'deleteApiCredential',
      'downloadApiScope',
      'decription',
    ]) {
      expect(paths).toContain(call);
    }
    expect(paths.some((p) => p.startsWith('artifact/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('s3documents/'))).toBe(true);
  });

  it('keys each route by its operation and gives every path once', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.operation).toBe(key);
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives authenticated routes roles and public routes none', () => {
    for (const r of routeList) {
      if (r.auth === 'public') expect(r.roles).toEqual([]);
      else expect(r.roles.length).toBeGreaterThan(0);
    }
  });

  it('marks exactly the spec’s unauthenticated calls public (plus the link redemptions)', () => {
    expect(
      routeList
        .filter((r) => r.auth === 'public')
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        'accountLockout',
        'confirm-forget-password',
        'decription',
        'get-api-credential-link',
        'forget-totp',
        'forget-totp/confirm',
      ].sort(),
    );
  });

  it('never lets a GET read a body', () => {
    for (const r of routeList) if (r.method === 'GET') expect(r.input).toBe('query');
  });
});

describe('defineRoute', () => {
  it('builds a route’s schemas on first read, once, and never before', () => {
    let built = 0;
    const route = defineRoute({
      operation: 'probe',
      method: 'POST',
      path: 'probe',
      input: 'body',
      auth: 'authenticated',
      roles: [],
      summary: 'probe',
      request: () => {
        built += 1;
        return z.object({ name: z.string() }).strict();
      },
      response: () => z.object({ ok: z.boolean() }),
    });
    expect(built).toBe(0);
    expect(route.request.safeParse({ name: 'x' }).success).toBe(true);
    expect(route.request.safeParse({ name: 'x', extra: 1 }).success).toBe(false);
    expect(route.request).toBe(route.request);
    expect(built).toBe(1);
    // A copy of the route (spread, as the mock server and infra make) carries the same schemas.
    expect({ ...route }.response).toBe(route.response);
    expect(route.maxBodyBytes).toBe(16 * 1024);
  });
});

describe('every route', () => {
  it('reads its request through a plain object schema, whose shape readers use', () => {
    // The gateway's models, the fuzz test's probes and the query parameters all read it;
    // a z.lazy here would hide the shape without a type error.
    for (const route of routeList) {
      expect(route.request._zod.def.type, route.operation).toBe('object');
    }
  });
});
