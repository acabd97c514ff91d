import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateResourceServerCommand,
  type CreateUserPoolClientCommandInput,
  CreateUserPoolClientCommand,
  DeleteResourceServerCommand,
  DeleteUserPoolClientCommand,
  DescribeResourceServerCommand,
  DescribeUserPoolClientCommand,
  ListResourceServersCommand,
  RevokeTokenCommand,
  UpdateResourceServerCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_LENGTH, M2M_MESSAGES, newClientSecret } from './m2m';
import { TOKEN_BODY_LIMIT } from './oauth2';
import { srpSignIn } from './srp-sign-in';
import { checkSecretHash, SECRET_HASH_MESSAGES, secretHash } from './secret-hash';
import { createPool as createUserPool, startTestCognito, type TestCognito } from './testing';

// cognito-local with the fidelity layer in front: resource servers, app clients with secrets and
// OAuth settings through the SDK, and the token endpoint's client_credentials grant through fetch.
describe('machine-to-machine', () => {
  let stack: TestCognito | undefined;
  let url = '';
  let sdk: CognitoIdentityProviderClient;
  let poolId = '';
  /** A confidential client allowed client_credentials and two of the three `api/*` scopes. */
  let m2m = { id: '', secret: '' };

  const createPool = (name: string) => createUserPool(sdk, { PoolName: name });

  const createClient = async (input: Omit<CreateUserPoolClientCommandInput, 'UserPoolId'>) => {
    const created = await sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ...input }),
    );
    return {
      id: created.UserPoolClient?.ClientId ?? '',
      secret: created.UserPoolClient?.ClientSecret ?? '',
      client: created.UserPoolClient,
    };
  };

  const m2mClient = (scopes: string[] = ['api/read', 'api/write']) =>
    createClient({
      ClientName: 'machine',
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: scopes,
    });

  beforeAll(async () => {
    stack = await startTestCognito();
    sdk = stack.sdk;
    url = stack.cognito.url;
    poolId = await createPool('m2m');
    await sdk.send(
      new CreateResourceServerCommand({
        UserPoolId: poolId,
        Identifier: 'api',
        Name: 'The API',
        Scopes: [
          { ScopeName: 'read', ScopeDescription: 'Read things' },
          { ScopeName: 'write', ScopeDescription: 'Write things' },
          { ScopeName: 'admin', ScopeDescription: 'Administer things' },
        ],
      }),
    );
    const created = await m2mClient();
    m2m = { id: created.id, secret: created.secret };
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** POST /oauth2/token as a client would send it: a form, Basic credentials when given. */
  const tokenRequest = (
    form: Record<string, string> | string,
    basic?: [string, string],
    init: { method?: string; contentType?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      'content-type': init.contentType ?? 'application/x-www-form-urlencoded',
    };
    if (basic) {
      headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
    }
    const method = init.method ?? 'POST';
    return fetch(`${url}/oauth2/token`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD'
        ? {}
        : { body: typeof form === 'string' ? form : new URLSearchParams(form).toString() }),
    });
  };

  const errorOf = async (response: Response) => ({
    status: response.status,
    body: await response.json(),
  });

  describe('resource servers', () => {
    it('creates, describes, lists, updates and deletes one, persisted in the fidelity store', async () => {
      const created = await sdk.send(
        new CreateResourceServerCommand({
          UserPoolId: poolId,
          Identifier: 'https://crud.example.com',
          Name: 'CRUD',
          Scopes: [{ ScopeName: 'items.read', ScopeDescription: 'Read items' }],
        }),
      );
      const expected = {
        UserPoolId: poolId,
        Identifier: 'https://crud.example.com',
        Name: 'CRUD',
        Scopes: [{ ScopeName: 'items.read', ScopeDescription: 'Read items' }],
      };
      expect(created.ResourceServer).toEqual(expected);
      const described = await sdk.send(
        new DescribeResourceServerCommand({
          UserPoolId: poolId,
          Identifier: 'https://crud.example.com',
        }),
      );
      expect(described.ResourceServer).toEqual(expected);
      const state = await stack?.cognito.fidelity.store.read(poolId);
      expect(state?.resourceServers['https://crud.example.com']?.Name).toBe('CRUD');

      const updated = await sdk.send(
        new UpdateResourceServerCommand({
          UserPoolId: poolId,
          Identifier: 'https://crud.example.com',
          Name: 'CRUD v2',
          Scopes: [{ ScopeName: 'items.write', ScopeDescription: 'Write items' }],
        }),
      );
      expect(updated.ResourceServer).toEqual({
        ...expected,
        Name: 'CRUD v2',
        Scopes: [{ ScopeName: 'items.write', ScopeDescription: 'Write items' }],
      });
      const listed = await sdk.send(new ListResourceServersCommand({ UserPoolId: poolId }));
      expect(listed.ResourceServers?.map((s) => s.Identifier)).toContain(
        'https://crud.example.com',
      );

      await sdk.send(
        new DeleteResourceServerCommand({
          UserPoolId: poolId,
          Identifier: 'https://crud.example.com',
        }),
      );
      await expect(
        sdk.send(
          new DescribeResourceServerCommand({
            UserPoolId: poolId,
            Identifier: 'https://crud.example.com',
          }),
        ),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'Resource server https://crud.example.com does not exist.',
      });
    });

    it('keeps prototype-named identifiers as ordinary resource servers', async () => {
      for (const Identifier of ['__proto__', 'constructor', 'toString']) {
        await sdk.send(
          new CreateResourceServerCommand({ UserPoolId: poolId, Identifier, Name: Identifier }),
        );
        await expect(
          sdk.send(new DescribeResourceServerCommand({ UserPoolId: poolId, Identifier })),
        ).resolves.toMatchObject({ ResourceServer: { Identifier, Name: Identifier } });
        await sdk.send(
          new UpdateResourceServerCommand({ UserPoolId: poolId, Identifier, Name: 'renamed' }),
        );
        await sdk.send(new DeleteResourceServerCommand({ UserPoolId: poolId, Identifier }));
        await expect(
          sdk.send(new DescribeResourceServerCommand({ UserPoolId: poolId, Identifier })),
        ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      }
      expect(({} as Record<string, unknown>).Scopes).toBeUndefined();
    });

    it('refuses a duplicate identifier with InvalidParameterException', async () => {
      await expect(
        sdk.send(
          new CreateResourceServerCommand({ UserPoolId: poolId, Identifier: 'api', Name: 'Again' }),
        ),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: `api already exists in user pool ${poolId}.`,
      });
    });

    it('answers an unknown pool with ResourceNotFoundException', async () => {
      await expect(
        sdk.send(
          new CreateResourceServerCommand({
            UserPoolId: 'us-west-2_missing',
            Identifier: 'x',
            Name: 'X',
          }),
        ),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'User pool us-west-2_missing does not exist.',
      });
      await expect(
        sdk.send(new ListResourceServersCommand({ UserPoolId: 'us-west-2_missing' })),
      ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    });

    it('answers an unknown identifier with ResourceNotFoundException on update and delete', async () => {
      await expect(
        sdk.send(
          new UpdateResourceServerCommand({ UserPoolId: poolId, Identifier: 'nope', Name: 'N' }),
        ),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'Resource server nope does not exist.',
      });
      await expect(
        sdk.send(new DeleteResourceServerCommand({ UserPoolId: poolId, Identifier: 'nope' })),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'Resource server nope does not exist.',
      });
    });

    it('validates Identifier, Name and Scopes with the AWS model constraints', async () => {
      const create = (input: { Identifier: string; Name: string; Scopes?: unknown[] }) =>
        sdk.send(
          new CreateResourceServerCommand({
            UserPoolId: poolId,
            ...input,
          } as ConstructorParameters<typeof CreateResourceServerCommand>[0]),
        );
      await expect(create({ Identifier: 'has space', Name: 'N' })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value 'has space' at 'identifier' failed to satisfy constraint: Member must satisfy its constraints",
      });
      await expect(create({ Identifier: 'x'.repeat(257), Name: 'N' })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: expect.stringContaining(
          "at 'identifier' failed to satisfy constraint: Member must have length less than or equal to 256",
        ) as unknown,
      });
      await expect(create({ Identifier: 'ok', Name: 'n'.repeat(257) })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: expect.stringContaining(
          "at 'name' failed to satisfy constraint: Member must have length less than or equal to 256",
        ) as unknown,
      });
      await expect(create({ Identifier: 'ok', Name: 'bad/name' })).rejects.toMatchObject({
        name: 'InvalidParameterException',
      });
      await expect(
        create({
          Identifier: 'ok',
          Name: 'N',
          Scopes: [{ ScopeName: 'a/b', ScopeDescription: 'slash' }],
        }),
      ).rejects.toMatchObject({ name: 'InvalidParameterException' });
      await expect(
        create({ Identifier: 'ok', Name: 'N', Scopes: [{ ScopeName: 'a', ScopeDescription: '' }] }),
      ).rejects.toMatchObject({ name: 'InvalidParameterException' });
      const tooMany = Array.from({ length: 101 }, (_, i) => ({
        ScopeName: `s${String(i)}`,
        ScopeDescription: 'd',
      }));
      await expect(create({ Identifier: 'ok', Name: 'N', Scopes: tooMany })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: expect.stringContaining("at 'scopes' failed to satisfy constraint") as unknown,
      });
      await expect(create({ Identifier: 'ok', Name: '' })).rejects.toMatchObject({
        name: 'InvalidParameterException',
      });
    });

    it('pages ListResourceServers with MaxResults (1..50) and NextToken', async () => {
      const pool = await createPool('paging');
      for (const id of ['c', 'a', 'b']) {
        await sdk.send(
          new CreateResourceServerCommand({ UserPoolId: pool, Identifier: id, Name: id }),
        );
      }
      const first = await sdk.send(
        new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 2 }),
      );
      expect(first.ResourceServers?.map((s) => s.Identifier)).toEqual(['a', 'b']);
      expect(first.NextToken).toBeDefined();
      const second = await sdk.send(
        new ListResourceServersCommand({
          UserPoolId: pool,
          MaxResults: 2,
          NextToken: first.NextToken,
        }),
      );
      expect(second.ResourceServers?.map((s) => s.Identifier)).toEqual(['c']);
      expect(second.NextToken).toBeUndefined();

      await expect(
        sdk.send(new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 51 })),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value '51' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 50",
      });
      await expect(
        sdk.send(new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 0 })),
      ).rejects.toMatchObject({ name: 'InvalidParameterException' });
      await expect(
        sdk.send(new ListResourceServersCommand({ UserPoolId: pool, NextToken: 'forged' })),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: expect.stringMatching(/^Paging marker forged is invalid for request /) as unknown,
      });
      // A token of another pool is foreign here.
      await expect(
        sdk.send(
          new ListResourceServersCommand({ UserPoolId: poolId, NextToken: first.NextToken }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    });
  });

  describe('app clients', () => {
    it('generates a 51-character [a-z0-9] secret, and none without GenerateSecret', async () => {
      const withSecret = await createClient({ ClientName: 'server', GenerateSecret: true });
      expect(withSecret.secret).toMatch(/^[a-z0-9]{51}$/);
      const without = await createClient({ ClientName: 'spa' });
      expect(without.client?.ClientSecret).toBeUndefined();
      expect(without.client?.EnableTokenRevocation).toBe(true);
      expect(without.client?.AllowedOAuthFlowsUserPoolClient).toBe(false);
      // cognito-local's storage: DescribeUserPoolClient (cognito-local's own) sees the same client.
      const described = await sdk.send(
        new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: withSecret.id }),
      );
      expect(described.UserPoolClient?.ClientSecret).toBe(withSecret.secret);
      expect(newClientSecret()).toHaveLength(CLIENT_SECRET_LENGTH);
    });

    it('keeps a client_credentials client with custom scopes', async () => {
      const described = await sdk.send(
        new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: m2m.id }),
      );
      expect(described.UserPoolClient).toMatchObject({
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['api/read', 'api/write'],
      });
    });

    it('refuses client_credentials together with code or implicit', async () => {
      await expect(
        createClient({
          ClientName: 'mixed',
          GenerateSecret: true,
          AllowedOAuthFlows: ['client_credentials', 'code'],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: ['api/read'],
          CallbackURLs: ['https://example.com/cb'],
        }),
      ).rejects.toMatchObject({
        name: 'InvalidOAuthFlowException',
        message: M2M_MESSAGES.clientCredentialsWithOthers,
      });
    });

    it('refuses client_credentials on a client without a secret', async () => {
      await expect(
        createClient({
          ClientName: 'public',
          AllowedOAuthFlows: ['client_credentials'],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: ['api/read'],
        }),
      ).rejects.toMatchObject({
        name: 'InvalidOAuthFlowException',
        message:
          'client_credentials flow can not be selected if client does not have a client secret.',
      });
    });

    it('refuses a scope no resource server defines with ScopeDoesNotExistException', async () => {
      await expect(m2mClient(['api/read', 'api/delete'])).rejects.toMatchObject({
        name: 'ScopeDoesNotExistException',
        message: 'Invalid scope requested: api/delete',
      });
      await expect(m2mClient(['other/read'])).rejects.toMatchObject({
        name: 'ScopeDoesNotExistException',
        message: 'Invalid scope requested: other/read',
      });
    });

    it('refuses a standard scope on a client_credentials client', async () => {
      await expect(m2mClient(['api/read', 'openid'])).rejects.toMatchObject({
        name: 'InvalidOAuthFlowException',
        message: 'openid is not supported with client_credentials flow',
      });
    });

    it('requires flows and scopes when AllowedOAuthFlowsUserPoolClient is true', async () => {
      await expect(
        createClient({ ClientName: 'oauth', AllowedOAuthFlowsUserPoolClient: true }),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          'AllowedOAuthFlows and AllowedOAuthScopes are required if user pool client is allowed to use OAuth flows.',
      });
    });

    it('requires callback URLs for code and implicit', async () => {
      await expect(
        createClient({
          ClientName: 'web',
          AllowedOAuthFlows: ['code'],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: ['openid'],
        }),
      ).rejects.toMatchObject({
        name: 'InvalidOAuthFlowException',
        message: 'CallbackUrls can not be empty when code flow or implicit flow is selected',
      });
      const ok = await createClient({
        ClientName: 'web',
        AllowedOAuthFlows: ['code'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['openid', 'api/read'],
        CallbackURLs: ['https://example.com/cb'],
      });
      expect(ok.client?.AllowedOAuthScopes).toEqual(['openid', 'api/read']);
    });

    it('refuses an AllowedOAuthFlows value outside the enum with the AWS validation message', async () => {
      await expect(
        createClient({
          ClientName: 'web',
          AllowedOAuthFlows: ['code', 'token' as 'code'],
        }),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value '[code, token]' at 'allowedOAuthFlows' failed to satisfy constraint: Member must satisfy constraint: [Member must satisfy enum value set: [implicit, client_credentials, code]]",
      });
    });

    it('answers an unknown pool as AWS does', async () => {
      await expect(
        sdk.send(
          new CreateUserPoolClientCommand({ UserPoolId: 'us-west-2_missing', ClientName: 'x' }),
        ),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'User pool us-west-2_missing does not exist.',
      });
    });

    it('updates as AWS does: omitted settings take their defaults, id and secret stay', async () => {
      const created = await createClient({
        ClientName: 'to-update',
        GenerateSecret: true,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      });
      const updated = await sdk.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: poolId,
          ClientId: created.id,
          AllowedOAuthFlows: ['client_credentials'],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: ['api/admin'],
        }),
      );
      expect(updated.UserPoolClient).toMatchObject({
        ClientId: created.id,
        ClientName: 'to-update',
        ClientSecret: created.secret,
        AllowedOAuthScopes: ['api/admin'],
      });
      expect(updated.UserPoolClient?.ExplicitAuthFlows).toBeUndefined();

      const token = await tokenRequest({ grant_type: 'client_credentials' }, [
        created.id,
        created.secret,
      ]);
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      expect(decodeJwt(access_token).scope).toBe('api/admin');
    });

    it('applies the OAuth checks on update too', async () => {
      const spa = await createClient({ ClientName: 'spa' });
      await expect(
        sdk.send(
          new UpdateUserPoolClientCommand({
            UserPoolId: poolId,
            ClientId: spa.id,
            AllowedOAuthFlows: ['client_credentials'],
            AllowedOAuthFlowsUserPoolClient: true,
            AllowedOAuthScopes: ['api/read'],
          }),
        ),
      ).rejects.toMatchObject({
        name: 'InvalidOAuthFlowException',
        message: M2M_MESSAGES.clientCredentialsWithoutSecret,
      });
      await expect(
        sdk.send(new UpdateUserPoolClientCommand({ UserPoolId: poolId, ClientId: 'nosuchclient' })),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: 'User pool client nosuchclient does not exist.',
      });
    });

    it('deletes a client, and answers an unknown one as AWS does', async () => {
      const doomed = await createClient({ ClientName: 'doomed' });
      await sdk.send(new DeleteUserPoolClientCommand({ UserPoolId: poolId, ClientId: doomed.id }));
      await expect(
        sdk.send(new DeleteUserPoolClientCommand({ UserPoolId: poolId, ClientId: doomed.id })),
      ).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
        message: `User pool client ${doomed.id} does not exist.`,
      });
    });
  });

  describe('the token endpoint (client_credentials)', () => {
    it('issues an access token signed by the pool key, with the scopes asked for', async () => {
      const response = await tokenRequest({ grant_type: 'client_credentials', scope: 'api/read' }, [
        m2m.id,
        m2m.secret,
      ]);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
      expect(body).toMatchObject({ expires_in: 3600, token_type: 'Bearer' });

      const jwks = createRemoteJWKSet(new URL(`${url}/${poolId}/.well-known/jwks.json`));
      const { payload, protectedHeader } = await jwtVerify(String(body.access_token), jwks, {
        issuer: `${url}/${poolId}`,
      });
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload).toMatchObject({
        sub: m2m.id,
        client_id: m2m.id,
        token_use: 'access',
        scope: 'api/read',
        iss: `${url}/${poolId}`,
        version: 2,
      });
      expect(payload.username).toBeUndefined();
      expect(payload.aud).toBeUndefined();
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    });

    it('accepts client_secret_post credentials in the form', async () => {
      const response = await tokenRequest({
        grant_type: 'client_credentials',
        client_id: m2m.id,
        client_secret: m2m.secret,
        scope: 'api/write',
      });
      expect(response.status).toBe(200);
      const { access_token } = (await response.json()) as { access_token: string };
      expect(decodeJwt(access_token).scope).toBe('api/write');
    });

    it('grants every allowed custom scope when none is asked for', async () => {
      const response = await tokenRequest({ grant_type: 'client_credentials' }, [
        m2m.id,
        m2m.secret,
      ]);
      const { access_token } = (await response.json()) as { access_token: string };
      expect(decodeJwt(access_token).scope).toBe('api/read api/write');
    });

    it('ignores scopes the client is not allowed, and refuses when none is left (invalid_scope)', async () => {
      const mixed = await tokenRequest(
        { grant_type: 'client_credentials', scope: 'api/admin api/read' },
        [m2m.id, m2m.secret],
      );
      const { access_token } = (await mixed.json()) as { access_token: string };
      expect(decodeJwt(access_token).scope).toBe('api/read');

      const none = await tokenRequest(
        { grant_type: 'client_credentials', scope: 'api/admin other/x' },
        [m2m.id, m2m.secret],
      );
      expect(await errorOf(none)).toEqual({ status: 400, body: { error: 'invalid_scope' } });
    });

    it('drops scopes whose resource server has gone', async () => {
      await sdk.send(
        new CreateResourceServerCommand({
          UserPoolId: poolId,
          Identifier: 'temp',
          Name: 'Temp',
          Scopes: [{ ScopeName: 'x', ScopeDescription: 'x' }],
        }),
      );
      const client = await m2mClient(['temp/x', 'api/read']);
      await sdk.send(new DeleteResourceServerCommand({ UserPoolId: poolId, Identifier: 'temp' }));
      const response = await tokenRequest({ grant_type: 'client_credentials' }, [
        client.id,
        client.secret,
      ]);
      const { access_token } = (await response.json()) as { access_token: string };
      expect(decodeJwt(access_token).scope).toBe('api/read');
    });

    it("uses the client's access-token validity", async () => {
      const created = await createClient({
        ClientName: 'short',
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['api/read'],
        AccessTokenValidity: 5,
        TokenValidityUnits: { AccessToken: 'minutes' },
      });
      const response = await tokenRequest({ grant_type: 'client_credentials' }, [
        created.id,
        created.secret,
      ]);
      expect(((await response.json()) as { expires_in: number }).expires_in).toBe(300);
    });

    it('answers a wrong secret with 401 invalid_client and a Basic challenge', async () => {
      const response = await tokenRequest({ grant_type: 'client_credentials' }, [
        m2m.id,
        'wrong-secret',
      ]);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(await errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
      const post = await tokenRequest({
        grant_type: 'client_credentials',
        client_id: m2m.id,
        client_secret: 'wrong-secret',
      });
      expect(await errorOf(post)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    });

    it('answers an unreadable Basic header with 401 invalid_client', async () => {
      const response = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('no-colon-here').toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });
      expect(await errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    });

    it('answers an unknown client with 401 invalid_client', async () => {
      const response = await tokenRequest({ grant_type: 'client_credentials' }, [
        'nosuchclient',
        'secret',
      ]);
      expect(await errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    });

    it('answers a client without a secret, or no credentials at all, with 401 invalid_client', async () => {
      const spa = await createClient({ ClientName: 'spa' });
      const response = await tokenRequest({ grant_type: 'client_credentials', client_id: spa.id });
      expect(await errorOf(response)).toEqual({ status: 401, body: { error: 'invalid_client' } });
      const anonymous = await tokenRequest({ grant_type: 'client_credentials' });
      expect(await errorOf(anonymous)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    });

    it('answers a client not allowed the grant with 400 unauthorized_client', async () => {
      const server = await createClient({ ClientName: 'server', GenerateSecret: true });
      const response = await tokenRequest({ grant_type: 'client_credentials' }, [
        server.id,
        server.secret,
      ]);
      expect(await errorOf(response)).toEqual({
        status: 400,
        body: { error: 'unauthorized_client' },
      });

      const oauthOff = await createClient({
        ClientName: 'off',
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthScopes: ['api/read'],
      });
      const off = await tokenRequest({ grant_type: 'client_credentials' }, [
        oauthOff.id,
        oauthOff.secret,
      ]);
      expect(await errorOf(off)).toEqual({ status: 400, body: { error: 'unauthorized_client' } });
    });

    it('answers a missing or repeated grant_type with invalid_request, an unknown one with unsupported_grant_type', async () => {
      const missing = await tokenRequest({ scope: 'api/read' }, [m2m.id, m2m.secret]);
      expect(await errorOf(missing)).toEqual({ status: 400, body: { error: 'invalid_request' } });
      const repeated = await tokenRequest(
        'grant_type=client_credentials&grant_type=client_credentials',
        [m2m.id, m2m.secret],
      );
      expect(await errorOf(repeated)).toEqual({ status: 400, body: { error: 'invalid_request' } });
      const password = await tokenRequest({ grant_type: 'password' }, [m2m.id, m2m.secret]);
      expect(await errorOf(password)).toEqual({
        status: 400,
        body: { error: 'unsupported_grant_type' },
      });
    });

    it('refuses two authentication methods in one request with invalid_request', async () => {
      const response = await tokenRequest(
        { grant_type: 'client_credentials', client_secret: m2m.secret },
        [m2m.id, m2m.secret],
      );
      expect(await errorOf(response)).toEqual({ status: 400, body: { error: 'invalid_request' } });
    });

    it('answers another method or a body that is not a form with an empty 405', async () => {
      const get = await tokenRequest({}, undefined, { method: 'GET' });
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect(await get.text()).toBe('');
      const json = await tokenRequest('{"grant_type":"client_credentials"}', [m2m.id, m2m.secret], {
        contentType: 'application/json',
      });
      expect(json.status).toBe(405);
    });

    it('refuses a body over the size limit', async () => {
      const response = await tokenRequest(
        { grant_type: 'client_credentials', pad: 'x'.repeat(TOKEN_BODY_LIMIT) },
        [m2m.id, m2m.secret],
      );
      expect(await errorOf(response)).toEqual({ status: 413, body: { error: 'invalid_request' } });
    });

    it('serves no hosted UI, so an authorization code never exists', async () => {
      const authorize = await fetch(
        `${url}/oauth2/authorize?client_id=${m2m.id}&response_type=code`,
      );
      expect(authorize.status).toBe(404);
      const code = await tokenRequest({ grant_type: 'authorization_code', code: 'x' }, [
        m2m.id,
        m2m.secret,
      ]);
      expect(await errorOf(code)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    });

    it('answers the refresh_token grant from the same token records as the API', async () => {
      const web = await sdk.send(
        new CreateUserPoolClientCommand({
          UserPoolId: poolId,
          ClientName: 'public-web',
          ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      const clientId = web.UserPoolClient?.ClientId ?? '';
      await sdk.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: 'refresher@example.com',
          MessageAction: 'SUPPRESS',
        }),
      );
      await sdk.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: poolId,
          Username: 'refresher@example.com',
          Password: 'Refresh-me-1!',
          Permanent: true,
        }),
      );
      const signedIn = await srpSignIn(sdk, {
        userPoolId: poolId,
        clientId,
        username: 'refresher@example.com',
        password: 'Refresh-me-1!',
      });
      const refreshToken = signedIn.AuthenticationResult?.RefreshToken ?? '';
      const ok = await tokenRequest({
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

      await sdk.send(new RevokeTokenCommand({ ClientId: clientId, Token: refreshToken }));
      const revoked = await tokenRequest({
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: refreshToken,
      });
      expect(await errorOf(revoked)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
      const unknown = await tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: 'nosuchclient',
      });
      expect(await errorOf(unknown)).toEqual({ status: 401, body: { error: 'invalid_client' } });
    });
  });
});

describe('SECRET_HASH', () => {
  const client = (secret?: string) =>
    ({
      ClientId: 'client123',
      ClientName: 'c',
      UserPoolId: 'local_pool',
      ClientSecret: secret,
      CreationDate: new Date(0),
      LastModifiedDate: new Date(0),
    }) as AppClient;
  const secret = 'abcdef0123456789secret0123456789';
  // base64(HMAC-SHA256(key = secret, message = "alice" + "client123")), computed independently.
  const expected = 'eQlYw8sNcsycodlcDFsc3P3Gx5BmR1bnPA6i+6fu5YQ=';

  it("is Base64(HMAC-SHA256(secret, username + client id)), Cognito's formula", () => {
    expect(secretHash(secret, 'alice', 'client123')).toBe(expected);
  });

  it('accepts the right hash', () => {
    expect(() => {
      checkSecretHash(client(secret), [secret], 'alice', expected);
    }).not.toThrow();
  });

  it('accepts a hash made with any of the client’s current secrets, and none made with another', () => {
    const second = 'zyxwvu9876543210second9876543210';
    for (const key of [secret, second]) {
      expect(() => {
        checkSecretHash(
          client(secret),
          [secret, second],
          'alice',
          secretHash(key, 'alice', 'client123'),
        );
      }).not.toThrow();
    }
    // A deleted secret is no longer in the list: its hashes fail.
    expect(() => {
      checkSecretHash(client(secret), [second], 'alice', expected);
    }).toThrow(expect.objectContaining({ code: 'NotAuthorizedException' }) as Error);
  });

  it('refuses a missing hash with NotAuthorizedException, in either of Cognito’s wordings', () => {
    expect(() => {
      checkSecretHash(client(secret), [secret], 'alice', undefined);
    }).toThrow(
      expect.objectContaining({
        code: 'NotAuthorizedException',
        message: 'Client client123 is configured for secret but secret was not received',
      }) as Error,
    );
    expect(() => {
      checkSecretHash(client(secret), [secret], 'alice', undefined, 'SECRET_HASH');
    }).toThrow(
      expect.objectContaining({
        code: 'NotAuthorizedException',
        message: SECRET_HASH_MESSAGES.missing('client123', 'SECRET_HASH'),
      }) as Error,
    );
    expect(SECRET_HASH_MESSAGES.missing('client123', 'SECRET_HASH')).toBe(
      'Client client123 is configured with secret but SECRET_HASH was not received',
    );
  });

  it('refuses a wrong hash (another user, another length) with NotAuthorizedException', () => {
    for (const wrong of [secretHash(secret, 'bob', 'client123'), 'short', '']) {
      expect(() => {
        checkSecretHash(client(secret), [secret], 'alice', wrong);
      }).toThrow(
        expect.objectContaining({
          code: 'NotAuthorizedException',
          message: 'Unable to verify secret hash for client client123',
        }) as Error,
      );
    }
  });

  it('ignores SECRET_HASH for a client without a secret', () => {
    expect(() => {
      checkSecretHash(client(), [], 'alice', undefined);
    }).not.toThrow();
    expect(() => {
      checkSecretHash(client(), [], 'alice', 'anything');
    }).not.toThrow();
  });
});
