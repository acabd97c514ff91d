import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  failureOf,
  type EnrolledTestUser,
  signInWeb,
  waitForMail,
} from '../support/aws';

/**
 * disable-user, enable-user and delete-user through the offline console (issue 5): the
 * permission rules on the verified caller and the directory's current state, the claimed
 * userRole checked, sessions ended by a disable.
 */

const c = inject('console');
const idp = cognito(c);
const ORG = 'site-it-berlin';
const OTHER = 'sponsor-it-acme';

interface Envelope {
  status: 'success' | 'error';
  data?: { user?: { userName: string; enabled: boolean }; userName?: string };
  error?: { code: string; message: string };
}

const act = async (
  op: 'enable-user' | 'disable-user' | 'delete-user',
  caller: EnrolledTestUser,
  target: EnrolledTestUser,
  userRole: string,
) => {
  const res = await callApi(c, op, {
    token: caller.idToken,
    body: { userName: target.userName, userRole },
  });
  return { status: res.status, body: res.body as Envelope };
};

const enabledInCognito = async (user: EnrolledTestUser) =>
  (await idp.send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: user.userName })))
    .Enabled;

describe('user status calls', () => {
  let admin: EnrolledTestUser;
  let orgAdmin: EnrolledTestUser;
  let auditor: EnrolledTestUser;
  let otherAuditor: EnrolledTestUser;
  beforeAll(async () => {
    [admin, orgAdmin, auditor, otherAuditor] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'OrgAdmin', ORG),
      createEnrolledUser(c, 'Auditor', ORG),
      createEnrolledUser(c, 'Auditor', OTHER),
    ]);
  });

  it('an OrgAdmin disables a user of their organisation: sessions end at once; enable undoes it', async () => {
    const disabled = await act('disable-user', orgAdmin, auditor, 'Auditor');
    expect(disabled.status).toBe(200);
    expect(disabled.body.data?.user).toMatchObject({ userName: auditor.userName, enabled: false });
    expect(await enabledInCognito(auditor)).toBe(false);
    // The open session is over: its ID token no longer passes, its refresh token is dead.
    const refused = await callApi(c, 'list-all-groups', {
      method: 'GET',
      token: auditor.idToken,
    });
    expect(refused.status).toBe(401);
    expect((await failureOf(signInWeb(c, auditor, auditor.authenticator))).message).toMatch(
      /disabled/i,
    );

    const enabled = await act('enable-user', orgAdmin, auditor, 'Auditor');
    expect(enabled.status).toBe(200);
    expect(await enabledInCognito(auditor)).toBe(true);
  });

  it('hides another organisation from an OrgAdmin (404, nothing changes)', async () => {
    for (const claimed of ['Auditor', 'OrgAdmin']) {
      const res = await act('disable-user', orgAdmin, otherAuditor, claimed);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'No such user.' });
    }
    const admins = await act('disable-user', orgAdmin, admin, 'PlatformAdmin');
    expect(admins.status).toBe(404);
    expect(await enabledInCognito(otherAuditor)).toBe(true);
    expect(await enabledInCognito(admin)).toBe(true);
  });

  it('checks userRole against the directory, and refuses Auditors and self-disable', async () => {
    const wrongRole = await act('disable-user', admin, otherAuditor, 'OrgAdmin');
    expect(wrongRole.status).toBe(409);
    expect(wrongRole.body.error?.code).toBe('CONFLICT');

    const byAuditor = await act('disable-user', otherAuditor, auditor, 'Auditor');
    expect(byAuditor.status).toBe(403);

    const self = await act('disable-user', admin, admin, 'PlatformAdmin');
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe('You cannot disable your own account.');
    expect(await enabledInCognito(admin)).toBe(true);
  });

  it('a PlatformAdmin deletes a user of any organisation', async () => {
    const victim = await createEnrolledUser(c, 'Auditor', OTHER);
    const res = await act('delete-user', admin, victim, 'Auditor');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userName: victim.userName });
    expect(
      await failureOf(
        idp.send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: victim.userName })),
      ),
    ).toMatchObject({ name: 'UserNotFoundException' });
    const again = await act('delete-user', admin, victim, 'Auditor');
    expect(again.status).toBe(404);
  });

  it('refuses bad input with 400 and names the field', async () => {
    const res = await callApi(c, 'disable-user', {
      token: admin.idToken,
      body: { userName: admin.userName, userRole: 'Superuser', extra: 1 },
    });
    expect(res.status).toBe(400);
    expect((res.body as Envelope).error?.code).toBe('VALIDATION_FAILED');
  });
});

describe('reset-user-mfa and resend-invitation', () => {
  it('removes the authenticator: Cognito forgets it and the next sign-in has to enrol', async () => {
    const [admin, target] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'Auditor', ORG),
    ]);
    const res = await callApi(c, 'reset-user-mfa', {
      token: admin.idToken,
      body: { userName: target.userName, userRole: 'Auditor' },
    });
    expect(res.status).toBe(200);
    const user = await idp.send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: target.userName }),
    );
    expect(user.UserMFASettingList ?? []).toEqual([]);
    // Password only now: tokens at once, which the MFA gate then refuses until enrolment.
    const tokens = await signInWeb(c, target);
    const gated = await callApi(c, 'list-all-groups', { method: 'GET', token: tokens.idToken });
    expect(gated.status).toBe(403);
  });

  it('sends the invitation again while the first sign-in is pending, and only then', async () => {
    const admin = await createEnrolledUser(c, 'PlatformAdmin');
    const email = `pending-${String(Date.now())}@example.com`;
    const created = await callApi(c, 'create-user', {
      token: admin.idToken,
      body: {
        userAttributes: {
          email,
          givenName: 'Pending',
          familyName: 'User',
          role: 'Auditor',
          organisationId: 'site-berlin-mitte', // one of the seeded organisations
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const userName = (created.body as Envelope).data?.user?.userName ?? '';
    await waitForMail(c, email, 1);
    const again = await callApi(c, 'resend-invitation', {
      token: admin.idToken,
      body: { userName, userRole: 'Auditor' },
    });
    expect(again.status).toBe(200);
    const [first, second] = await waitForMail(c, email, 2);
    const password = (m?: { text: string }) =>
      /temporary password is (\S+)/.exec(m?.text ?? '')?.[1];
    expect(password(second)).toBeDefined();
    expect(password(second)).not.toBe(password(first));

    const confirmed = await createEnrolledUser(c, 'Auditor', ORG);
    const refused = await callApi(c, 'resend-invitation', {
      token: admin.idToken,
      body: { userName: confirmed.userName, userRole: 'Auditor' },
    });
    expect(refused.status).toBe(409);
  });
});
