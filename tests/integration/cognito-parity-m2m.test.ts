/**
 * Machine-to-machine as real Cognito runs it: resource servers and their scopes, app clients with
 * a secret (SECRET_HASH); the client_credentials grant: cognito-parity-m2m-tokens.
 */
import {
  CreateResourceServerCommand,
  DeleteResourceServerCommand,
  DescribeResourceServerCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListResourceServersCommand,
  ListUserPoolClientsCommand,
  UpdateResourceServerCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoError, createConfirmedUser, failureOf, type PoolUser } from '../support/aws';
import { secretHash, srpSignIn } from '../support/srp-client';
import { API, idp, m2mClient, pool, secretClient, setUpM2m } from './cognito-parity-m2m-kit';

beforeAll(setUpM2m);

describe('resource servers', () => {
  it('are created, described, listed, updated and deleted', async () => {
    const identifier = 'https://parity.example.test/crud';
    const created = await idp.send(
      new CreateResourceServerCommand({
        UserPoolId: pool.userPoolId,
        Identifier: identifier,
        Name: 'CRUD',
        Scopes: [{ ScopeName: 'one', ScopeDescription: 'first' }],
      }),
    );
    const expected = {
      UserPoolId: pool.userPoolId,
      Identifier: identifier,
      Name: 'CRUD',
      Scopes: [{ ScopeName: 'one', ScopeDescription: 'first' }],
    };
    expect(created.ResourceServer).toEqual(expected);
    const described = await idp.send(
      new DescribeResourceServerCommand({ UserPoolId: pool.userPoolId, Identifier: identifier }),
    );
    expect(described.ResourceServer).toEqual(expected);
    const listed = await idp.send(
      new ListResourceServersCommand({ UserPoolId: pool.userPoolId, MaxResults: 50 }),
    );
    expect(listed.ResourceServers?.map((s) => s.Identifier).sort()).toEqual(
      [API, identifier].sort(),
    );

    const updated = await idp.send(
      new UpdateResourceServerCommand({
        UserPoolId: pool.userPoolId,
        Identifier: identifier,
        Name: 'CRUD 2',
        Scopes: [{ ScopeName: 'two', ScopeDescription: 'second' }],
      }),
    );
    expect(updated.ResourceServer).toEqual({
      ...expected,
      Name: 'CRUD 2',
      Scopes: [{ ScopeName: 'two', ScopeDescription: 'second' }],
    });

    await idp.send(
      new DeleteResourceServerCommand({ UserPoolId: pool.userPoolId, Identifier: identifier }),
    );
    // The message is UNCONF; the exception name is Cognito's.
    expect(
      (
        await failureOf(
          idp.send(
            new DescribeResourceServerCommand({
              UserPoolId: pool.userPoolId,
              Identifier: identifier,
            }),
          ),
        )
      ).name,
    ).toBe('ResourceNotFoundException');
  });

  it('refuse a second server with the same identifier: InvalidParameterException', async () => {
    // The model has no "exists" exception; the message is moto's guess (EMU): name only.
    const failure = await failureOf(
      idp.send(
        new CreateResourceServerCommand({
          UserPoolId: pool.userPoolId,
          Identifier: API,
          Name: 'again',
        }),
      ),
    );
    expect(failure.name).toBe('InvalidParameterException');
  });
});

describe('ListUserPoolClients (the reconciler’s sweep pages through it, issue 32)', () => {
  it('pages by MaxResults (1..60) with a NextToken, answering each client’s description only', async () => {
    const seen: Record<string, unknown>[] = [];
    let NextToken: string | undefined;
    let pages = 0;
    do {
      const page = await idp.send(
        new ListUserPoolClientsCommand({ UserPoolId: pool.userPoolId, MaxResults: 1, NextToken }),
      );
      expect(page.UserPoolClients?.length).toBe(1);
      seen.push(...(page.UserPoolClients ?? []).map((client) => ({ ...client })));
      NextToken = page.NextToken;
      pages += 1;
    } while (NextToken !== undefined && pages < 10);
    // Exactly the clients of the pool, each once; no settings, never a secret.
    expect(seen.map((client) => client.ClientId).sort()).toEqual(
      [pool.webClientId, pool.legacyClientId, secretClient.id, m2mClient.id].sort(),
    );
    for (const client of seen) {
      expect(Object.keys(client).sort()).toEqual(['ClientId', 'ClientName', 'UserPoolId']);
      expect(client.UserPoolId).toBe(pool.userPoolId);
    }
    const whole = await idp.send(new ListUserPoolClientsCommand({ UserPoolId: pool.userPoolId }));
    expect(whole.UserPoolClients).toHaveLength(4);
    expect(whole.NextToken).toBeUndefined();
  });

  it('refuses MaxResults outside 1..60 and a token it did not give: InvalidParameterException', async () => {
    for (const MaxResults of [0, 61]) {
      const failure = await failureOf(
        idp.send(new ListUserPoolClientsCommand({ UserPoolId: pool.userPoolId, MaxResults })),
      );
      expect(failure.name, String(MaxResults)).toBe('InvalidParameterException');
    }
    const foreign = await failureOf(
      idp.send(
        new ListUserPoolClientsCommand({ UserPoolId: pool.userPoolId, NextToken: 'not-a-token' }),
      ),
    );
    expect(foreign.name).toBe('InvalidParameterException');
  });
});

describe('a client with a secret', () => {
  let user: PoolUser;
  beforeAll(async () => {
    user = await createConfirmedUser(idp, pool.userPoolId, 'secret');
  });

  const passwordAuth = (secretHashValue?: string) =>
    idp.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: secretClient.id,
        AuthParameters: {
          USERNAME: user.email,
          PASSWORD: user.password,
          ...(secretHashValue === undefined ? {} : { SECRET_HASH: secretHashValue }),
        },
      }),
    );

  it('requires SECRET_HASH: "Client <id> is configured for secret but secret was not received"', async () => {
    // Which of the two real wordings InitiateAuth USER_PASSWORD_AUTH uses is UNCONF; this is the
    // facts file's recommendation.
    expect(await failureOf(passwordAuth())).toEqual(
      cognitoError(
        'NotAuthorizedException',
        `Client ${secretClient.id} is configured for secret but secret was not received`,
      ),
    );
  });

  it('checks SECRET_HASH: "Unable to verify secret hash for client <id>"', async () => {
    expect(
      await failureOf(passwordAuth(secretHash(secretClient.id, 'not-the-secret', user.email))),
    ).toEqual(
      cognitoError(
        'NotAuthorizedException',
        `Unable to verify secret hash for client ${secretClient.id}`,
      ),
    );
  });

  it('signs in with the right SECRET_HASH, by password and by SRP, and refreshes', async () => {
    const byPassword = await passwordAuth(
      secretHash(secretClient.id, secretClient.secret, user.email),
    );
    expect(byPassword.AuthenticationResult?.AccessToken).toEqual(expect.any(String));

    const bySrp = await srpSignIn(idp, {
      userPoolId: pool.userPoolId,
      clientId: secretClient.id,
      clientSecret: secretClient.secret,
      username: user.email,
      password: user.password,
    });
    const refreshToken = bySrp.AuthenticationResult?.RefreshToken ?? '';
    expect(refreshToken).not.toBe('');

    // REFRESH_TOKEN_AUTH: the SECRET_HASH of the username (the sub), not of the e-mail address.
    const refreshed = await idp.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: secretClient.id,
        AuthParameters: {
          REFRESH_TOKEN: refreshToken,
          SECRET_HASH: secretHash(secretClient.id, secretClient.secret, user.username),
        },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String));

    // GetTokensFromRefreshToken takes the plain secret.
    const again = await idp.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: secretClient.id,
        ClientSecret: secretClient.secret,
        RefreshToken: refreshToken,
      }),
    );
    expect(again.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });
});
