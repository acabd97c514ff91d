/**
 * Machine-to-machine as real Cognito runs it: the client_credentials grant at the token endpoint,
 * and client secret rotation. Resource servers and clients: cognito-parity-m2m.
 */
import {
  AddUserPoolClientSecretCommand,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientSecretCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUserPoolClientSecretsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoError, createConfirmedUser, failureOf } from '../support/aws';
import { secretHash } from '../support/srp-client';
import { API, c, idp, m2mClient, pool, secretClient, setUpM2m } from './cognito-parity-m2m-kit';

beforeAll(setUpM2m);

describe('client_credentials at the token endpoint', () => {
  const tokenUrl = () => `${c.cognitoEndpoint}/oauth2/token`;
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  const requestToken = async (
    form: Record<string, string>,
    /** The Authorization header; null sends none. */
    authorization: string | null = basic(m2mClient.id, m2mClient.secret),
  ) => {
    const res = await fetch(tokenUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization === null ? {} : { authorization }),
      },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('issues an access token with Basic auth, with the scope and client_id claims', async () => {
    const res = await requestToken({ grant_type: 'client_credentials', scope: `${API}/read` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String) as unknown,
      token_type: 'Bearer',
      expires_in: 3600,
    });
    const jwks = createRemoteJWKSet(
      new URL(`${c.cognitoEndpoint}/${pool.userPoolId}/.well-known/jwks.json`),
    );
    const { payload } = await jwtVerify(String(res.body.access_token), jwks, {
      issuer: `${c.cognitoEndpoint}/${pool.userPoolId}`,
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({
      sub: m2mClient.id,
      client_id: m2mClient.id,
      token_use: 'access',
      scope: `${API}/read`,
      version: 2,
      auth_time: expect.any(Number) as unknown,
      jti: expect.any(String) as unknown,
    });
    for (const absent of ['username', 'origin_jti', 'event_id', 'aud']) {
      expect(payload).not.toHaveProperty(absent);
    }
  });

  it('grants every scope of the client when none is asked for', async () => {
    const res = await requestToken({ grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    const scopes = String(decodeJwt(String(res.body.access_token)).scope)
      .split(' ')
      .sort();
    expect(scopes).toEqual([`${API}/read`, `${API}/write`]);
  });

  it('accepts the client’s credentials in the form too (client_secret_post)', async () => {
    const res = await requestToken(
      {
        grant_type: 'client_credentials',
        client_id: m2mClient.id,
        client_secret: m2mClient.secret,
        scope: `${API}/write`,
      },
      null,
    );
    expect(res).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });
    expect(decodeJwt(String(res.body.access_token)).scope).toBe(`${API}/write`);
  });

  it('refuses a wrong secret and an unknown client: invalid_client', async () => {
    // invalid_client's status is UNCONF (the guide's sample shows 400, RFC 6749 and Cognito's
    // revocation endpoint 401); 401 is our layer's answer.
    for (const authorization of [
      basic(m2mClient.id, 'not-the-secret'),
      basic('unknownclient0000000000000', 'whatever'),
    ]) {
      const res = await requestToken({ grant_type: 'client_credentials' }, authorization);
      expect(res).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    }
  });

  it('refuses a request made only of scopes the client may not have: invalid_scope', async () => {
    for (const scope of [`${API}/admin`, `${API}/nonexistent`]) {
      const res = await requestToken({ grant_type: 'client_credentials', scope });
      expect(res).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    }
  });

  it('refuses a client not allowed the grant (unauthorized_client) and other grants', async () => {
    const res = await requestToken(
      { grant_type: 'client_credentials' },
      basic(secretClient.id, secretClient.secret),
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
    expect(await requestToken({ grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await requestToken({})).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
  });

  it('issues tokens that are no user’s: GetUser says "Access Token does not have required scopes"', async () => {
    const res = await requestToken({ grant_type: 'client_credentials' });
    expect(
      await failureOf(idp.send(new GetUserCommand({ AccessToken: String(res.body.access_token) }))),
    ).toEqual(cognitoError('NotAuthorizedException', 'Access Token does not have required scopes'));
  });
});

describe('client secret rotation (up to two secrets per client)', () => {
  const tokenUrl = () => `${c.cognitoEndpoint}/oauth2/token`;

  /** client_credentials with Basic credentials or in the form (client_secret_post). */
  const tokenWith = async (clientId: string, secret: string, how: 'basic' | 'post') => {
    const res = await fetch(tokenUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(how === 'basic'
          ? { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` }
          : {}),
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        ...(how === 'post' ? { client_id: clientId, client_secret: secret } : {}),
      }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const listSecrets = async (clientId: string) =>
    (
      await idp.send(
        new ListUserPoolClientSecretsCommand({ UserPoolId: pool.userPoolId, ClientId: clientId }),
      )
    ).ClientSecrets ?? [];

  const addSecret = (clientId: string) =>
    idp.send(
      new AddUserPoolClientSecretCommand({ UserPoolId: pool.userPoolId, ClientId: clientId }),
    );

  const deleteSecret = (clientId: string, secretId: string) =>
    idp.send(
      new DeleteUserPoolClientSecretCommand({
        UserPoolId: pool.userPoolId,
        ClientId: clientId,
        ClientSecretId: secretId,
      }),
    );

  it('adds a second secret, accepts both, refuses a third, and drops the first at once', async () => {
    const created = await idp.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.userPoolId,
        ClientName: 'parity-rotation',
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: [`${API}/read`],
      }),
    );
    const clientId = created.UserPoolClient?.ClientId ?? '';
    const first = created.UserPoolClient?.ClientSecret ?? '';
    // The API reference: ids are "<client-id>--<epoch-create-time>"; values are never listed.
    const idFormat = new RegExp(`^${clientId}--\\d+$`);
    const [original, ...none] = await listSecrets(clientId);
    expect(none).toEqual([]);
    expect(original?.ClientSecretId).toMatch(idFormat);
    expect(original).not.toHaveProperty('ClientSecretValue');

    const added = (await addSecret(clientId)).ClientSecretDescriptor;
    // Cognito generated it, so the value is returned, this once.
    const second = added?.ClientSecretValue ?? '';
    expect(second).toMatch(/^[\w+]{24,64}$/);
    expect(second).not.toBe(first);
    expect(added?.ClientSecretId).toMatch(idFormat);
    expect(added?.ClientSecretCreateDate).toBeInstanceOf(Date);

    for (const secret of [first, second]) {
      for (const how of ['basic', 'post'] as const) {
        expect(await tokenWith(clientId, secret, how)).toMatchObject({
          status: 200,
          body: { token_type: 'Bearer' },
        });
      }
    }
    const listed = await listSecrets(clientId);
    expect(listed.map((s) => s.ClientSecretId).sort()).toEqual(
      [original?.ClientSecretId, added?.ClientSecretId].sort(),
    );
    for (const secret of listed) expect(secret).not.toHaveProperty('ClientSecretValue');

    // A third: LimitExceededException (the name is the API reference's; the message is UNCONF).
    expect((await failureOf(addSecret(clientId))).name).toBe('LimitExceededException');

    await deleteSecret(clientId, original?.ClientSecretId ?? '');
    for (const how of ['basic', 'post'] as const) {
      expect(await tokenWith(clientId, first, how)).toMatchObject({
        status: 401,
        body: { error: 'invalid_client' },
      });
      expect((await tokenWith(clientId, second, how)).status).toBe(200);
    }
    expect((await listSecrets(clientId)).map((s) => s.ClientSecretId)).toEqual([
      added?.ClientSecretId,
    ]);

    // "You cannot delete the last remaining secret": the exception name is UNCONF (the documented
    // errors include InvalidParameterException), so is the message.
    const last = await failureOf(deleteSecret(clientId, added?.ClientSecretId ?? ''));
    expect(last.name).toBe('InvalidParameterException');
    expect((await tokenWith(clientId, second, 'basic')).status).toBe(200);
  });

  it('accepts a SECRET_HASH made with either secret', async () => {
    const created = await idp.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.userPoolId,
        ClientName: 'parity-rotation-users',
        GenerateSecret: true,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const clientId = created.UserPoolClient?.ClientId ?? '';
    const first = created.UserPoolClient?.ClientSecret ?? '';
    const second = (await addSecret(clientId)).ClientSecretDescriptor?.ClientSecretValue ?? '';
    const user = await createConfirmedUser(idp, pool.userPoolId, 'rotation');
    for (const secret of [first, second]) {
      const signedIn = await idp.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId,
          AuthParameters: {
            USERNAME: user.email,
            PASSWORD: user.password,
            SECRET_HASH: secretHash(clientId, secret, user.email),
          },
        }),
      );
      expect(signedIn.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    }
  });

  it('gives a client created without a secret none, and adds none to it', async () => {
    // The API reference: Add is for "an existing confidential user pool app client". Refusing a
    // public client, and with InvalidParameterException, is UNCONF; so is its empty list.
    const listed = await listSecrets(pool.webClientId);
    expect(listed).toEqual([]);
    expect((await failureOf(addSecret(pool.webClientId))).name).toBe('InvalidParameterException');
  });
});
