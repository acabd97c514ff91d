import {
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  GetUserCommand,
  InitiateAuthCommand,
  InvalidParameterException,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool, startTestCognito, type TestCognito } from './testing';

// cognito-local alone (no other emulators) with the fidelity layer in front, driven by the SDK.
describe('the fidelity layer', () => {
  let stack: TestCognito | undefined;
  let client: CognitoIdentityProviderClient;
  let poolId = '';
  let otherPoolId = '';
  let clientId = '';
  /** How far the stack's clock runs ahead of the real one. */
  let offset = 0;
  const emails = ['p1', 'p2', 'p3', 'p4', 'p5', 'q1', 'q2'].map((n) => `${n}@example.com`);

  beforeAll(async () => {
    stack = await startTestCognito({ clock: { get: () => new Date(Date.now() + offset) } });
    client = stack.sdk;
    poolId = await createPool(client, { PoolName: 'fidelity', UsernameAttributes: ['email'] });
    otherPoolId = await createPool(client, { PoolName: 'other', UsernameAttributes: ['email'] });
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient?.ClientId ?? '';
    for (const email of emails) {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: email,
          MessageAction: 'SUPPRESS',
        }),
      );
    }
  });

  afterEach(() => {
    offset = 0;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const signIn = async (email: string) => {
    const password = 'Passw0rd-long';
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
    const auth = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: poolId,
        ClientId: clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return auth.AuthenticationResult?.RefreshToken ?? '';
  };

  const refresh = (token: string) =>
    client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: token },
      }),
    );

  describe('AdminUserGlobalSignOut', () => {
    it("signs the user out everywhere: every refresh token of theirs stops working, others' do not", async () => {
      const first = await signIn('p1@example.com');
      const second = await signIn('p1@example.com');
      const bystander = await signIn('p2@example.com');
      const refreshed = await refresh(first);
      expect(refreshed.AuthenticationResult?.AccessToken).toMatch(/^ey/);

      // Username may be the e-mail address (an alias of the sub-username in this pool).
      const answer = await client.send(
        new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: 'p1@example.com' }),
      );
      expect(answer.$metadata.httpStatusCode).toBe(200);

      for (const token of [first, second]) {
        await expect(refresh(token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      }
      await expect(refresh(bystander)).resolves.toBeDefined();
    });

    it('answers an unknown user as Cognito does', async () => {
      await expect(
        client.send(
          new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: 'nobody@example.com' }),
        ),
      ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
    });

    it('answers a missing pool and a missing username as Cognito does', async () => {
      await expect(
        client.send(
          new AdminUserGlobalSignOutCommand({ UserPoolId: 'local_missing', Username: 'x@y.z' }),
        ),
      ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      await expect(
        client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId, Username: undefined })),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value null at 'username' failed to satisfy constraint: Member must not be null",
      });
    });
  });

  describe('ListUsers', () => {
    const page = (input: { Limit?: number; PaginationToken?: string; Filter?: string }) =>
      client.send(new ListUsersCommand({ UserPoolId: poolId, ...input }));

    it('pages with Limit and PaginationToken in a stable order, nothing twice, nothing lost', async () => {
      const seen: string[][] = [];
      let token: string | undefined;
      do {
        const answer = await page({ Limit: 3, PaginationToken: token });
        seen.push((answer.Users ?? []).map((u) => u.Username ?? ''));
        token = answer.PaginationToken;
      } while (token !== undefined);
      expect(seen.map((p) => p.length)).toEqual([3, 3, 1]);
      const all = seen.flat();
      expect(new Set(all).size).toBe(emails.length);
      expect(all).toEqual([...all].sort());
      const again = await page({ Limit: 3 });
      expect(again.Users?.map((u) => u.Username)).toEqual(seen[0]);
    });

    it("defaults to 60 and keeps cognito-local's Filter", async () => {
      const everyone = await page({});
      expect(everyone.Users).toHaveLength(emails.length);
      expect(everyone.PaginationToken).toBeUndefined();

      const first = await page({ Filter: 'email ^= "p"', Limit: 4 });
      expect(first.Users).toHaveLength(4);
      const rest = await page({
        Filter: 'email ^= "p"',
        Limit: 4,
        PaginationToken: first.PaginationToken,
      });
      expect(rest.Users).toHaveLength(1);
      expect(rest.PaginationToken).toBeUndefined();
      const found = [...(first.Users ?? []), ...(rest.Users ?? [])].map(
        (u) => u.Attributes?.find((a) => a.Name === 'email')?.Value,
      );
      expect(found.sort()).toEqual(emails.filter((e) => e.startsWith('p')));
    });

    it('refuses a Limit above 60 with the message AWS gives', async () => {
      await expect(page({ Limit: 61 })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value '61' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60",
      });
    });

    it('refuses a pagination token that is not one of this pool', async () => {
      const refused = await page({ PaginationToken: 'garbage' }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(InvalidParameterException);
      expect((refused as Error).message).toMatch(/^Paging marker garbage is invalid for request /);
      const foreign = await page({ Limit: 1 });
      await expect(
        client.send(
          new ListUsersCommand({
            UserPoolId: otherPoolId,
            PaginationToken: foreign.PaginationToken,
          }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    });
  });

  describe('time', () => {
    const TEMPORARY = 'Temp-passw0rd!';
    const invite = async (email: string) => {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: email,
          TemporaryPassword: TEMPORARY,
          MessageAction: 'SUPPRESS',
        }),
      );
    };
    const adminSignIn = (email: string, password: string) =>
      client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: poolId,
          ClientId: clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );

    it('ends a challenge session after three minutes: "session is expired"', async () => {
      await invite('t1@example.com');
      const challenge = await adminSignIn('t1@example.com', TEMPORARY);
      expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      offset = 3 * 60 * 1000 + 1000;
      await expect(
        client.send(
          new AdminRespondToAuthChallengeCommand({
            UserPoolId: poolId,
            ClientId: clientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: challenge.Session,
            ChallengeResponses: { USERNAME: 't1@example.com', NEW_PASSWORD: 'New-passw0rd!' },
          }),
        ),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      });
    });

    it("expires temporary passwords after the policy's validity days (7 by default)", async () => {
      await invite('t2@example.com');
      offset = 7 * 86_400_000 + 60_000;
      await expect(adminSignIn('t2@example.com', TEMPORARY)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Temporary password has expired and must be reset by an administrator.',
      });
    });

    it('expires access tokens: "Access Token has expired"', async () => {
      await signIn('p3@example.com');
      const auth = await adminSignIn('p3@example.com', 'Passw0rd-long');
      offset = 2 * 3600 * 1000;
      await expect(
        client.send(new GetUserCommand({ AccessToken: auth.AuthenticationResult?.AccessToken })),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has expired',
      });
    });

    it('forgets failed attempts after 15 quiet minutes, and a lock lasts 2^(n-5) s', async () => {
      await signIn('p4@example.com');
      for (let i = 0; i < 4; i += 1) {
        await expect(adminSignIn('p4@example.com', 'wrong')).rejects.toMatchObject({
          message: 'Incorrect username or password.',
        });
      }
      offset = 16 * 60 * 1000;
      // Four old failures forgotten: four more do not lock…
      for (let i = 0; i < 4; i += 1) {
        await expect(adminSignIn('p4@example.com', 'wrong')).rejects.toMatchObject({
          message: 'Incorrect username or password.',
        });
      }
      await expect(adminSignIn('p4@example.com', 'Passw0rd-long')).resolves.toBeDefined();
      // …and after five in a row the right password waits for the lock (1 s) to pass.
      for (let i = 0; i < 5; i += 1) {
        await expect(adminSignIn('p4@example.com', 'wrong')).rejects.toMatchObject({
          message: 'Incorrect username or password.',
        });
      }
      await expect(adminSignIn('p4@example.com', 'Passw0rd-long')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      offset += 1500;
      await expect(adminSignIn('p4@example.com', 'Passw0rd-long')).resolves.toBeDefined();
    });
  });
});
