import {
  InitiateAuthCommand,
  AdminInitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { cognito, createEnrolledUser, createSignedInUser, type TestUser } from '../support/aws';

const c = inject('console');

interface UserList {
  status: 'success';
  data: {
    users: { email: string; role: string | null }[];
    count: number;
    nextCursor: string | null;
  };
}

describe('list-all-users', () => {
  let admin: TestUser;
  let auditor: TestUser;
  let orgAdmin: TestUser;
  beforeAll(async () => {
    // Administrators as the console has them: authenticator app enrolled (the API insists).
    [admin, auditor, orgAdmin] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'Auditor'),
      createEnrolledUser(c, 'OrgAdmin'),
    ]);
  });

  it('lists the directory for a PlatformAdmin, the bootstrap administrator included', async () => {
    const res = await callApi(c, 'list-all-users', { body: {}, token: admin.idToken });
    expect(res.status).toBe(200);
    const body = res.body as UserList;
    expect(body.status).toBe('success');
    expect(body.data.count).toBe(body.data.users.length);
    // The first page (by e-mail) holds the bootstrap administrator; a search finds the other.
    const emails = body.data.users.map((u) => u.email);
    expect(emails).toContain(c.bootstrapAdminEmail);
    expect(body.data.users.find((u) => u.email === c.bootstrapAdminEmail)?.role).toBe(
      'PlatformAdmin',
    );
    const found = await callApi(c, 'list-all-users', {
      body: { search: admin.email },
      token: admin.idToken,
    });
    expect((found.body as UserList).data.users.map((u) => u.email)).toEqual([admin.email]);
  });

  it('accepts the spec’s payload (an access token in the body)', async () => {
    const res = await callApi(c, 'list-all-users', {
      body: { accessToken: admin.accessToken },
      token: admin.idToken,
    });
    expect(res.status).toBe(200);
  });

  it('pages with a limit and a cursor, and searches by e-mail prefix', async () => {
    const first = await callApi(c, 'list-all-users', { body: { limit: 1 }, token: admin.idToken });
    const page1 = first.body as UserList;
    expect(page1.data.users).toHaveLength(1);
    expect(page1.data.nextCursor).not.toBeNull();
    const second = await callApi(c, 'list-all-users', {
      body: { limit: 1, cursor: page1.data.nextCursor },
      token: admin.idToken,
    });
    const page2 = second.body as UserList;
    expect(page2.data.users[0]?.email).not.toBe(page1.data.users[0]?.email);

    const search = await callApi(c, 'list-all-users', {
      body: { search: auditor.email.slice(0, 14) },
      token: admin.idToken,
    });
    expect((search.body as UserList).data.users.map((u) => u.email)).toEqual([auditor.email]);
  });

  it("answers a cursor that is not one of Cognito's with 400, not 500", async () => {
    const res = await callApi(c, 'list-all-users', {
      body: { cursor: 'bm90LWEtY3Vyc29y' },
      token: admin.idToken,
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it('lets an Auditor read everything and an OrgAdmin their own organisation only', async () => {
    const audited = await callApi(c, 'list-all-users', {
      body: { search: admin.email },
      token: auditor.idToken,
    });
    expect(audited.status).toBe(200);
    expect((audited.body as UserList).data.users.map((u) => u.email)).toContain(admin.email);
    const scoped = await callApi(c, 'list-all-users', { body: {}, token: orgAdmin.idToken });
    expect(scoped.status).toBe(200);
    const roles = (scoped.body as UserList).data.users.map((u) => u.role);
    expect(roles).not.toContain('PlatformAdmin');
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await callApi(c, 'list-all-users', {
      body: { limit: 61, search: 'a") or email = "*', colour: 'red' },
      token: admin.idToken,
    });
    expect(res.status).toBe(400);
    const fields = (res.body as { error: { fields: { path: string }[] } }).error.fields.map(
      (f) => f.path,
    );
    expect(fields.sort()).toEqual(['colour', 'limit', 'search']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await callApi(c, 'list-all-users', {
      rawBody: '{"limit":',
      headers: { 'content-type': 'application/json' },
      token: admin.idToken,
    });
    expect(res.status).toBe(400);
  });
});

describe('logout', () => {
  it('signs the caller out everywhere: the refresh token stops working', async () => {
    // Allowed before MFA: a user without an authenticator app can still sign out.
    const user = await createSignedInUser(c, 'Auditor');
    const client = cognito(c);
    const refresh = () =>
      client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: c.userPoolId,
          ClientId: c.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: user.refreshToken },
        }),
      );
    await expect(refresh()).resolves.toBeDefined();

    const res = await callApi(c, 'logout', {
      body: { accessToken: user.accessToken },
      token: user.idToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { signedOut: true } });

    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: c.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: user.refreshToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('needs a token', async () => {
    expect((await callApi(c, 'logout', { body: {} })).status).toBe(401);
  });
});

describe('the routes of the contract', () => {
  it('have all landed: the last ones (documents) answer data, not 501', async () => {
    const admin = await createEnrolledUser(c, 'PlatformAdmin');
    const res = await callApi(c, 's3documents/list', {
      method: 'GET',
      token: admin.idToken,
    });
    expect(res.status).toBe(200);
    const body = res.body as { status: string; data: { documents: unknown[] } };
    expect(body.status).toBe('success');
    expect(Array.isArray(body.data.documents)).toBe(true);
  });

  it('public ones answer without a token, and still validate', async () => {
    const bad = await callApi(c, 'decription', { body: { apiId: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('the console server', () => {
  it('serves /config.json with the local pool', async () => {
    const res = await fetch(`${c.url}/config.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      region: 'us-west-2',
      userPoolId: c.userPoolId,
      userPoolClientId: c.userPoolClientId,
      cognitoEndpoint: c.cognitoEndpoint,
      apiBaseUrl: '/ccsc/ui/',
      environmentName: 'local',
    });
  });

  it('falls back to the web app for deep links, not for unknown API calls', async () => {
    const deep = await fetch(`${c.url}/admin/user-management/edit-user`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    expect(await deep.text()).toContain('<div id="root">');
    const unknown = await callApi(c, 'no-such-call', { body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
  });

  it('sends security headers', async () => {
    const res = await fetch(`${c.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
