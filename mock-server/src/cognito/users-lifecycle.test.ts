import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminListUserAuthEventsCommand,
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { useUsersCognito } from './users-fixture';

// cognito-local with the fidelity layer in front, driven by the SDK as the product drives it.
describe('user directory targets: disabling, deleting, auth events', () => {
  const users = useUsersCognito();
  const { ctx, running, createUser, confirmedUser, getUser, meta, signIn, refreshOrigin } = users;
  let client: CognitoIdentityProviderClient;
  let emailPool = '';
  let securePool = '';
  beforeAll(() => {
    ({ client, emailPool, securePool } = users);
  });

  describe('AdminDisableUser, AdminEnableUser, AdminDeleteUser', () => {
    it('AdminDisableUser accepts the e-mail alias and ends every session of the user', async () => {
      const username = await confirmedUser('disable@example.com');
      const tokens = await signIn(username);
      await client.send(
        new AdminDisableUserCommand({ UserPoolId: emailPool, Username: 'disable@example.com' }),
      );
      expect((await getUser(username)).Enabled).toBe(false);
      await expect(refreshOrigin(tokens.RefreshToken)).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      await expect(
        client.send(
          new AdminDisableUserCommand({ UserPoolId: emailPool, Username: 'none@example.com' }),
        ),
      ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
    });

    it('AdminEnableUser accepts the alias and lifts a temporary lockout', async () => {
      const username = await confirmedUser('locked@example.com');
      await running().fidelity.store.update(emailPool, (state) => {
        state.users[username] = { failedAttempts: 7, lockedUntil: Date.now() + 60_000 };
      });
      await client.send(new AdminDisableUserCommand({ UserPoolId: emailPool, Username: username }));
      await client.send(
        new AdminEnableUserCommand({ UserPoolId: emailPool, Username: 'locked@example.com' }),
      );
      expect((await getUser(username)).Enabled).toBe(true);
      const after = await meta(username);
      expect(after?.failedAttempts).toBeUndefined();
      expect(after?.lockedUntil).toBeUndefined();
      expect(await running().fidelity.authEvents.isLocked(emailPool, username)).toBe(false);
    });

    it('AdminDeleteUser accepts the alias, ends sessions and drops what we kept about the user', async () => {
      const username = await confirmedUser('delete@example.com');
      await client.send(new CreateGroupCommand({ UserPoolId: emailPool, GroupName: 'leavers' }));
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: emailPool,
          Username: username,
          GroupName: 'leavers',
        }),
      );
      const tokens = await signIn(username);
      await running().fidelity.authEvents.record(emailPool, username, 'SignIn', 'Pass', []);
      await client.send(
        new AdminDeleteUserCommand({ UserPoolId: emailPool, Username: 'delete@example.com' }),
      );
      await expect(getUser(username)).rejects.toMatchObject({ name: 'UserNotFoundException' });
      await expect(refreshOrigin(tokens.RefreshToken)).rejects.toMatchObject({
        message: 'Refresh Token has been revoked',
      });
      const state = await running().fidelity.store.read(emailPool);
      expect(state.users[username]).toBeUndefined();
      expect(state.authEvents[username]).toBeUndefined();
      const pool = await running().services.cognito.getUserPool(ctx, emailPool);
      expect((await pool.getGroupByGroupName(ctx, 'leavers'))?.members).toEqual([]);
    });
  });

  describe('AdminListUserAuthEvents', () => {
    it('is refused in a pool without threat protection', async () => {
      await confirmedUser('events-off@example.com');
      await expect(
        client.send(
          new AdminListUserAuthEventsCommand({
            UserPoolId: emailPool,
            Username: 'events-off@example.com',
          }),
        ),
      ).rejects.toMatchObject({
        name: 'UserPoolAddOnNotEnabledException',
        message: 'User pool add-ons are not enabled for this user pool.',
      });
    });

    it('lists the recorded events newest first, paged by MaxResults and NextToken', async () => {
      const created = await createUser({ Username: 'events@example.com' }, securePool);
      const username = created.User?.Username ?? '';
      const { authEvents } = running().fidelity;
      await authEvents.record(securePool, username, 'SignIn', 'Fail', [
        { ChallengeName: 'Password', ChallengeResponse: 'Failure' },
      ]);
      await authEvents.record(securePool, username, 'SignIn', 'Pass', [
        { ChallengeName: 'Password', ChallengeResponse: 'Success' },
      ]);
      const newest = await authEvents.record(securePool, username, 'PasswordChange', 'Pass', []);
      const list = (NextToken?: string) =>
        client.send(
          new AdminListUserAuthEventsCommand({
            UserPoolId: securePool,
            Username: 'events@example.com',
            MaxResults: 2,
            NextToken,
          }),
        );
      const first = await list();
      expect(first.AuthEvents?.map((e) => [e.EventType, e.EventResponse])).toEqual([
        ['PasswordChange', 'Pass'],
        ['SignIn', 'Pass'],
      ]);
      const top = first.AuthEvents?.[0];
      expect(top?.EventId).toBe(newest.EventId);
      expect(top?.CreationDate).toBeInstanceOf(Date);
      expect(top?.CreationDate?.getTime()).toBe(Math.floor(newest.CreatedAt / 1000) * 1000);
      expect(top?.EventRisk).toEqual({
        RiskDecision: 'NoRisk',
        CompromisedCredentialsDetected: false,
      });
      expect(top?.EventContextData).toEqual(newest.EventContextData);
      expect(first.AuthEvents?.[1]?.ChallengeResponses).toEqual([
        { ChallengeName: 'Password', ChallengeResponse: 'Success' },
      ]);
      const rest = await list(first.NextToken);
      expect(rest.AuthEvents?.map((e) => [e.EventType, e.EventResponse])).toEqual([
        ['SignIn', 'Fail'],
      ]);
      expect(rest.NextToken).toBeUndefined();
    });

    it('answers an unknown user and MaxResults above 60 as Cognito does', async () => {
      await expect(
        client.send(
          new AdminListUserAuthEventsCommand({ UserPoolId: securePool, Username: 'x@example.com' }),
        ),
      ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
      await expect(
        client.send(
          new AdminListUserAuthEventsCommand({
            UserPoolId: securePool,
            Username: 'events@example.com',
            MaxResults: 61,
          }),
        ),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value '61' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 60",
      });
    });
  });
});
