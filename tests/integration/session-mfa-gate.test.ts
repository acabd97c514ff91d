import { AdminDisableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeList } from '@ccsc/contract';
import { callApi } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  createSignedInUser,
  type EnrolledTestUser,
  type TestUser,
} from '../support/aws';

/**
 * TOTP is mandatory for every administrator, though the pool's MFA is OPTIONAL: the API refuses
 * a signed-in user who has no authenticator app on every authenticated call except those the
 * contract marks allowedBeforeMfa, whatever the call (implemented or not) and before it reads
 * the input.
 */

const c = inject('console');

interface ErrorBody {
  status: 'error';
  error: { code: string; message: string };
}

const call = (route: (typeof routeList)[number], token: string) =>
  callApi(c, route.path, {
    method: route.method,
    token,
    ...(route.method === 'POST' ? { body: {} } : {}),
  });

describe('the MFA gate', () => {
  let unenrolled: TestUser;
  let enrolled: EnrolledTestUser;
  beforeAll(async () => {
    // PlatformAdmin may call every authenticated route, so only MFA can refuse it.
    [unenrolled, enrolled] = await Promise.all([
      createSignedInUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'PlatformAdmin'),
    ]);
  });

  it('refuses a user without TOTP on every authenticated call not allowed before MFA', async () => {
    const gated = routeList.filter((r) => r.auth === 'authenticated' && !r.allowedBeforeMfa);
    expect(gated.length).toBeGreaterThan(20);
    for (const route of gated) {
      const res = await call(route, unenrolled.idToken);
      expect(res.status, route.operation).toBe(403);
      const body = res.body as ErrorBody;
      expect(body.status, route.operation).toBe('error');
      expect(body.error.code, route.operation).toBe('MFA_ENROLMENT_REQUIRED');
      expect(body.error.message, route.operation).toMatch(/authenticator app/);
    }
  });

  it('lets the same user make the calls allowed before MFA (logout)', async () => {
    const allowed = routeList.filter((r) => r.auth === 'authenticated' && r.allowedBeforeMfa);
    expect(allowed.map((r) => r.operation)).toEqual(['logout']);
    const res = await callApi(c, 'logout', { body: {}, token: unenrolled.idToken });
    expect(res.status).toBe(200);
  });

  it('lets a user with TOTP enrolled through', async () => {
    const users = await callApi(c, 'list-all-users', { body: {}, token: enrolled.idToken });
    expect(users.status).toBe(200);
    const redirect = await callApi(c, 'redirectUser?logLogin=true', { token: enrolled.idToken });
    expect(redirect.status).toBe(200);
    const groups = await callApi(c, 'list-all-groups', { method: 'GET', token: enrolled.idToken });
    expect(groups.status).toBe(200);
    const systems = await callApi(c, 'getOrgSysList?organisationId=site-berlin-mitte', {
      method: 'GET',
      token: enrolled.idToken,
    });
    expect(systems.status).toBe(200);
  });

  it('ends the session of a user disabled while their ID token is still valid (401)', async () => {
    const user = await createEnrolledUser(c, 'Auditor');
    expect((await callApi(c, 'list-all-users', { body: {}, token: user.idToken })).status).toBe(
      200,
    );
    await cognito(c).send(
      new AdminDisableUserCommand({ UserPoolId: c.userPoolId, Username: user.userName }),
    );
    const res = await callApi(c, 'list-all-users', { body: {}, token: user.idToken });
    expect(res.status).toBe(401);
    expect((res.body as ErrorBody).error.code).toBe('UNAUTHORIZED');
  });
});
