/**
 * The user directory as real Cognito runs it, through the AWS SDK: ListUsers paging and filters,
 * groups in username order and by e-mail alias, and the auth events threat protection records.
 * Invitations, resets and forgotten passwords: cognito-parity-passwords.
 */
import {
  AdminAddUserToGroupCommand,
  AdminDisableUserCommand,
  AdminListGroupsForUserCommand,
  AdminListUserAuthEventsCommand,
  CreateGroupCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  cognito,
  cognitoError,
  createConfirmedUser,
  createTestPool,
  failureOf,
  type TestPool,
  uniqueEmail,
} from '../support/aws';
import { srpSignIn } from '../support/srp-client';

const c = inject('console');
const idp = cognito(c);

const INCORRECT = cognitoError('NotAuthorizedException', 'Incorrect username or password.');
const NOT_FOUND = cognitoError('UserNotFoundException', 'User does not exist.');

describe('ListUsers', () => {
  let pool: TestPool;
  const emails: string[] = [];
  beforeAll(async () => {
    pool = await createTestPool(idp, { name: 'list' });
    // One at a time: cognito-local rewrites the whole pool file on every change.
    for (let i = 0; i < 5; i += 1) {
      emails.push((await createConfirmedUser(idp, pool.userPoolId, `list${String(i)}`)).email);
    }
  });

  const emailOf = (u: UserType) => u.Attributes?.find((a) => a.Name === 'email')?.Value;

  it('pages with Limit and PaginationToken: every user once', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let token: string | undefined;
    do {
      const page = await idp.send(
        new ListUsersCommand({ UserPoolId: pool.userPoolId, Limit: 2, PaginationToken: token }),
      );
      sizes.push(page.Users?.length ?? 0);
      for (const u of page.Users ?? []) seen.push(emailOf(u) ?? '');
      token = page.PaginationToken;
    } while (token !== undefined);
    expect(sizes).toEqual([2, 2, 1]);
    expect([...seen].sort()).toEqual([...emails].sort());
  });

  it('refuses a Limit above 60', async () => {
    // The exact text is UNCONF (standard AWS validation wording); this is our layer's.
    expect(
      await failureOf(idp.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, Limit: 61 }))),
    ).toEqual(
      cognitoError(
        'InvalidParameterException',
        "1 validation error detected: Value '61' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60",
      ),
    );
  });

  it('filters on status = "Enabled" / "Disabled"', async () => {
    const disabled = emails[0] ?? '';
    await idp.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: disabled }),
    );
    const list = async (filter: string) =>
      (
        (await idp.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, Filter: filter })))
          .Users ?? []
      ).map((u) => emailOf(u) ?? '');
    expect((await list('status = "Enabled"')).sort()).toEqual(
      emails.filter((e) => e !== disabled).sort(),
    );
    expect(await list('status = "Disabled"')).toEqual([disabled]);
  });

  it('filters on email, exactly (=) and by prefix (^=)', async () => {
    const list = async (filter: string) =>
      (
        (await idp.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, Filter: filter })))
          .Users ?? []
      ).map((u) => emailOf(u) ?? '');
    const one = emails[1] ?? '';
    expect(await list(`email = "${one}"`)).toEqual([one]);
    expect((await list('email ^= "parity-list"')).sort()).toEqual([...emails].sort());
    expect(await list('email ^= "nobody-has-this"')).toEqual([]);
  });

  it('refuses a filter it cannot parse: "Error while parsing filter."', async () => {
    expect(
      await failureOf(
        idp.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, Filter: 'email == nope' })),
      ),
    ).toEqual(cognitoError('InvalidParameterException', 'Error while parsing filter.'));
  });
});

describe('ListUsersInGroup', () => {
  it('pages the members in username order with Limit and NextToken, and knows no stranger', async () => {
    const pool = await createTestPool(idp, { name: 'members' });
    await idp.send(new CreateGroupCommand({ UserPoolId: pool.userPoolId, GroupName: 'members' }));
    const users = await Promise.all(
      [1, 2, 3].map((n) => createConfirmedUser(idp, pool.userPoolId, `member${String(n)}`)),
    );
    await createConfirmedUser(idp, pool.userPoolId, 'outsider');
    for (const user of users) {
      await idp.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: pool.userPoolId,
          Username: user.email,
          GroupName: 'members',
        }),
      );
    }
    await idp.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: users[0]?.email }),
    );

    const seen: UserType[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await idp.send(
        new ListUsersInGroupCommand({
          UserPoolId: pool.userPoolId,
          GroupName: 'members',
          Limit: 2,
          NextToken: token,
        }),
      );
      seen.push(...(page.Users ?? []));
      token = page.NextToken;
      pages += 1;
    } while (token !== undefined);
    expect(pages).toBe(2);
    const names = seen.map((u) => u.Username ?? '');
    expect(names).toEqual([...names].sort());
    expect(new Set(seen.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value))).toEqual(
      new Set(users.map((u) => u.email)),
    );
    expect(seen.filter((u) => u.Enabled === false)).toHaveLength(1);

    expect(
      await failureOf(
        idp.send(
          new ListUsersInGroupCommand({ UserPoolId: pool.userPoolId, GroupName: 'no-such-group' }),
        ),
      ),
    ).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

describe('AdminListGroupsForUser', () => {
  it('finds a user’s groups by e-mail address (the alias of the sub username)', async () => {
    const pool = await createTestPool(idp, { name: 'groups' });
    await idp.send(
      new CreateGroupCommand({
        UserPoolId: pool.userPoolId,
        GroupName: 'parity-group',
        Description: 'a group of the parity tests',
        Precedence: 3,
      }),
    );
    const user = await createConfirmedUser(idp, pool.userPoolId, 'groups');
    await idp.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        GroupName: 'parity-group',
      }),
    );
    const res = await idp.send(
      new AdminListGroupsForUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    expect(res.Groups).toEqual([
      expect.objectContaining({
        GroupName: 'parity-group',
        UserPoolId: pool.userPoolId,
        Description: 'a group of the parity tests',
        Precedence: 3,
      }),
    ]);
    expect(
      await failureOf(
        idp.send(
          new AdminListGroupsForUserCommand({
            UserPoolId: pool.userPoolId,
            Username: uniqueEmail('nobody'),
          }),
        ),
      ),
    ).toEqual(NOT_FOUND);
  });
});

describe('AdminListUserAuthEvents', () => {
  it('records failed and successful sign-ins, newest first', async () => {
    const pool = await createTestPool(idp, { name: 'events', advancedSecurity: true });
    const user = await createConfirmedUser(idp, pool.userPoolId, 'events');
    const input = { userPoolId: pool.userPoolId, clientId: pool.webClientId, username: user.email };
    expect(await failureOf(srpSignIn(idp, { ...input, password: `${user.password}x` }))).toEqual(
      INCORRECT,
    );
    expect(
      (await srpSignIn(idp, { ...input, password: user.password })).AuthenticationResult,
    ).toBeDefined();

    const res = await idp.send(
      new AdminListUserAuthEventsCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    const events = res.AuthEvents ?? [];
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      EventId: expect.any(String) as unknown,
      EventType: 'SignIn',
      EventResponse: 'Pass',
      CreationDate: expect.any(Date) as unknown,
      ChallengeResponses: [{ ChallengeName: 'Password', ChallengeResponse: 'Success' }],
    });
    expect(events[1]).toMatchObject({
      EventType: 'SignIn',
      EventResponse: 'Fail',
      ChallengeResponses: [{ ChallengeName: 'Password', ChallengeResponse: 'Failure' }],
    });
    expect(
      (events[0]?.CreationDate?.getTime() ?? 0) >= (events[1]?.CreationDate?.getTime() ?? 0),
    ).toBe(true);
  });

  it('is refused in a pool without threat protection: UserPoolAddOnNotEnabledException', async () => {
    const pool = await createTestPool(idp, { name: 'no-events' });
    const user = await createConfirmedUser(idp, pool.userPoolId, 'no-events');
    // The message is UNCONF; the exception name is Cognito's.
    expect(
      (
        await failureOf(
          idp.send(
            new AdminListUserAuthEventsCommand({
              UserPoolId: pool.userPoolId,
              Username: user.email,
            }),
          ),
        )
      ).name,
    ).toBe('UserPoolAddOnNotEnabledException');
  });
});
