import { createRequire } from 'node:module';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import { createEnrolledUser, type TestUser } from '../support/aws';

const c = inject('console');
const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

const claimsOf = (user: TestUser): Record<string, unknown> =>
  JSON.parse(Buffer.from(user.idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

describe('the Cognito user-pool authorizer emulation', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createEnrolledUser(c, 'PlatformAdmin');
  });

  it('answers 401 with the error envelope when there is no token', async () => {
    const res = await callApi(c, 'list-all-users', { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      status: 'error',
      error: { code: 'UNAUTHORIZED', message: 'Unauthorized' },
    });
  });

  it('answers 401 for a token with alg "none"', async () => {
    const claims = claimsOf(admin);
    const token = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    expect((await callApi(c, 'list-all-users', { body: {}, token })).status).toBe(401);
  });

  it('answers 401 for a token signed by a key that is not the pool’s', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const header = JSON.parse(
      Buffer.from(admin.idToken.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as { kid: string };
    const token = await new SignJWT(claimsOf(admin))
      .setProtectedHeader({ alg: 'RS256', kid: header.kid })
      .sign(privateKey);
    expect((await callApi(c, 'list-all-users', { body: {}, token })).status).toBe(401);
  });

  it('answers 401 for an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const jwk = await exportJWK(publicKey);
    const secret = new TextEncoder().encode(JSON.stringify(jwk));
    const token = await new SignJWT(claimsOf(admin))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    expect((await callApi(c, 'list-all-users', { body: {}, token })).status).toBe(401);
  });

  it('answers 401 for an expired token, even one signed with the pool’s own key', async () => {
    const require = createRequire(import.meta.url);
    const keyFile = require('cognito-local/lib/keys/cognitoLocal.private.json') as {
      jwk: JWK;
    };
    const key = await importJWK(keyFile.jwk, 'RS256');
    const header = JSON.parse(
      Buffer.from(admin.idToken.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as { kid: string };
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...claimsOf(admin), iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid })
      .sign(key);
    expect((await callApi(c, 'list-all-users', { body: {}, token })).status).toBe(401);
  });

  it('answers 401 for an access token in place of the ID token', async () => {
    const res = await callApi(c, 'list-all-users', { body: {}, token: admin.accessToken });
    expect(res.status).toBe(401);
  });

  it('answers 401 for a tampered payload', async () => {
    const [h, , s] = admin.idToken.split('.');
    const token = `${h ?? ''}.${b64url({ ...claimsOf(admin), 'cognito:groups': ['PlatformAdmin'], email: 'x@y.z' })}.${s ?? ''}`;
    expect((await callApi(c, 'list-all-users', { body: {}, token })).status).toBe(401);
  });

  it('lets a valid ID token through, with or without the Bearer prefix', async () => {
    const bearer = await callApi(c, 'list-all-users', { body: {}, token: admin.idToken });
    expect(bearer.status).toBe(200);
    const raw = await callApi(c, 'list-all-users', {
      body: {},
      headers: { authorization: admin.idToken },
    });
    expect(raw.status).toBe(200);
  });
});
