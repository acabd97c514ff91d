import {
  AdminGetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { callApi, type ApiResult } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  createSignedInUser,
  failureOf,
  type TestUser,
} from '../support/aws';
import { srpSignIn } from '../support/srp-client';

/**
 * accountLockout is public, so it must not let anyone lock a stranger out: it counts the
 * account's real failed sign-ins (Cognito's auth events) and locks only at the threshold (5).
 * Unknown e-mails get the same status and body, in about the same time.
 */

const c = inject('console');
const idp = cognito(c);

const lockout = (email: string, clientId = c.userPoolClientId): Promise<ApiResult> =>
  callApi(c, 'accountLockout', { body: { clientId, email } });

const failSignIn = async (user: TestUser) =>
  failureOf(
    srpSignIn(idp, {
      userPoolId: c.userPoolId,
      clientId: c.userPoolClientId,
      username: user.email,
      password: `${user.password}-wrong`,
    }),
  );

const enabled = async (user: TestUser) =>
  (await idp.send(new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: user.userName })))
    .Enabled;

const refresh = (user: TestUser) =>
  idp.send(
    new InitiateAuthCommand({
      ClientId: c.userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: user.refreshToken },
    }),
  );

const NOT_LOCKED = { status: 'success', data: { locked: false } };

describe('accountLockout', () => {
  it('locks nothing for an account without failed sign-ins, however often it is called', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    for (let i = 0; i < 6; i += 1) {
      const res = await lockout(user.email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(NOT_LOCKED);
    }
    expect(await enabled(user)).toBe(true);
    await expect(refresh(user)).resolves.toBeDefined();
  });

  it('does not lock below the threshold', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    for (let i = 0; i < 4; i += 1) {
      expect(await failSignIn(user)).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
      expect((await lockout(user.email)).body).toEqual(NOT_LOCKED);
    }
    expect(await enabled(user)).toBe(true);
  });

  it('locks after 5 real failed sign-ins: user disabled, refresh token dead, answer stays locked', async () => {
    const user = await createSignedInUser(c, 'OrgAdmin');
    for (let i = 0; i < 5; i += 1) await failSignIn(user);
    const res = await lockout(user.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { locked: true } });
    expect(await enabled(user)).toBe(false);
    expect(await failureOf(refresh(user))).toMatchObject({ name: 'NotAuthorizedException' });
    // Asked again (the login screen calls it after every failure): still locked.
    expect((await lockout(user.email)).body).toEqual({ status: 'success', data: { locked: true } });
    // The right password no longer gets anyone in.
    const signIn = await failureOf(
      srpSignIn(idp, {
        userPoolId: c.userPoolId,
        clientId: c.userPoolClientId,
        username: user.email,
        password: user.password,
      }),
    );
    expect(signIn.name).toBe('NotAuthorizedException');
  });

  it('records each real failed sign-in in the audit trail once, and the lock', async () => {
    const auditor = await createEnrolledUser(c, 'Auditor');
    const user = await createSignedInUser(c, 'OrgAdmin');
    for (let i = 0; i < 2; i += 1) {
      await failSignIn(user);
      await lockout(user.email);
    }
    await lockout(user.email); // reported again: nothing new
    const records = async (action: string) => {
      const res = await callApi(c, 'list-audit-records', {
        token: auditor.idToken,
        body: { action, target: user.email, limit: 100 },
      });
      return (res.body as { data: { records: { outcome: string; target: { id: string } }[] } }).data
        .records;
    };
    const failed = await records('session.login-failed');
    expect(failed).toHaveLength(2);
    expect(failed.every((r) => r.outcome === 'failure' && r.target.id === user.userName)).toBe(
      true,
    );
    for (let i = 0; i < 3; i += 1) await failSignIn(user);
    expect((await lockout(user.email)).body).toEqual({ status: 'success', data: { locked: true } });
    expect(await records('session.login-failed')).toHaveLength(5);
    expect(await records('account.locked')).toHaveLength(1);
  });

  it('answers an unknown e-mail with the same status and body, in about the same time', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    const time = async (email: string) => {
      const started = performance.now();
      const res = await lockout(email);
      return { res, ms: performance.now() - started };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const k = await time(user.email);
      const u = await time(`nobody-${String(i)}-${user.email}`);
      expect(u.res.status).toBe(k.res.status);
      expect(u.res.body).toEqual(k.res.body);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    expect(median(known)).toBeGreaterThanOrEqual(450);
    expect(median(unknown)).toBeGreaterThanOrEqual(450);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
  });

  it('refuses a client id other than the console’s web client (400)', async () => {
    const res = await lockout('someone@example.com', 'notTheWebClient');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      error: { code: 'VALIDATION_FAILED', fields: [{ path: 'clientId' }] },
    });
  });
});
