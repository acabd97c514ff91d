import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AddUserPoolClientSecretCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateResourceServerCommand,
  type CreateUserPoolClientCommandInput,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  DeleteUserPoolClientSecretCommand,
  DescribeUserPoolClientCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListUserPoolClientSecretsCommand,
  RevokeTokenCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_LENGTH, M2M_MESSAGES } from './m2m';
import { secretHash } from './secret-hash';
import { createPool, startTestCognito, type TestCognito } from './testing';
import { CLIENT_SECRET_MESSAGES } from './user-pool-client-secrets';

/** The error an SDK call failed with, as name and message. */
const failureOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (err) {
    const e = err as { name?: string; message?: string };
    return { name: e.name, message: e.message };
  }
  throw new Error('the call succeeded');
};

// cognito-local with the fidelity layer in front: Add/List/DeleteUserPoolClientSecret through the
// SDK, and every check of a secret (token endpoint, SECRET_HASH, ClientSecret) against the current.
describe('client secrets', () => {
  let stack: TestCognito | undefined;
  let sdk: CognitoIdentityProviderClient;
  let url = '';
  let poolId = '';

  const createClient = async (input: Omit<CreateUserPoolClientCommandInput, 'UserPoolId'>) => {
    const created = await sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ...input }),
    );
    return {
      id: created.UserPoolClient?.ClientId ?? '',
      secret: created.UserPoolClient?.ClientSecret ?? '',
      createdAt: created.UserPoolClient?.CreationDate ?? new Date(0),
    };
  };

  const machine = () =>
    createClient({
      ClientName: 'machine',
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['api/read'],
    });

  const add = (clientId: string, secret?: string) =>
    sdk.send(
      new AddUserPoolClientSecretCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        ...(secret === undefined ? {} : { ClientSecret: secret }),
      }),
    );
  const list = async (clientId: string) =>
    (
      await sdk.send(
        new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: clientId }),
      )
    ).ClientSecrets ?? [];
  const remove = (clientId: string, secretId: string) =>
    sdk.send(
      new DeleteUserPoolClientSecretCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        ClientSecretId: secretId,
      }),
    );

  /** client_credentials at /oauth2/token: Basic, or the form (client_secret_post). */
  const token = async (clientId: string, secret: string, how: 'basic' | 'post') => {
    const res = await fetch(`${url}/oauth2/token`, {
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

  beforeAll(async () => {
    stack = await startTestCognito();
    sdk = stack.sdk;
    url = stack.cognito.url;
    poolId = await createPool(sdk, { PoolName: 'secrets' });
    await sdk.send(
      new CreateResourceServerCommand({
        UserPoolId: poolId,
        Identifier: 'api',
        Name: 'The API',
        Scopes: [{ ScopeName: 'read', ScopeDescription: 'Read things' }],
      }),
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists the secret a client was created with: <client id>--<creation time>, no value', async () => {
    const client = await machine();
    const listed = await list(client.id);
    expect(listed).toEqual([
      {
        ClientSecretId: expect.stringMatching(new RegExp(`^${client.id}--\\d+$`)) as unknown,
        ClientSecretCreateDate: client.createdAt,
      },
    ]);
    // The time in the id is the client's creation, in milliseconds (the dates travel in seconds).
    const ms = Number(listed[0]?.ClientSecretId?.split('--')[1]);
    expect(Math.floor(ms / 1000) * 1000).toBe(client.createdAt.getTime());
  });

  it('rotates without downtime: two secrets work, a third is refused, the old one is deleted', async () => {
    const client = await machine();
    const [original] = await list(client.id);

    const added = (await add(client.id)).ClientSecretDescriptor;
    const second = added?.ClientSecretValue ?? '';
    expect(second).toMatch(new RegExp(`^[a-z0-9]{${String(CLIENT_SECRET_LENGTH)}}$`));
    expect(second).not.toBe(client.secret);
    expect(added?.ClientSecretId).toMatch(new RegExp(`^${client.id}--\\d+$`));
    expect(added?.ClientSecretId).not.toBe(original?.ClientSecretId);
    expect(added?.ClientSecretCreateDate).toBeInstanceOf(Date);

    // Both work, both ways; the list shows both, oldest first, without values.
    for (const secret of [client.secret, second]) {
      for (const how of ['basic', 'post'] as const) {
        expect((await token(client.id, secret, how)).status).toBe(200);
      }
    }
    const listed = await list(client.id);
    expect(listed.map((s) => s.ClientSecretId)).toEqual([
      original?.ClientSecretId,
      added?.ClientSecretId,
    ]);
    expect(listed.every((s) => !('ClientSecretValue' in s))).toBe(true);

    // A third, generated or given, is refused.
    for (const given of [undefined, 'a-third-secret-of-my-own-00'.replace(/-/g, '_')]) {
      expect(await failureOf(add(client.id, given))).toEqual({
        name: 'LimitExceededException',
        message: CLIENT_SECRET_MESSAGES.limitExceeded,
      });
    }

    // The old one is deleted: it fails at once, the new one works; the last cannot go.
    await remove(client.id, original?.ClientSecretId ?? '');
    for (const how of ['basic', 'post'] as const) {
      expect(await token(client.id, client.secret, how)).toEqual({
        status: 401,
        body: { error: 'invalid_client' },
      });
      expect((await token(client.id, second, how)).status).toBe(200);
    }
    expect((await list(client.id)).map((s) => s.ClientSecretId)).toEqual([added?.ClientSecretId]);
    expect(await failureOf(remove(client.id, added?.ClientSecretId ?? ''))).toEqual({
      name: 'InvalidParameterException',
      message: CLIENT_SECRET_MESSAGES.lastSecret,
    });

    // DescribeUserPoolClient no longer shows a ClientSecret (the created one is gone).
    const described = await sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: client.id }),
    );
    expect(described.UserPoolClient).not.toHaveProperty('ClientSecret');

    // Still a confidential client: its OAuth settings can be saved again, and a new secret added.
    await sdk.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientId: client.id,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['api/read'],
      }),
    );
    const third = (await add(client.id)).ClientSecretDescriptor?.ClientSecretValue ?? '';
    expect((await token(client.id, third, 'basic')).status).toBe(200);
    expect((await token(client.id, second, 'basic')).status).toBe(200);
  });

  it('keeps DescribeUserPoolClient’s ClientSecret while the created secret exists', async () => {
    const client = await machine();
    const added = (await add(client.id)).ClientSecretDescriptor;
    await remove(client.id, added?.ClientSecretId ?? '');
    const described = await sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: client.id }),
    );
    expect(described.UserPoolClient?.ClientSecret).toBe(client.secret);
    expect((await token(client.id, added?.ClientSecretValue ?? '', 'basic')).status).toBe(401);
  });

  it('takes a secret of the caller’s own, and does not echo it', async () => {
    const client = await machine();
    const own = 'My_own_secret_value_of_32_chars+';
    const added = (await add(client.id, own)).ClientSecretDescriptor;
    expect(added).toEqual({
      ClientSecretId: expect.stringMatching(new RegExp(`^${client.id}--\\d+$`)) as unknown,
      ClientSecretCreateDate: expect.any(Date) as unknown,
    });
    expect((await token(client.id, own, 'post')).status).toBe(200);
  });

  it('gives a public client none, and refuses to add one: InvalidParameterException', async () => {
    const client = await createClient({ ClientName: 'public' });
    expect(await list(client.id)).toEqual([]);
    expect(await failureOf(add(client.id))).toEqual({
      name: 'InvalidParameterException',
      message: CLIENT_SECRET_MESSAGES.publicClient(client.id),
    });
    expect(await list(client.id)).toEqual([]);
  });

  it('answers an unknown pool, client or secret with ResourceNotFoundException', async () => {
    const client = await machine();
    const otherPool = await createPool(sdk, { PoolName: 'other' });
    expect(
      await failureOf(
        sdk.send(
          new ListUserPoolClientSecretsCommand({
            UserPoolId: 'local_nosuchpool',
            ClientId: client.id,
          }),
        ),
      ),
    ).toEqual({
      name: 'ResourceNotFoundException',
      message: M2M_MESSAGES.poolNotFound('local_nosuchpool'),
    });
    for (const [pool, id] of [
      [poolId, 'nosuchclient'],
      [otherPool, client.id],
    ] as const) {
      expect(
        await failureOf(
          sdk.send(new AddUserPoolClientSecretCommand({ UserPoolId: pool, ClientId: id })),
        ),
      ).toEqual({ name: 'ResourceNotFoundException', message: M2M_MESSAGES.clientNotFound(id) });
    }
    expect(await failureOf(remove(client.id, `${client.id}--1`))).toEqual({
      name: 'ResourceNotFoundException',
      message: CLIENT_SECRET_MESSAGES.secretNotFound(`${client.id}--1`),
    });
  });

  it('refuses malformed input with InvalidParameterException', async () => {
    const client = await machine();
    for (const bad of [
      'too-short',
      'x'.repeat(65),
      'has spaces in it, 24 chars+',
      'slash/in/it/0123456789abc',
    ]) {
      const failure = await failureOf(add(client.id, bad));
      expect(failure.name).toBe('InvalidParameterException');
      expect(failure.message).toContain("at 'clientSecret'");
    }
    expect((await failureOf(remove(client.id, ''))).name).toBe('InvalidParameterException');
    expect(
      (
        await failureOf(
          sdk.send(new ListUserPoolClientSecretsCommand({ UserPoolId: poolId, ClientId: 'a/b' })),
        )
      ).name,
    ).toBe('InvalidParameterException');
    expect(await list(client.id)).toHaveLength(1);
  });

  it('accepts SECRET_HASH and the plain secret made with any current secret, and no deleted one', async () => {
    const client = await createClient({
      ClientName: 'users',
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
    const email = 'rotating@example.com';
    const password = 'Rotate-me-1!';
    await sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
      }),
    );
    await sdk.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    const signIn = (secret: string) =>
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: client.id,
          AuthParameters: {
            USERNAME: email,
            PASSWORD: password,
            SECRET_HASH: secretHash(secret, email, client.id),
          },
        }),
      );
    const added = (await add(client.id)).ClientSecretDescriptor;
    const second = added?.ClientSecretValue ?? '';

    const first = await signIn(client.secret);
    const signedIn = await signIn(second);
    const refreshToken = signedIn.AuthenticationResult?.RefreshToken ?? '';
    expect(first.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    expect(refreshToken).not.toBe('');

    const [original] = await list(client.id);
    await remove(client.id, original?.ClientSecretId ?? '');
    expect(await failureOf(signIn(client.secret))).toEqual({
      name: 'NotAuthorizedException',
      message: `Unable to verify secret hash for client ${client.id}`,
    });
    const refresh = (secret: string) =>
      sdk.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: client.id,
          ClientSecret: secret,
          RefreshToken: refreshToken,
        }),
      );
    expect((await refresh(second)).AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    expect((await failureOf(refresh(client.secret))).name).toBe('NotAuthorizedException');

    // The refresh_token grant at the token endpoint, with the new secret only.
    const grant = async (secret: string) =>
      (
        await fetch(`${url}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: client.id,
            client_secret: secret,
            refresh_token: refreshToken,
          }).toString(),
        })
      ).status;
    expect(await grant(second)).toBe(200);
    expect(await grant(client.secret)).toBe(401);

    expect(
      await failureOf(
        sdk.send(
          new RevokeTokenCommand({
            ClientId: client.id,
            ClientSecret: client.secret,
            Token: refreshToken,
          }),
        ),
      ),
    ).toEqual({ name: 'UnauthorizedException', message: 'Invalid client secret' });
    await sdk.send(
      new RevokeTokenCommand({ ClientId: client.id, ClientSecret: second, Token: refreshToken }),
    );
  });

  it('keeps the list in the pool’s fidelity file, and forgets it with the client', async () => {
    const client = await machine();
    await add(client.id);
    const file = join(stack?.dir ?? '', 'fidelity', `${poolId}.json`);
    const saved = async () =>
      (JSON.parse(await readFile(file, 'utf8')) as { clientSecrets: Record<string, unknown[]> })
        .clientSecrets;
    expect((await saved())[client.id]).toHaveLength(2);
    await sdk.send(new DeleteUserPoolClientCommand({ UserPoolId: poolId, ClientId: client.id }));
    expect(await saved()).not.toHaveProperty(client.id);
  });
});
