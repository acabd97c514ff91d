import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type RunningConsole } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import { cognito, createEnrolledUser, type EnrolledTestUser, failureOf } from '../support/aws';
import { type ConsoleInfo, consoleInfo, testEnv } from '../support/console';
import { srpSignIn } from '../support/srp-client';

/**
 * The last enabled PlatformAdmin stays (issue 12), whatever path would take them away — disable,
 * delete, demote, authenticator reset, lockout — also when two administrators act at the same
 * moment. Runs its own console (its own process and data folder), so that exactly two
 * PlatformAdmins are enabled.
 */

const ORG = 'site-berlin-mitte';

interface Envelope {
  status: 'success' | 'error';
  data?: { locked?: boolean };
  error?: { code: string; message: string };
}

describe('the last enabled PlatformAdmin', () => {
  let dataDir = '';
  let running: RunningConsole | undefined;
  let c: ConsoleInfo;
  let a: EnrolledTestUser;
  let b: EnrolledTestUser;

  const call = async (caller: EnrolledTestUser, op: string, body: unknown) => {
    const res = await callApi(c, op, { token: caller.idToken, body });
    return { status: res.status, body: res.body as Envelope };
  };
  const enabledPlatformAdmins = async () =>
    (
      (
        await cognito(c).send(
          new ListUsersInGroupCommand({ UserPoolId: c.userPoolId, GroupName: 'PlatformAdmin' }),
        )
      ).Users ?? []
    )
      .filter((u) => u.Enabled === true)
      .map((u) => u.Username);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-last-admin-'));
    const env = testEnv(dataDir);
    running = await startConsole(env);
    c = consoleInfo(running, env);
    // The bootstrap administrator is not one of the two.
    await cognito(c).send(
      new AdminDisableUserCommand({ UserPoolId: c.userPoolId, Username: c.bootstrapAdminEmail }),
    );
    [a, b] = await Promise.all([
      createEnrolledUser(c, 'PlatformAdmin'),
      createEnrolledUser(c, 'PlatformAdmin'),
    ]);
    expect(await enabledPlatformAdmins()).toHaveLength(2);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('survives two PlatformAdmins demoting each other at the same moment', async () => {
    const results = await Promise.all([
      call(a, 'update-user', {
        userName: b.userName,
        userAttributes: { role: 'OrgAdmin', organisationId: ORG },
      }),
      call(b, 'update-user', {
        userName: a.userName,
        userAttributes: { role: 'OrgAdmin', organisationId: ORG },
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error?.message).toBe(
      'The last enabled PlatformAdmin cannot be given another role.',
    );
    const left = await enabledPlatformAdmins();
    expect(left).toHaveLength(1);
    // Put the demoted one back for the next case.
    const [first] = results;
    const winner = first.status === 200 ? a : b;
    const demoted = winner === a ? b : a;
    const back = await call(winner, 'update-user', {
      userName: demoted.userName,
      userAttributes: { role: 'PlatformAdmin' },
    });
    expect(back.status).toBe(200);
    expect(await enabledPlatformAdmins()).toHaveLength(2);
  });

  it('survives two PlatformAdmins disabling each other at the same moment', async () => {
    const results = await Promise.all([
      call(a, 'disable-user', { userName: b.userName, userRole: 'PlatformAdmin' }),
      call(b, 'disable-user', { userName: a.userName, userRole: 'PlatformAdmin' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error?.message).toBe(
      'The last enabled PlatformAdmin cannot be disabled.',
    );
    expect(await enabledPlatformAdmins()).toHaveLength(1);
    if (results[0].status !== 200) [a, b] = [b, a];
    // `a` is the last one now.
  });

  it('keeps the last one’s authenticator', async () => {
    const res = await call(a, 'reset-user-mfa', {
      userName: a.userName,
      userRole: 'PlatformAdmin',
    });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toMatch(/^The authenticator app of the last enabled/);
    const user = await cognito(c).send(
      new AdminGetUserCommand({ UserPoolId: c.userPoolId, Username: a.userName }),
    );
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('does not lock the last one out after five failed sign-ins, and records why', async () => {
    const idp = cognito(c);
    for (let i = 0; i < 5; i += 1) {
      const failure = await failureOf(
        srpSignIn(idp, {
          userPoolId: c.userPoolId,
          clientId: c.userPoolClientId,
          username: a.email,
          password: `${a.password}-wrong`,
        }),
      );
      expect(failure.name).toBe('NotAuthorizedException');
    }
    const res = await callApi(c, 'accountLockout', {
      body: { clientId: c.userPoolClientId, email: a.email },
    });
    expect(res.body).toEqual({ status: 'success', data: { locked: false } });
    expect(await enabledPlatformAdmins()).toEqual([a.userName]);
    const records = await callApi(c, 'list-audit-records', {
      token: a.idToken,
      body: { action: 'account.locked' },
    });
    expect((records.body as { data: { records: unknown[] } }).data.records).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        reason: expect.stringContaining(
          'The last enabled PlatformAdmin is not locked out.',
        ) as unknown,
      }),
    ]);
  });
});
