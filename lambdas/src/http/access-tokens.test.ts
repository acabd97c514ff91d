import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPE_VALUES } from '@ccsc/contract';
import { type AccessTokenCheck, createAccessTokens } from './access-tokens';

type Key = Parameters<SignJWT['sign']>[0];

const POOL = 'eu-central-1_Partner1';
const CLIENT = '4l9c0tvd0bq0ov0jsvd6lfc3pf';

/**
 * The partner functions' own check of an access token (issue 36), what API Gateway's Cognito
 * authorizer with OAuth scopes admitted before, against a JWKS served here. The offline Cognito's
 * real tokens go through it in the integration tests (partner-client, cognito-parity-m2m-tokens).
 */
describe('the partner API’s access tokens', () => {
  let server: Server;
  let issuer = '';
  let jwksUrl = '';
  let key: Key;
  let kid = '';
  let jwksFetches = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    kid = randomUUID();
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
    server = createServer((req, res) => {
      jwksFetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    issuer = `http://127.0.0.1:${String(port)}/${POOL}`;
    jwksUrl = `${issuer}/.well-known/jwks.json`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** An access token as the client_credentials grant issues it (tokens.ts), with overrides. */
  const mint = async (
    overrides: JWTPayload = {},
    signing: { key?: Key; kid?: string; alg?: string } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      sub: CLIENT,
      token_use: 'access',
      scope: 'ccsc-api/system.read',
      auth_time: now,
      version: 2,
      client_id: CLIENT,
      iss: issuer,
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      ...overrides,
    })
      .setProtectedHeader({ alg: signing.alg ?? 'RS256', kid: signing.kid ?? kid })
      .sign(signing.key ?? key);
  };

  const tokens = () => createAccessTokens({ issuer, jwksUrl });
  const check = (header: string | undefined, checker = tokens()): Promise<AccessTokenCheck> =>
    checker.check(header, new Date());

  const refused: AccessTokenCheck = { kind: 'refused' };

  it('admits an access token with an API scope: its client, scopes and issue time', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mint({ scope: 'ccsc-api/system.read ccsc-api/connections.read', iat: now });
    expect(await check(`Bearer ${token}`)).toEqual({
      kind: 'admitted',
      claims: {
        clientId: CLIENT,
        scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
        issuedAt: now,
      },
    });
  });

  it('admits any one of the API scopes, beside scopes of no concern to it', async () => {
    for (const scope of [...API_SCOPE_VALUES, 'other-api/read ccsc-api/connections.read']) {
      const result = await check(`Bearer ${await mint({ scope })}`);
      expect(result.kind === 'admitted' ? result.claims.scopes.join(' ') : result.kind, scope).toBe(
        scope,
      );
    }
  });

  it('takes the token raw or after "Bearer" in any case, as API Gateway did', async () => {
    const token = await mint();
    for (const header of [token, `bearer ${token}`, `BEARER   ${token}`]) {
      expect((await check(header)).kind, header.slice(0, 10)).toBe('admitted');
    }
  });

  it('tells no token (no header, an empty one, "Bearer" alone) from a token that is not a JWT', async () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', '  ']) {
      expect(await check(header), String(header)).toEqual({ kind: 'none' });
    }
    for (const header of ['Bearer not.a.jwt', 'Basic abc', 'Bearer x']) {
      expect(await check(header), header).toEqual(refused);
    }
  });

  it('refuses an expired token, and says "not yet" of one whose start lies ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await check(`Bearer ${await mint({ iat: now - 7200, exp: now - 1 })}`)).toEqual(refused);
    expect(await check(`Bearer ${await mint({ nbf: now + 600 })}`)).toEqual({ kind: 'not-yet' });
  });

  it('checks against the clock it is given', async () => {
    const token = `Bearer ${await mint()}`;
    expect((await tokens().check(token, new Date(Date.now() + 2 * 3600_000))).kind).toBe('refused');
    expect((await tokens().check(token, new Date())).kind).toBe('admitted');
  });

  it('refuses a token of another issuer (another pool, another host)', async () => {
    for (const iss of [
      issuer.replace(POOL, 'eu-central-1_Other'),
      `https://cognito-idp.eu-central-1.amazonaws.com/${POOL}`,
    ]) {
      expect(await check(`Bearer ${await mint({ iss })}`), iss).toEqual(refused);
    }
    expect(await check(`Bearer ${await mint({ iss: undefined })}`)).toEqual(refused);
  });

  it('refuses an ID token, even one with an API scope', async () => {
    const token = await mint({ token_use: 'id', aud: CLIENT, email: 'ada@example.com' });
    expect(await check(`Bearer ${token}`)).toEqual(refused);
  });

  it('refuses an access token without an API scope (a user’s, another API’s, none) or client', async () => {
    for (const scope of [
      'aws.cognito.signin.user.admin',
      'other-api/read',
      'ccsc-api/unknown.read',
      'ccsc-api',
      '',
    ]) {
      expect(await check(`Bearer ${await mint({ scope })}`), scope).toEqual(refused);
    }
    expect(await check(`Bearer ${await mint({ scope: undefined })}`)).toEqual(refused);
    expect(await check(`Bearer ${await mint({ scope: ['ccsc-api/system.read'] })}`)).toEqual(
      refused,
    );
    expect(await check(`Bearer ${await mint({ client_id: '' })}`)).toEqual(refused);
  });

  it('refuses a bad signature: another key under the pool key’s kid, a tampered payload', async () => {
    const other = await generateKeyPair('RS256');
    expect(await check(`Bearer ${await mint({}, { key: other.privateKey })}`)).toEqual(refused);
    const [header, , signature] = (await mint()).split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: 'x',
        token_use: 'access',
        scope: API_SCOPE_VALUES.join(' '),
        iss: issuer,
      }),
    ).toString('base64url');
    expect(await check(`Bearer ${String(header)}.${payload}.${String(signature)}`)).toEqual(
      refused,
    );
  });

  it('refuses alg "none" and HS256 keyed with anything (algorithm confusion), and an unknown kid', async () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = JSON.parse(
      Buffer.from((await mint()).split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as unknown;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims)}.`;
    expect(await check(`Bearer ${unsigned}`)).toEqual(refused);
    const hs = await mint({}, { alg: 'HS256', key: new TextEncoder().encode('x'.repeat(32)) });
    expect(await check(`Bearer ${hs}`)).toEqual(refused);
    expect(await check(`Bearer ${await mint({}, { kid: 'unknown' })}`)).toEqual(refused);
  });

  it('fetches the pool’s JWKS once per container, not per call', async () => {
    const cached = tokens();
    const before = jwksFetches;
    for (let i = 0; i < 5; i += 1) {
      expect((await check(`Bearer ${await mint()}`, cached)).kind).toBe('admitted');
    }
    expect(jwksFetches - before).toBe(1);
  });

  it('fails (a fault of ours, not a refusal) when the pool’s keys cannot be read', async () => {
    const unreachable = createAccessTokens({
      issuer,
      jwksUrl: 'http://127.0.0.1:9/eu-central-1_Partner1/.well-known/jwks.json',
    });
    await expect(check(`Bearer ${await mint()}`, unreachable)).rejects.toThrow();
  });
});
