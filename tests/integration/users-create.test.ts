import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  type EnrolledTestUser,
  mailTo,
  waitForMail,
} from '../support/aws';

/** create-user through the offline console (issue 5): the invitation, the rules, no half-made user. */

const c = inject('console');
const idp = cognito(c);
const ORG = 'site-berlin-mitte';

interface Envelope {
  status: 'success' | 'error';
  data?: { user: { userName: string; email: string; role: string; cognitoStatus: string } };
  error?: { code: string; message: string; fields?: { path: string; message: string }[] };
}

const invite = async (caller: EnrolledTestUser, attributes: Record<string, unknown>) => {
  const res = await callApi(c, 'create-user', {
    token: caller.idToken,
    body: { userAttributes: attributes },
  });
  return { status: res.status, body: res.body as Envelope };
};

const person = (overrides: Record<string, unknown> = {}) => ({
  email: `invitee-${randomUUID().slice(0, 8)}@example.com`,
  givenName: 'Grace',
  familyName: 'Hopper',
  role: 'OrgAdmin',
  organisationId: ORG,
  ...overrides,
});

describe('create-user', () => {
  let admin: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  beforeAll(async () => {
    [admin, orgAdmin] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'OrgAdmin', ORG),
    ]);
  });

  it('invites: the temporary password arrives by e-mail, the role is the group too', async () => {
    const attributes = person({ phoneNumber: '+4915112345678' });
    const res = await invite(orgAdmin, attributes);
    expect(res.status).toBe(200);
    expect(res.body.data?.user).toMatchObject({
      email: attributes.email,
      role: 'OrgAdmin',
      cognitoStatus: 'FORCE_CHANGE_PASSWORD',
    });
    const [mail] = await waitForMail(c, attributes.email);
    expect(mail?.text).toMatch(/temporary password is \S+/);
    const groups = await idp.send(
      new AdminListGroupsForUserCommand({ UserPoolId: c.userPoolId, Username: attributes.email }),
    );
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['OrgAdmin']);
  });

  it('lets one of two concurrent invitations of the same address win; the other is a clear 409', async () => {
    const attributes = person();
    const [a, b] = await Promise.all([invite(admin, attributes), invite(admin, attributes)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'A user with this e-mail address already exists.',
      fields: [{ path: 'userAttributes.email' }],
    });
    const user = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: attributes.email }),
    );
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    await waitForMail(c, attributes.email);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second one would be there by now
    expect(await mailTo(c, attributes.email)).toHaveLength(1);
  });

  it('refuses what an OrgAdmin may not do, and bad input, creating nothing', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [person({ organisationId: 'sponsor-nordlicht' }), 403],
      [person({ role: 'PlatformAdmin', organisationId: undefined }), 403],
      // Another organisation, real or not, is refused alike: nothing about it is revealed.
      [person({ organisationId: 'site-nowhere' }), 403],
      // An Auditor of every organisation (none given) reaches beyond theirs.
      [person({ role: 'Auditor', organisationId: undefined }), 403],
      [person({ phoneNumber: '+491' }), 400],
      [person({ givenName: '<script>alert(1)</script>' }), 400],
      [person({ email: 'not an address' }), 400],
      [{ ...person(), isAdmin: true }, 400],
    ];
    for (const [attributes, status] of cases) {
      const res = await invite(orgAdmin, attributes);
      expect({ attributes, status: res.status }).toEqual({ attributes, status });
      if (typeof attributes.email === 'string' && attributes.email.includes('@')) {
        expect(await mailTo(c, attributes.email)).toEqual([]);
      }
    }
  });
});

describe('update-user', () => {
  it('changes the name and the role (the group moves), and unverifies a new address', async () => {
    const [admin, target] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'Auditor', ORG),
    ]);
    const email = `changed-${randomUUID().slice(0, 8)}@example.com`;
    const res = await callApi(c, 'update-user', {
      token: admin.idToken,
      body: {
        userName: target.userName,
        userAttributes: { givenName: 'Renamed', role: 'OrgAdmin', email },
      },
    });
    expect(res.status).toBe(200);
    const groups = await idp.send(
      new AdminListGroupsForUserCommand({ UserPoolId: c.userPoolId, Username: target.userName }),
    );
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['OrgAdmin']);
    const user = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: target.userName }),
    );
    const attribute = (n: string) => user.UserAttributes?.find((a) => a.Name === n)?.Value;
    expect(attribute('given_name')).toBe('Renamed');
    // The role is the group alone (issue 12): the attribute is never written.
    expect(attribute('custom:role')).toBeUndefined();
    expect(attribute('email')).toBe(email);
    expect(attribute('email_verified')).toBe('false');
  });

  it('refuses an address another user has, changing nothing', async () => {
    const [admin, target, other] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'Auditor', ORG),
      createEnrolledUser(c, 'Auditor', ORG),
    ]);
    const res = await callApi(c, 'update-user', {
      token: admin.idToken,
      body: { userName: target.userName, userAttributes: { email: other.email, givenName: 'X' } },
    });
    expect(res.status).toBe(409);
    expect((res.body as Envelope).error?.fields).toEqual([
      { path: 'userAttributes.email', message: 'A user with this e-mail address already exists.' },
    ]);
    const user = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: target.userName }),
    );
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(target.email);
    expect(user.UserAttributes?.find((a) => a.Name === 'given_name')).toBeUndefined();
  });
});
