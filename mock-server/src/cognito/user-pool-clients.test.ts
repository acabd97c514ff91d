import {
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { CLIENT_SECRET_LENGTH, M2M_MESSAGES, newClientSecret } from './m2m';
import { useM2mCognito } from './m2m-fixture';

// cognito-local with the fidelity layer in front: app clients with secrets and OAuth settings through the SDK.
describe('machine-to-machine: app clients', () => {
  const m = useM2mCognito();

  it('generates a 51-character [a-z0-9] secret, and none without GenerateSecret', async () => {
    const withSecret = await m.createClient({ ClientName: 'server', GenerateSecret: true });
    expect(withSecret.secret).toMatch(/^[a-z0-9]{51}$/);
    const without = await m.createClient({ ClientName: 'spa' });
    expect(without.client?.ClientSecret).toBeUndefined();
    expect(without.client?.EnableTokenRevocation).toBe(true);
    expect(without.client?.AllowedOAuthFlowsUserPoolClient).toBe(false);
    // cognito-local's storage: DescribeUserPoolClient (cognito-local's own) sees the same client.
    const described = await m.sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: m.poolId, ClientId: withSecret.id }),
    );
    expect(described.UserPoolClient?.ClientSecret).toBe(withSecret.secret);
    expect(newClientSecret()).toHaveLength(CLIENT_SECRET_LENGTH);
  });

  it('keeps a client_credentials client with custom scopes', async () => {
    const described = await m.sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: m.poolId, ClientId: m.m2m.id }),
    );
    expect(described.UserPoolClient).toMatchObject({
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['api/read', 'api/write'],
    });
  });

  it('refuses client_credentials together with code or implicit', async () => {
    await expect(
      m.createClient({
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
      m.createClient({
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
    await expect(m.m2mClient(['api/read', 'api/delete'])).rejects.toMatchObject({
      name: 'ScopeDoesNotExistException',
      message: 'Invalid scope requested: api/delete',
    });
    await expect(m.m2mClient(['other/read'])).rejects.toMatchObject({
      name: 'ScopeDoesNotExistException',
      message: 'Invalid scope requested: other/read',
    });
  });

  it('refuses a standard scope on a client_credentials client', async () => {
    await expect(m.m2mClient(['api/read', 'openid'])).rejects.toMatchObject({
      name: 'InvalidOAuthFlowException',
      message: 'openid is not supported with client_credentials flow',
    });
  });

  it('requires flows and scopes when AllowedOAuthFlowsUserPoolClient is true', async () => {
    await expect(
      m.createClient({ ClientName: 'oauth', AllowedOAuthFlowsUserPoolClient: true }),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message:
        'AllowedOAuthFlows and AllowedOAuthScopes are required if user pool client is allowed to use OAuth flows.',
    });
  });

  it('requires callback URLs for code and implicit', async () => {
    await expect(
      m.createClient({
        ClientName: 'web',
        AllowedOAuthFlows: ['code'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: ['openid'],
      }),
    ).rejects.toMatchObject({
      name: 'InvalidOAuthFlowException',
      message: 'CallbackUrls can not be empty when code flow or implicit flow is selected',
    });
    const ok = await m.createClient({
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
      m.createClient({
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
      m.sdk.send(
        new CreateUserPoolClientCommand({ UserPoolId: 'us-west-2_missing', ClientName: 'x' }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool us-west-2_missing does not exist.',
    });
  });

  it('updates as AWS does: omitted settings take their defaults, id and secret stay', async () => {
    const created = await m.createClient({
      ClientName: 'to-update',
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    });
    const updated = await m.sdk.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: m.poolId,
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

    const token = await m.tokenRequest({ grant_type: 'client_credentials' }, [
      created.id,
      created.secret,
    ]);
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    expect(decodeJwt(access_token).scope).toBe('api/admin');
  });

  it('applies the OAuth checks on update too', async () => {
    const spa = await m.createClient({ ClientName: 'spa' });
    await expect(
      m.sdk.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: m.poolId,
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
      m.sdk.send(
        new UpdateUserPoolClientCommand({ UserPoolId: m.poolId, ClientId: 'nosuchclient' }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client nosuchclient does not exist.',
    });
  });

  it('deletes a client, and answers an unknown one as AWS does', async () => {
    const doomed = await m.createClient({ ClientName: 'doomed' });
    await m.sdk.send(
      new DeleteUserPoolClientCommand({ UserPoolId: m.poolId, ClientId: doomed.id }),
    );
    await expect(
      m.sdk.send(new DeleteUserPoolClientCommand({ UserPoolId: m.poolId, ClientId: doomed.id })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: `User pool client ${doomed.id} does not exist.`,
    });
  });
});
