import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPE_VALUES } from '@ccsc/contract';
import { createAccessTokenAuthorizer } from './access-token-authorizer';
import { stringifyClaims } from './authorizer';
import { createPool, startTestCognito, type TestCognito } from './cognito/testing';
import { ensureResourceServer } from './provision';
import { closeServer, listen } from './services/net';

type Key = Parameters<SignJWT['sign']>[0];

const POOL = 'eu-central-1_Partner1';
const CLIENT = '4l9c0tvd0bq0ov0jsvd6lfc3pf';

describe('the access-token authorizer (API Gateway Cognito authorizer with OAuth scopes)', () => {
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
    const port = await listen(server, 0, '127.0.0.1');
    issuer = `http://127.0.0.1:${String(port)}/${POOL}`;
    jwksUrl = `${issuer}/.well-known/jwks.json`;
  });

  afterAll(async () => {
    await closeServer(server);
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

  const authorizer = () => createAccessTokenAuthorizer({ issuer, jwksUrl });

  it('admits an access token with an API scope: its claims, stringified as API Gateway gives them', async () => {
    const now = Math.floor(Date.now() / 1000);
    const jti = randomUUID();
    const token = await mint({
      scope: 'ccsc-api/system.read ccsc-api/connections.read',
      iat: now,
      exp: now + 3600,
      auth_time: now,
      jti,
    });
    const claims = await authorizer().authorize(`Bearer ${token}`);
    expect(claims).toEqual({
      sub: CLIENT,
      token_use: 'access',
      scope: 'ccsc-api/system.read ccsc-api/connections.read',
      auth_time: String(now),
      version: '2',
      client_id: CLIENT,
      iss: issuer,
      jti,
      // exp and iat in API Gateway's date form, as the ID-token authorizer gives them.
      iat: stringifyClaims({ iat: now }).iat,
      exp: stringifyClaims({ exp: now + 3600 }).exp,
    });
    for (const value of Object.values(claims ?? {})) expect(typeof value).toBe('string');
  });

  it('admits any one of the API scopes, beside scopes of no concern to it', async () => {
    for (const scope of [...API_SCOPE_VALUES, 'other-api/read ccsc-api/connections.read']) {
      const claims = await authorizer().authorize(`Bearer ${await mint({ scope })}`);
      expect(claims?.scope, scope).toBe(scope);
    }
  });

  it('takes the token raw or after "Bearer" in any case, as API Gateway does', async () => {
    const token = await mint();
    for (const header of [token, `bearer ${token}`, `BEARER   ${token}`]) {
      expect(await authorizer().authorize(header)).not.toBeNull();
    }
  });

  it('refuses no header, an empty one and a token that is not a JWT', async () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Bearer not.a.jwt', 'Basic abc']) {
      expect(await authorizer().authorize(header), String(header)).toBeNull();
    }
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mint({ iat: now - 7200, exp: now - 1 });
    expect(await authorizer().authorize(`Bearer ${token}`)).toBeNull();
  });

  it('refuses a token of another issuer (another pool, another host)', async () => {
    for (const iss of [
      issuer.replace(POOL, 'eu-central-1_Other'),
      `https://cognito-idp.eu-central-1.amazonaws.com/${POOL}`,
    ]) {
      expect(await authorizer().authorize(`Bearer ${await mint({ iss })}`), iss).toBeNull();
    }
    expect(await authorizer().authorize(`Bearer ${await mint({ iss: undefined })}`)).toBeNull();
  });

  it('refuses an ID token, even one with an API scope', async () => {
    const token = await mint({ token_use: 'id', aud: CLIENT, email: 'ada@example.com' });
    expect(await authorizer().authorize(`Bearer ${token}`)).toBeNull();
  });

  it('refuses an access token without an API scope (a user’s, another API’s, none)', async () => {
    for (const scope of [
      'aws.cognito.signin.user.admin',
      'other-api/read',
      'ccsc-api/unknown.read',
      'ccsc-api',
      '',
    ]) {
      expect(await authorizer().authorize(`Bearer ${await mint({ scope })}`), scope).toBeNull();
    }
    expect(await authorizer().authorize(`Bearer ${await mint({ scope: undefined })}`)).toBeNull();
    expect(
      await authorizer().authorize(`Bearer ${await mint({ scope: ['ccsc-api/system.read'] })}`),
    ).toBeNull();
  });

  it('checks against the scopes it is given', async () => {
    const narrow = createAccessTokenAuthorizer({
      issuer,
      jwksUrl,
      scopes: ['ccsc-api/connections.read'],
    });
    expect(await narrow.authorize(`Bearer ${await mint()}`)).toBeNull();
    const token = await mint({ scope: 'ccsc-api/connections.read' });
    expect(await narrow.authorize(`Bearer ${token}`)).not.toBeNull();
  });

  it('refuses a bad signature: another key under the pool key’s kid, a tampered payload', async () => {
    const other = await generateKeyPair('RS256');
    expect(
      await authorizer().authorize(`Bearer ${await mint({}, { key: other.privateKey })}`),
    ).toBeNull();
    const [header, , signature] = (await mint()).split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: 'x',
        token_use: 'access',
        scope: API_SCOPE_VALUES.join(' '),
        iss: issuer,
      }),
    ).toString('base64url');
    expect(
      await authorizer().authorize(`Bearer ${String(header)}.${payload}.${String(signature)}`),
    ).toBeNull();
  });

  it('refuses alg "none" and HS256 keyed with anything (algorithm confusion)', async () => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = JSON.parse(
      Buffer.from((await mint()).split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as unknown;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims)}.`;
    expect(await authorizer().authorize(`Bearer ${unsigned}`)).toBeNull();
    const hs = await mint({}, { alg: 'HS256', key: new TextEncoder().encode('x'.repeat(32)) });
    expect(await authorizer().authorize(`Bearer ${hs}`)).toBeNull();
  });

  it('fetches the pool’s JWKS once, not per request', async () => {
    const cached = authorizer();
    const before = jwksFetches;
    for (let i = 0; i < 5; i += 1) {
      expect(await cached.authorize(`Bearer ${await mint()}`)).not.toBeNull();
    }
    expect(jwksFetches - before).toBe(1);
  });
});

// The tokens the offline Cognito really issues, for the resource server provisioning creates.
describe('the access-token authorizer and the offline Cognito', () => {
  let cognito: TestCognito | undefined;

  beforeAll(async () => {
    cognito = await startTestCognito();
  });

  afterAll(async () => {
    await cognito?.stop();
  });

  it('admits a client_credentials token of the provisioned resource server’s scopes', async () => {
    if (cognito === undefined) throw new Error('the offline Cognito did not start');
    const { sdk, cognito: running } = cognito;
    const pool = await createPool(sdk, { PoolName: 'partner' });
    await ensureResourceServer(sdk, pool);
    const created = await sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool,
        ClientName: 'eisf',
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['ccsc-api/system.read'],
      }),
    );
    const id = created.UserPoolClient?.ClientId ?? '';
    const secret = created.UserPoolClient?.ClientSecret ?? '';
    const response = await fetch(`${running.url}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };

    const issuer = `${running.url}/${pool}`;
    const authorizer = createAccessTokenAuthorizer({
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
    });
    expect(await authorizer.authorize(`Bearer ${token}`)).toMatchObject({
      sub: id,
      client_id: id,
      token_use: 'access',
      scope: 'ccsc-api/system.read',
      version: '2',
      iss: issuer,
    });
    // Another pool of the same Cognito is another issuer.
    const other = createAccessTokenAuthorizer({
      issuer: `${running.url}/eu-central-1_Other`,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
    });
    expect(await other.authorize(`Bearer ${token}`)).toBeNull();
  });
});
