import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import {
  acceptInvitation,
  Authenticator,
  cognito,
  createEnrolledUser,
  createRoleUser,
  type EnrolledTestUser,
  signInWeb,
} from '../support/aws';

/**
 * Who may reach what (issue 12), through the running console: the Auditor model (an Auditor of
 * one organisation reads that organisation only; one of every organisation is a PlatformAdmin's
 * to make), the escalation an outside review found through another account, and the group as
 * the one source of a role.
 */

const c = inject('console');
const idp = cognito(c);
// Organisations the offline console seeds (mock-server/src/seed.ts).
const ORG = 'site-berlin-mitte';
const OTHER = 'sponsor-nordlicht';

interface Envelope<T = Record<string, unknown>> {
  status: 'success' | 'error';
  data?: T;
  error?: { code: string; message: string; fields?: { path: string; message: string }[] };
}
interface ListedUser {
  email: string;
  userName: string;
  role: string | null;
  organisationId: string | null;
}

const call = async <T = Record<string, unknown>>(
  caller: { idToken: string },
  op: string,
  body?: unknown,
  method = 'POST',
) => {
  const res = await callApi(c, op, {
    token: caller.idToken,
    method,
    ...(body === undefined ? {} : { body }),
  });
  return { status: res.status, body: res.body as Envelope<T> };
};

const listUsers = async (caller: { idToken: string }) => {
  const res = await call<{ users: ListedUser[]; nextCursor: string | null }>(
    caller,
    'list-all-users',
    { limit: 60 },
  );
  expect(res.status).toBe(200);
  let users = res.body.data?.users ?? [];
  let cursor = res.body.data?.nextCursor ?? null;
  while (cursor !== null) {
    const next = await call<{ users: ListedUser[]; nextCursor: string | null }>(
      caller,
      'list-all-users',
      { limit: 60, cursor },
    );
    users = [...users, ...(next.body.data?.users ?? [])];
    cursor = next.body.data?.nextCursor ?? null;
  }
  return users;
};

const mailbox = (tag: string) => `rights-${tag}-${randomUUID().slice(0, 8)}@example.com`;

describe('rights (issue 12)', () => {
  let admin: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  let otherOrgAdmin: EnrolledTestUser;
  beforeAll(async () => {
    [admin, orgAdmin, otherOrgAdmin] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'OrgAdmin', ORG),
      createEnrolledUser(c, 'OrgAdmin', OTHER),
    ]);
  });

  it('an OrgAdmin cannot become a reader of every organisation through an Auditor of theirs', async () => {
    // A PlatformAdmin invites an Auditor of the OrgAdmin's organisation; nobody signs in as them.
    const invited = mailbox('auditor');
    const created = await call<{ user: ListedUser }>(admin, 'create-user', {
      userAttributes: {
        email: invited,
        givenName: 'Audrey',
        familyName: 'Tor',
        role: 'Auditor',
        organisationId: ORG,
      },
    });
    expect(created.status).toBe(200);
    const auditorName = created.body.data?.user.userName ?? '';

    // The OrgAdmin takes the account over: a new address of theirs, the invitation sent there.
    const hijack = mailbox('hijack');
    expect(
      (
        await call(orgAdmin, 'update-user', {
          userName: auditorName,
          userAttributes: { email: hijack },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(orgAdmin, 'resend-invitation', {
          userName: auditorName,
          userRole: 'Auditor',
        })
      ).status,
    ).toBe(200);
    const auditor = await acceptInvitation(c, hijack);

    // What the account reaches is the OrgAdmin's own organisation, and no further.
    const seen = await listUsers(auditor);
    expect(seen.map((u) => u.userName)).toContain(orgAdmin.userName);
    expect(seen.filter((u) => u.organisationId !== ORG)).toEqual([]);
    expect(seen.map((u) => u.userName)).not.toContain(otherOrgAdmin.userName);
    expect(seen.map((u) => u.userName)).not.toContain(admin.userName);
    const sponsors = await call<{ organisations: { organisationId: string }[] }>(
      auditor,
      'getSponsorList',
      undefined,
      'GET',
    );
    expect(sponsors.body.data?.organisations.map((o) => o.organisationId)).not.toContain(OTHER);
    const records = await call<{ records: { organisationId: string | null }[] }>(
      auditor,
      'list-audit-records',
      {},
    );
    expect(records.status).toBe(200);
    expect((records.body.data?.records ?? []).every((r) => r.organisationId === ORG)).toBe(true);
    // The whole chain is every organisation's: not theirs to walk.
    expect((await call(auditor, 'verify-audit-chain', {})).status).toBe(403);
    // Another organisation's users do not exist for them, even asked for by name.
    const asked = await call<{ total: number }>(auditor, 'list-all-users', {
      organisationId: OTHER,
    });
    expect(asked.body.data?.total).toBe(0);

    // Nor can the OrgAdmin widen it, or give the role to a user of another organisation.
    const widened = await call(orgAdmin, 'update-user', {
      userName: auditor.userName,
      userAttributes: { organisationId: null },
    });
    expect(widened.status).toBe(403);
    expect(widened.body.error?.message).toBe(
      'Only a PlatformAdmin can give an Auditor access to every organisation.',
    );
  });

  it('an Auditor of every organisation is a PlatformAdmin’s to make, and invisible to an OrgAdmin', async () => {
    const email = mailbox('global');
    const byOrgAdmin = await call(orgAdmin, 'create-user', {
      userAttributes: {
        email,
        givenName: 'G',
        familyName: 'Lobal',
        role: 'Auditor',
        organisationId: null,
      },
    });
    expect(byOrgAdmin.status).toBe(403);
    const byAdmin = await call<{ user: ListedUser }>(admin, 'create-user', {
      userAttributes: {
        email,
        givenName: 'G',
        familyName: 'Lobal',
        role: 'Auditor',
        organisationId: null,
      },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data?.user).toMatchObject({ role: 'Auditor', organisationId: null });
    const userName = byAdmin.body.data?.user.userName ?? '';
    // Not the OrgAdmin's to see, change or re-invite (the escalation above, closed at the root).
    for (const [op, body] of [
      ['update-user', { userName, userAttributes: { email: mailbox('x') } }],
      ['resend-invitation', { userName, userRole: 'Auditor' }],
    ] as const) {
      const res = await call(orgAdmin, op, body);
      expect(res.status, op).toBe(404);
    }
    const global = await acceptInvitation(c, email);
    const seen = (await listUsers(global)).map((u) => u.userName);
    expect(seen).toEqual(expect.arrayContaining([admin.userName, otherOrgAdmin.userName]));
    expect((await call(global, 'verify-audit-chain', {})).status).toBe(200);
  });

  it('offers each role only what it may give: an OrgAdmin OrgAdmin and Auditor, an Auditor nothing', async () => {
    const groups = async (caller: { idToken: string }) =>
      (
        await call<{ groups: { name: string }[] }>(caller, 'list-all-groups', undefined, 'GET')
      ).body.data?.groups.map((g) => g.name);
    const auditor = await createEnrolledUser(c, 'Auditor', ORG);
    expect(await groups(admin)).toEqual(['PlatformAdmin', 'OrgAdmin', 'Auditor']);
    expect(await groups(orgAdmin)).toEqual(['OrgAdmin', 'Auditor']);
    expect(await groups(auditor)).toEqual([]);
  });

  it('takes the role from the group alone: a PlatformAdmin added with AdminAddUserToGroup only', async () => {
    // As a platform engineer adds an administrator to a running environment (AWS CLI): the
    // account, a password, the group — no role attribute.
    const { email, userName, password } = await createRoleUser(c, 'PlatformAdmin');
    const attributes = (
      await idp.send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: userName }))
    ).UserAttributes?.map((a) => a.Name);
    expect(attributes).not.toContain('custom:role');

    // Signed in without an authenticator: told to enrol (403), not that their rights changed.
    const first = await signInWeb(c, { email, password });
    const refused = await call(first, 'list-all-users', { limit: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('MFA_ENROLMENT_REQUIRED');

    const associated = await idp.send(
      new AssociateSoftwareTokenCommand({ AccessToken: first.accessToken }),
    );
    const authenticator = new Authenticator(associated.SecretCode ?? '');
    await idp.send(
      new VerifySoftwareTokenCommand({
        AccessToken: first.accessToken,
        UserCode: await authenticator.next(),
      }),
    );
    await idp.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: first.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const enrolled = await signInWeb(c, { email, password }, authenticator);
    expect(
      (await callApi(c, 'redirectUser?logLogin=true', { token: enrolled.idToken })).status,
    ).toBe(200);
    // Exactly that role's calls, and listed with it.
    const listed = (await listUsers(enrolled)).find((u) => u.userName === userName);
    expect(listed).toMatchObject({ role: 'PlatformAdmin', organisationId: null });
    expect((await call(enrolled, 'verify-audit-chain', {})).status).toBe(200);
    const groups = await idp.send(
      new AdminListGroupsForUserCommand({ UserPoolId: c.userPoolId, Username: userName }),
    );
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['PlatformAdmin']);
  });

  it('moves a role by the group and never writes custom:role', async () => {
    const target = await createEnrolledUser(c, 'OrgAdmin', ORG);
    const moved = await call<{ user: ListedUser }>(admin, 'update-user', {
      userName: target.userName,
      userAttributes: { role: 'Auditor' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data?.user.role).toBe('Auditor');
    const groups = await idp.send(
      new AdminListGroupsForUserCommand({ UserPoolId: c.userPoolId, Username: target.userName }),
    );
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['Auditor']);
    const attributes = (
      await idp.send(
        new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: target.userName }),
      )
    ).UserAttributes?.map((a) => a.Name);
    expect(attributes).not.toContain('custom:role');
  });
});
