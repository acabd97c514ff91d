import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  type AdminCreateUserCommandInput,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminListUserAuthEventsCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  type CreateUserPoolCommandInput,
  ListUsersCommand,
  type ListUsersCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fidelity } from './fidelity-target';
import type { OutgoingMail } from './messages';
import { passwordPolicy, policyViolation } from './password-policy';
import { createPool as createUserPool, startTestCognito, type TestCognito } from './testing';
import { ListUsers } from './list-users';

// cognito-local with the fidelity layer in front, driven by the SDK as the product drives it.
describe('user directory targets', () => {
  let stack: TestCognito | undefined;
  let client: CognitoIdentityProviderClient;
  /** UsernameAttributes ['email']: usernames are subs, the address is an alias. */
  let emailPool = '';
  /** Plain usernames. */
  let namePool = '';
  /** Threat protection on (AdvancedSecurityMode AUDIT). */
  let securePool = '';
  let clientId = '';
  let sent: readonly OutgoingMail[] = [];
  const ctx = { logger: pino({ level: 'silent' }) };
  const PASSWORD = 'Passw0rd-long';

  const running = () => {
    if (!stack) throw new Error('cognito-local is not running');
    return stack.cognito;
  };

  const createPool = (input: Omit<CreateUserPoolCommandInput, 'PoolName'>) =>
    createUserPool(client, { PoolName: 'users', ...input });

  const createUser = (input: Omit<AdminCreateUserCommandInput, 'UserPoolId'>, pool = emailPool) =>
    client.send(
      new AdminCreateUserCommand({ UserPoolId: pool, MessageAction: 'SUPPRESS', ...input }),
    );

  /** A confirmed user with a verified address, created without an invitation. */
  const confirmedUser = async (email: string, attributes: Record<string, string> = {}) => {
    const created = await createUser({
      Username: email,
      UserAttributes: Object.entries({ email_verified: 'true', ...attributes }).map(
        ([Name, Value]) => ({ Name, Value }),
      ),
    });
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: emailPool,
        Username: email,
        Password: PASSWORD,
        Permanent: true,
      }),
    );
    return created.User?.Username ?? '';
  };

  const getUser = (username: string, pool = emailPool) =>
    client.send(new AdminGetUserCommand({ UserPoolId: pool, Username: username }));

  /** cognito-local's stored user (with what the API never shows: password, codes). */
  const storedUser = async (username: string, pool = emailPool): Promise<User | null> =>
    (await running().services.cognito.getUserPool(ctx, pool)).getUserByUsername(ctx, username);

  const meta = async (username: string, pool = emailPool) =>
    (await running().fidelity.store.read(pool)).users[username];

  /** A real sign-in's tokens, issued by the token service (sign-in itself is not under test). */
  const signIn = async (username: string) => {
    const { services, fidelity } = running();
    const pool = await services.cognito.getUserPool(ctx, emailPool);
    const appClient = await services.cognito.getAppClient(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!appClient || !user) throw new Error('no client or user');
    return fidelity.tokens.issueUserTokens(ctx, pool, appClient, user);
  };

  const refreshOrigin = (refreshToken: string | undefined) =>
    running().fidelity.tokens.originOfRefreshToken(emailPool, clientId, refreshToken ?? '');

  const mailsTo = (address: string) => sent.filter((m) => m.to === address);

  beforeAll(async () => {
    // cognito-local's default pool settings make every username an e-mail address; a pool with
    // plain usernames needs that default off (pools asking for e-mail usernames still get them).
    stack = await startTestCognito({ config: { UserPoolDefaults: { UsernameAttributes: [] } } });
    ({ sdk: client, sent } = stack);
    emailPool = await createPool({ UsernameAttributes: ['email'] });
    namePool = await createPool({});
    securePool = await createPool({
      UsernameAttributes: ['email'],
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: emailPool, ClientName: 'web' }),
    );
    clientId = created.UserPoolClient?.ClientId ?? '';
  });

  afterAll(async () => {
    await stack?.stop();
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

  describe('AdminCreateUser', () => {
    it('refuses a TemporaryPassword that breaks the password policy', async () => {
      await expect(
        createUser({ Username: 'weak@example.com', TemporaryPassword: 'short' }),
      ).rejects.toMatchObject({
        name: 'InvalidPasswordException',
        message: 'Password does not conform to policy: Password not long enough',
      });
      await expect(getUser('weak@example.com')).rejects.toMatchObject({
        name: 'UserNotFoundException',
      });
    });

    it('generates a policy-conforming temporary password, records it and e-mails the invitation', async () => {
      const before = Date.now();
      const created = await client.send(
        new AdminCreateUserCommand({ UserPoolId: emailPool, Username: 'invited@example.com' }),
      );
      expect(created.User?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
      const username = created.User?.Username ?? '';
      const stored = await storedUser(username);
      const password = stored?.Password ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      const pool = await running().services.cognito.getUserPool(ctx, emailPool);
      expect(policyViolation(passwordPolicy(pool.options), password)).toBeUndefined();
      expect((await meta(username))?.temporaryPasswordAt).toBeGreaterThanOrEqual(before);
      // No phone number: the default SMS invitation goes by e-mail, with the pool's template.
      const mails = mailsTo('invited@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Your temporary password');
      expect(mails[0]?.text).toContain('invited@example.com');
      expect(mails[0]?.text).toContain(password);
    });

    it('sends nothing with SUPPRESS, and by e-mail when DesiredDeliveryMediums says EMAIL', async () => {
      await createUser({ Username: 'quiet@example.com' });
      expect(mailsTo('quiet@example.com')).toHaveLength(0);
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: emailPool,
          Username: 'loud@example.com',
          DesiredDeliveryMediums: ['EMAIL'],
          TemporaryPassword: 'Temp-Passw0rd',
        }),
      );
      expect(mailsTo('loud@example.com').map((m) => m.text.includes('Temp-Passw0rd'))).toEqual([
        true,
      ]);
    });

    it('answers a duplicate with the message for the pool kind', async () => {
      await createUser({ Username: 'twice@example.com' });
      await expect(createUser({ Username: 'twice@example.com' })).rejects.toMatchObject({
        name: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      });
      await createUser({ Username: 'twice' }, namePool);
      await expect(createUser({ Username: 'twice' }, namePool)).rejects.toMatchObject({
        name: 'UsernameExistsException',
        message: 'User account already exists',
      });
    });

    it('RESEND gives a FORCE_CHANGE_PASSWORD user a new temporary password and a new invitation', async () => {
      const created = await createUser({ Username: 'again@example.com' });
      const username = created.User?.Username ?? '';
      const firstPassword = (await storedUser(username))?.Password;
      const firstAt = (await meta(username))?.temporaryPasswordAt ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const resent = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: emailPool,
          Username: 'again@example.com',
          MessageAction: 'RESEND',
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      expect(resent.User?.Username).toBe(username);
      const secondPassword = (await storedUser(username))?.Password ?? '';
      expect(secondPassword).not.toBe(firstPassword);
      expect((await meta(username))?.temporaryPasswordAt).toBeGreaterThan(firstAt);
      const mails = mailsTo('again@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(secondPassword);
    });

    it('RESEND answers an unknown user and a user past FORCE_CHANGE_PASSWORD as Cognito does', async () => {
      const resend = (username: string) =>
        client.send(
          new AdminCreateUserCommand({
            UserPoolId: emailPool,
            Username: username,
            MessageAction: 'RESEND',
          }),
        );
      await expect(resend('ghost@example.com')).rejects.toMatchObject({
        name: 'UserNotFoundException',
        message: 'User does not exist.',
      });
      await confirmedUser('settled@example.com');
      await expect(resend('settled@example.com')).rejects.toMatchObject({
        name: 'UnsupportedUserStateException',
        message: 'Resend not possible. settled@example.com status is not FORCE_CHANGE_PASSWORD.',
      });
    });
  });

  describe('AdminResetUserPassword', () => {
    it('requires a reset, ends sessions, and e-mails a code ConfirmForgotPassword accepts', async () => {
      const username = await confirmedUser('reset@example.com');
      const tokens = await signIn(username);
      await expect(refreshOrigin(tokens.RefreshToken)).resolves.toBeDefined();

      await client.send(
        new AdminResetUserPasswordCommand({ UserPoolId: emailPool, Username: 'reset@example.com' }),
      );
      expect((await getUser('reset@example.com')).UserStatus).toBe('RESET_REQUIRED');
      await expect(refreshOrigin(tokens.RefreshToken)).rejects.toMatchObject({
        message: 'Refresh Token has been revoked',
      });
      const stored = await storedUser(username);
      const code = stored?.ConfirmationCode ?? '';
      expect(code).toMatch(/^\d{6}$/);
      expect((await meta(username))?.resetCodeAt).toBeGreaterThan(0);
      const mails = mailsTo('reset@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(code);

      await client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: 'reset@example.com',
          ConfirmationCode: code,
          Password: 'N3w-Passw0rd!',
        }),
      );
      expect((await getUser('reset@example.com')).UserStatus).toBe('CONFIRMED');
    });

    it('answers unknown, disabled, unverified and FORCE_CHANGE_PASSWORD users as Cognito does', async () => {
      const reset = (username: string) =>
        client.send(
          new AdminResetUserPasswordCommand({ UserPoolId: emailPool, Username: username }),
        );
      await expect(reset('nobody@example.com')).rejects.toMatchObject({
        name: 'UserNotFoundException',
        message: 'User does not exist.',
      });
      await confirmedUser('off@example.com');
      await client.send(
        new AdminDisableUserCommand({ UserPoolId: emailPool, Username: 'off@example.com' }),
      );
      await expect(reset('off@example.com')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'User is disabled',
      });
      await confirmedUser('unverified@example.com', { email_verified: 'false' });
      await expect(reset('unverified@example.com')).rejects.toMatchObject({
        name: 'InvalidParameterException',
        message:
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
      });
      await createUser({
        Username: 'fresh@example.com',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      });
      await expect(reset('fresh@example.com')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'User password cannot be reset in the current state.',
      });
    });
  });

  describe('AdminSetUserPassword', () => {
    it('enforces the policy; Permanent false makes a temporary password, true a permanent one', async () => {
      const created = await createUser({ Username: 'setpw@example.com' });
      const username = created.User?.Username ?? '';
      const set = (Password: string, Permanent: boolean) =>
        client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: emailPool,
            Username: 'setpw@example.com',
            Password,
            Permanent,
          }),
        );
      await expect(set('alllowercase1!', true)).rejects.toMatchObject({
        name: 'InvalidPasswordException',
        message: 'Password does not conform to policy: Password must have uppercase characters',
      });
      await set(PASSWORD, true);
      expect((await getUser(username)).UserStatus).toBe('CONFIRMED');
      expect((await meta(username))?.temporaryPasswordAt).toBeUndefined();
      const before = Date.now();
      await set('Temp0rary-pass', false);
      expect((await getUser(username)).UserStatus).toBe('FORCE_CHANGE_PASSWORD');
      expect((await meta(username))?.temporaryPasswordAt).toBeGreaterThanOrEqual(before);
      expect((await storedUser(username))?.Password).toBe('Temp0rary-pass');
    });
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
