import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListUsersCommand,
  type ListUsersCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fidelity } from './fidelity-target';
import { ListUsers } from './list-users';
import { useUsersCognito } from './users-fixture';

// cognito-local with the fidelity layer in front, driven by the SDK as the product drives it.
describe('user directory targets: listing and groups', () => {
  const users = useUsersCognito();
  const { ctx, PASSWORD, createPool, createUser, confirmedUser } = users;
  let client: CognitoIdentityProviderClient;
  let emailPool = '';
  let namePool = '';
  beforeAll(() => {
    ({ client, emailPool, namePool } = users);
  });

  describe('ListUsers', () => {
    let pool = '';
    const list = (input: Omit<ListUsersCommandInput, 'UserPoolId'>) =>
      client.send(new ListUsersCommand({ UserPoolId: pool, ...input }));
    const emailsOf = (users: { Attributes?: { Name?: string; Value?: string }[] }[] = []) =>
      users.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value).sort();

    beforeAll(async () => {
      pool = await createPool({ UsernameAttributes: ['email'] });
      const people: [string, Record<string, string>][] = [
        ['ann@example.com', { given_name: 'Ann', family_name: 'Smith' }],
        ['Anna.Lee@Example.com', { given_name: 'Anna', family_name: 'Lee' }],
        ['bob@example.com', { given_name: 'Bob', family_name: 'O"Brien' }],
        ['carl@example.org', { given_name: 'Carl', family_name: 'Smithers' }],
      ];
      for (const [email, attributes] of people) {
        await createUser(
          {
            Username: email,
            UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
          },
          pool,
        );
      }
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool,
          Username: 'carl@example.org',
          Password: PASSWORD,
          Permanent: true,
        }),
      );
      await client.send(
        new AdminDisableUserCommand({ UserPoolId: pool, Username: 'bob@example.com' }),
      );
    });

    it('matches = exactly and ^= as a prefix, case-insensitively for e-mail and names', async () => {
      expect(emailsOf((await list({ Filter: 'email = "ANN@example.com"' })).Users)).toEqual([
        'ann@example.com',
      ]);
      expect(emailsOf((await list({ Filter: 'email ^= "ann"' })).Users)).toEqual([
        'Anna.Lee@Example.com',
        'ann@example.com',
      ]);
      expect(emailsOf((await list({ Filter: 'family_name ^= "smith"' })).Users)).toEqual([
        'ann@example.com',
        'carl@example.org',
      ]);
      expect((await list({ Filter: 'given_name = "An"' })).Users).toEqual([]);
      // No spaces, a quoted attribute name, an escaped quote in the value.
      expect(emailsOf((await list({ Filter: '"given_name"="Bob"' })).Users)).toEqual([
        'bob@example.com',
      ]);
      expect(emailsOf((await list({ Filter: 'family_name = "O\\"Brien"' })).Users)).toEqual([
        'bob@example.com',
      ]);
      expect((await list({ Filter: '' })).Users).toHaveLength(4);
    });

    it('filters on sub, username (case-sensitive), status and cognito:user_status', async () => {
      const carl = (await list({ Filter: 'email = "carl@example.org"' })).Users?.[0];
      const sub = carl?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? '';
      expect(emailsOf((await list({ Filter: `sub = "${sub}"` })).Users)).toEqual([
        'carl@example.org',
      ]);
      expect(
        emailsOf((await list({ Filter: `username = "${carl?.Username ?? ''}"` })).Users),
      ).toEqual(['carl@example.org']);

      await createUser({ Username: 'Dana' }, namePool);
      const byName = (filter: string) =>
        client.send(new ListUsersCommand({ UserPoolId: namePool, Filter: filter }));
      expect((await byName('username = "Dana"')).Users?.map((u) => u.Username)).toEqual(['Dana']);
      expect((await byName('username = "dana"')).Users).toEqual([]);

      expect(emailsOf((await list({ Filter: 'status = "Disabled"' })).Users)).toEqual([
        'bob@example.com',
      ]);
      expect((await list({ Filter: 'status = "Enabled"' })).Users).toHaveLength(3);
      expect((await list({ Filter: 'status = "enabled"' })).Users).toEqual([]);
      expect(emailsOf((await list({ Filter: 'cognito:user_status = "confirmed"' })).Users)).toEqual(
        ['carl@example.org'],
      );
      expect(
        (await list({ Filter: 'cognito:user_status = "FORCE_CHANGE_PASSWORD"' })).Users,
      ).toHaveLength(3);
    });

    it('refuses a malformed filter and an attribute Cognito cannot search', async () => {
      for (const filter of ['foo', 'email = ann', 'email == "a"', 'email = "unterminated']) {
        await expect(list({ Filter: filter })).rejects.toMatchObject({
          name: 'InvalidParameterException',
          message: 'Error while parsing filter.',
        });
      }
      await expect(list({ Filter: 'custom:role = "admin"' })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: 'Invalid search attribute: custom:role',
      });
      await expect(list({ Filter: 'email_verified = "true"' })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: 'Invalid search attribute: email_verified',
      });
    });

    it('returns only the AttributesToGet, and refuses attributes the pool does not have', async () => {
      const answer = await list({
        Filter: 'email = "ann@example.com"',
        AttributesToGet: ['email'],
      });
      expect(answer.Users?.[0]?.Attributes).toEqual([{ Name: 'email', Value: 'ann@example.com' }]);
      await expect(list({ AttributesToGet: ['custom:nothing'] })).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: 'One or more requested attributes do not exist.',
      });
    });

    it('binds a pagination token to its filter', async () => {
      const first = await list({ Filter: 'email ^= "a"', Limit: 1 });
      expect(first.PaginationToken).toBeDefined();
      const second = await list({
        Filter: 'email ^= "a"',
        Limit: 1,
        PaginationToken: first.PaginationToken,
      });
      expect(second.PaginationToken).toBeUndefined();
      expect(emailsOf([...(first.Users ?? []), ...(second.Users ?? [])])).toEqual([
        'Anna.Lee@Example.com',
        'ann@example.com',
      ]);
      const refused = list({ Filter: 'email ^= "b"', PaginationToken: first.PaginationToken });
      await expect(refused).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message: expect.stringMatching(/^Paging marker \S+ is invalid for request /) as unknown,
      });
    });

    it('pages through 10,000 users quickly, each once, in a stable order', async () => {
      const users: User[] = Array.from({ length: 10_000 }, (_, i) => ({
        Username: `user-${String(i).padStart(5, '0')}`,
        Password: 'x',
        Attributes: [{ Name: 'email', Value: `u${String(i)}@example.com` }],
        Enabled: true,
        UserStatus: 'CONFIRMED',
        UserCreateDate: new Date(0),
        UserLastModifiedDate: new Date(0),
        RefreshTokens: [],
      }));
      const fakePool = { options: { Id: 'local_big' }, listUsers: () => Promise.resolve(users) };
      const services = {
        cognito: { getUserPool: () => Promise.resolve(fakePool) },
      } as unknown as Services;
      const route = ListUsers(services, {} as Fidelity);
      const seen = new Set<string>();
      let token: string | undefined;
      const started = performance.now();
      do {
        const page = (await route(ctx, {
          UserPoolId: 'local_big',
          Limit: 60,
          PaginationToken: token,
        })) as { Users: { Username: string }[]; PaginationToken?: string };
        for (const u of page.Users) seen.add(u.Username);
        token = page.PaginationToken;
      } while (token !== undefined);
      expect(seen.size).toBe(10_000);
      expect(performance.now() - started).toBeLessThan(5_000);
      const filtered = (await route(ctx, {
        UserPoolId: 'local_big',
        Filter: 'email = "u9999@example.com"',
      })) as { Users: { Username: string }[] };
      expect(filtered.Users.map((u) => u.Username)).toEqual(['user-09999']);
    });
  });

  describe('AdminListGroupsForUser', () => {
    it('lists the groups of the user an e-mail alias names, paged by Limit and NextToken', async () => {
      await confirmedUser('grouped@example.com');
      for (const name of ['beta', 'alpha', 'gamma']) {
        await client.send(new CreateGroupCommand({ UserPoolId: emailPool, GroupName: name }));
        await client.send(
          new AdminAddUserToGroupCommand({
            UserPoolId: emailPool,
            Username: 'grouped@example.com',
            GroupName: name,
          }),
        );
      }
      const first = await client.send(
        new AdminListGroupsForUserCommand({
          UserPoolId: emailPool,
          Username: 'grouped@example.com',
          Limit: 2,
        }),
      );
      expect(first.Groups?.map((g) => g.GroupName)).toEqual(['alpha', 'beta']);
      expect(first.Groups?.[0]?.UserPoolId).toBe(emailPool);
      const rest = await client.send(
        new AdminListGroupsForUserCommand({
          UserPoolId: emailPool,
          Username: 'grouped@example.com',
          Limit: 2,
          NextToken: first.NextToken,
        }),
      );
      expect(rest.Groups?.map((g) => g.GroupName)).toEqual(['gamma']);
      expect(rest.NextToken).toBeUndefined();
    });

    it('answers an unknown user and a Limit above 60 as Cognito does', async () => {
      await expect(
        client.send(
          new AdminListGroupsForUserCommand({ UserPoolId: emailPool, Username: 'no@example.com' }),
        ),
      ).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
      await expect(
        client.send(
          new AdminListGroupsForUserCommand({
            UserPoolId: emailPool,
            Username: 'grouped@example.com',
            Limit: 61,
          }),
        ),
      ).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          "1 validation error detected: Value '61' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60",
      });
    });
  });

  describe('CreateGroup', () => {
    it('refuses an existing group name instead of replacing the group', async () => {
      await client.send(
        new CreateGroupCommand({ UserPoolId: emailPool, GroupName: 'admins', Precedence: 1 }),
      );
      await expect(
        client.send(new CreateGroupCommand({ UserPoolId: emailPool, GroupName: 'admins' })),
      ).rejects.toMatchObject({
        name: 'GroupExistsException',
        message: 'A group with the name already exists.',
      });
    });
  });
});
