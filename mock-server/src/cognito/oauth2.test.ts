import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
  DeleteResourceServerCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { useM2mCognito } from './m2m-fixture';
import { TOKEN_BODY_LIMIT } from './oauth2';
import { srpSignIn } from './srp-sign-in';

// cognito-local with the fidelity layer in front: the token endpoint's client_credentials grant through fetch.
describe('machine-to-machine: the token endpoint', () => {
  const m = useM2mCognito();

  it('issues an access token signed by the pool key, with the scopes asked for', async () => {
    const response = await m.tokenRequest({ grant_type: 'client_credentials', scope: 'api/read' }, [
      m.m2m.id,
      m.m2m.secret,
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body).toMatchObject({ expires_in: 3600, token_type: 'Bearer' });

    const jwks = createRemoteJWKSet(new URL(`${m.url}/${m.poolId}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(String(body.access_token), jwks, {
      issuer: `${m.url}/${m.poolId}`,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: m.m2m.id,
      client_id: m.m2m.id,
      token_use: 'access',
      scope: 'api/read',
      iss: `${m.url}/${m.poolId}`,
      version: 2,
    });
    expect(payload.username).toBeUndefined();
    expect(payload.aud).toBeUndefined();
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('accepts client_secret_post credentials in the form', async () => {
    const response = await m.tokenRequest({
      grant_type: 'client_credentials',
      client_id: m.m2m.id,
      client_secret: m.m2m.secret,
      scope: 'api/write',
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(decodeJwt(access_token).scope).toBe('api/write');
  });

  it('grants every allowed custom scope when none is asked for', async () => {
    const response = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      m.m2m.id,
      m.m2m.secret,
    ]);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(decodeJwt(access_token).scope).toBe('api/read api/write');
  });

  it('ignores scopes the client is not allowed, and refuses when none is left (invalid_scope)', async () => {
    const mixed = await m.tokenRequest(
      { grant_type: 'client_credentials', scope: 'api/admin api/read' },
      [m.m2m.id, m.m2m.secret],
    );
    const { access_token } = (await mixed.json()) as { access_token: string };
    expect(decodeJwt(access_token).scope).toBe('api/read');

    const none = await m.tokenRequest(
      { grant_type: 'client_credentials', scope: 'api/admin other/x' },
      [m.m2m.id, m.m2m.secret],
    );
    expect(await m.errorOf(none)).toEqual({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('drops scopes whose resource server has gone', async () => {
    await m.sdk.send(
      new CreateResourceServerCommand({
        UserPoolId: m.poolId,
        Identifier: 'temp',
        Name: 'Temp',
        Scopes: [{ ScopeName: 'x', ScopeDescription: 'x' }],
      }),
    );
    const client = await m.m2mClient(['temp/x', 'api/read']);
    await m.sdk.send(new DeleteResourceServerCommand({ UserPoolId: m.poolId, Identifier: 'temp' }));
    const response = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      client.id,
      client.secret,
    ]);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(decodeJwt(access_token).scope).toBe('api/read');
  });

  it("uses the client's access-token validity", async () => {
    const created = await m.createClient({
      ClientName: 'short',
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['api/read'],
      AccessTokenValidity: 5,
      TokenValidityUnits: { AccessToken: 'minutes' },
    });
    const response = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      created.id,
      created.secret,
    ]);
    expect(((await response.json()) as { expires_in: number }).expires_in).toBe(300);
  });

  it('answers a wrong secret with 401 invalid_client and a Basic challenge', async () => {
    const response = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      m.m2m.id,
      'wrong-secret',
    ]);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await m.errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    const post = await m.tokenRequest({
      grant_type: 'client_credentials',
      client_id: m.m2m.id,
      client_secret: 'wrong-secret',
    });
    expect(await m.errorOf(post)).toEqual({ status: 401, body: { error: 'invalid_client' } });
  });

  it('answers an unreadable Basic header with 401 invalid_client', async () => {
    const response = await fetch(`${m.url}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('no-colon-here').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(await m.errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
  });

  it('answers an unknown client with 401 invalid_client', async () => {
    const response = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      'nosuchclient',
      'secret',
    ]);
    expect(await m.errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
  });

  it('answers a client without a secret, or no credentials at all, with 401 invalid_client', async () => {
    const spa = await m.createClient({ ClientName: 'spa' });
    const response = await m.tokenRequest({ grant_type: 'client_credentials', client_id: spa.id });
    expect(await m.errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    const anonymous = await m.tokenRequest({ grant_type: 'client_credentials' });
    expect(await m.errorOf(anonymous)).toEqual({ status: 401, body: { error: 'invalid_client' } });
  });

  it('answers a client not allowed the grant with 400 unauthorized_client', async () => {
    const server = await m.createClient({ ClientName: 'server', GenerateSecret: true });
    const response = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      server.id,
      server.secret,
    ]);
    expect(await m.errorOf(response)).toEqual({
      status: 400,
      body: { error: 'unauthorized_client' },
    });

    const oauthOff = await m.createClient({
      ClientName: 'off',
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthScopes: ['api/read'],
    });
    const off = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      oauthOff.id,
      oauthOff.secret,
    ]);
    expect(await m.errorOf(off)).toEqual({ status: 400, body: { error: 'unauthorized_client' } });
  });

  it('answers a missing or repeated grant_type with invalid_request, an unknown one with unsupported_grant_type', async () => {
    const missing = await m.tokenRequest({ scope: 'api/read' }, [m.m2m.id, m.m2m.secret]);
    expect(await m.errorOf(missing)).toEqual({ status: 400, body: { error: 'invalid_request' } });
    const repeated = await m.tokenRequest(
      'grant_type=client_credentials&grant_type=client_credentials',
      [m.m2m.id, m.m2m.secret],
    );
    expect(await m.errorOf(repeated)).toEqual({ status: 400, body: { error: 'invalid_request' } });
    const password = await m.tokenRequest({ grant_type: 'password' }, [m.m2m.id, m.m2m.secret]);
    expect(await m.errorOf(password)).toEqual({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
  });

  it('refuses two authentication methods in one request with invalid_request', async () => {
    const response = await m.tokenRequest(
      { grant_type: 'client_credentials', client_secret: m.m2m.secret },
      [m.m2m.id, m.m2m.secret],
    );
    expect(await m.errorOf(response)).toEqual({ status: 400, body: { error: 'invalid_request' } });
  });

  it('answers another method or a body that is not a form with an empty 405', async () => {
    const get = await m.tokenRequest({}, undefined, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.text()).toBe('');
    const json = await m.tokenRequest(
      '{"grant_type":"client_credentials"}',
      [m.m2m.id, m.m2m.secret],
      {
        contentType: 'application/json',
      },
    );
    expect(json.status).toBe(405);
  });

  it('refuses a body over the size limit', async () => {
    const response = await m.tokenRequest(
      { grant_type: 'client_credentials', pad: 'x'.repeat(TOKEN_BODY_LIMIT) },
      [m.m2m.id, m.m2m.secret],
    );
    expect(await m.errorOf(response)).toEqual({ status: 413, body: { error: 'invalid_request' } });
  });

  it('serves no hosted UI, so an authorization code never exists', async () => {
    const authorize = await fetch(
      `${m.url}/oauth2/authorize?client_id=${m.m2m.id}&response_type=code`,
    );
    expect(authorize.status).toBe(404);
    const code = await m.tokenRequest({ grant_type: 'authorization_code', code: 'x' }, [
      m.m2m.id,
      m.m2m.secret,
    ]);
    expect(await m.errorOf(code)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('answers the refresh_token grant from the same token records as the API', async () => {
    const web = await m.sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: m.poolId,
        ClientName: 'public-web',
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const clientId = web.UserPoolClient?.ClientId ?? '';
    await m.sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: m.poolId,
        Username: 'refresher@example.com',
        MessageAction: 'SUPPRESS',
      }),
    );
    await m.sdk.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: m.poolId,
        Username: 'refresher@example.com',
        Password: 'Refresh-me-1!',
        Permanent: true,
      }),
    );
    const signedIn = await srpSignIn(m.sdk, {
      userPoolId: m.poolId,
      clientId,
      username: 'refresher@example.com',
      password: 'Refresh-me-1!',
    });
    const refreshToken = signedIn.AuthenticationResult?.RefreshToken ?? '';
    const ok = await m.tokenRequest({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
    });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'id_token',
      'token_type',
    ]);

    await m.sdk.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));
    const revoked = await m.tokenRequest({
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
    });
    expect(await m.errorOf(revoked)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const unknown = await m.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: 'nosuchclient',
    });
    expect(await m.errorOf(unknown)).toEqual({ status: 401, body: { error: 'invalid_client' } });
  });
});
