import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  createSignedInUser,
  failureOf,
  mailTo,
  strongPassword,
  waitForMail,
} from '../support/aws';
import { srpSignIn } from '../support/srp-client';
import { type CrashConsole, killedAt, stepsOf } from './crash-console';
import { ONCE, ORG, startUserWrites, type Users } from './crash-users';

/**
 * The sign-in side of user management (issue 12's journal) killed at each of its steps by a
 * failpoint (issue 32), as users.crash.test.ts does for the account writes: the lockout, the MFA
 * reset, the lost-authenticator link and the password reset, and the organisation import. After
 * each restart the account is what the call asked for, recorded exactly once, and nothing is left
 * in the journal. (A file of its own so that the two crash workers get even shares.)
 */
describe('sign-in and import writes killed at every step', () => {
  let console: CrashConsole;
  let users: Users;

  beforeAll(async () => {
    ({ console, users } = await startUserWrites());
  }, 180_000);

  afterAll(async () => {
    await console.dispose();
  });

  const settled = async () => {
    expect(await console.settled()).toEqual({ journal: [], outbox: [] });
  };

  it('accountLockout: locked after five real failed sign-ins, recorded once; the repeat says locked', async () => {
    const failing = async () => {
      const user = await createSignedInUser(console.info, 'OrgAdmin');
      for (let i = 0; i < 5; i += 1) {
        await failureOf(
          srpSignIn(cognito(console.info), {
            userPoolId: console.info.userPoolId,
            clientId: console.info.userPoolClientId,
            username: user.email,
            password: `${user.password}-wrong`,
          }),
        );
      }
      return user;
    };
    const lockout = (email: string) =>
      callApi(console.info, 'accountLockout', {
        body: { clientId: console.info.userPoolClientId, email },
      });
    const first = await failing();
    const steps = await stepsOf(console, 'account.lock', () => lockout(first.email));
    expect(steps[0]).toBe('journal:account.lock:begun');
    for (const step of steps) {
      const user = await failing();
      await killedAt(console, step, () => lockout(user.email));
      await settled();
      expect(await users.stateOf(user.email, 'account.locked'), step).toMatchObject({
        enabled: false,
        recorded: ONCE,
      });
      expect((await lockout(user.email)).body, step).toEqual({
        status: 'success',
        data: { locked: true },
      });
    }
  }, 600_000);
  it('reset-user-mfa: the authenticator gone, recorded once', async () => {
    const reset = (userName: string) =>
      users.call('reset-user-mfa', { userName, userRole: 'OrgAdmin' });
    const enrolled = () => createEnrolledUser(console.info, 'OrgAdmin', ORG);
    const first = await enrolled();
    const steps = await stepsOf(console, 'user.reset-mfa', () => reset(first.userName));
    expect(steps[0]).toBe('journal:user.reset-mfa:begun');
    for (const step of steps) {
      const user = await enrolled();
      await killedAt(console, step, () => reset(user.userName));
      await settled();
      expect(await users.stateOf(user.email, 'user.mfa-reset'), step).toMatchObject({
        recorded: ONCE,
      });
      const account = await cognito(console.info).send(
        new AdminGetUserCommand({ UserPoolId: console.info.userPoolId, Username: user.userName }),
      );
      expect(account.UserMFASettingList ?? [], step).toEqual([]);
    }
  }, 600_000);

  it('the lost-authenticator link and the password reset, each finished once after a kill', async () => {
    const linkOf = async (email: string) => {
      const before = (await mailTo(console.info, email)).length;
      const asked = await callApi(console.info, 'forget-totp', {
        body: { clientId: console.info.userPoolClientId, email },
        headers: { origin: console.info.url },
      });
      expect(asked.status).toBe(200);
      const mail = (await waitForMail(console.info, email, before + 1)).at(-1);
      const token = /forgot-totp-qr-code\?token=([A-Za-z0-9_-]+)/u.exec(mail?.text ?? '')?.[1];
      if (token === undefined) throw new Error('no link');
      return token;
    };
    const redeem = (token: string) =>
      callApi(console.info, 'forget-totp/confirm', { body: { token } });
    let user = await createEnrolledUser(console.info, 'OrgAdmin', ORG);
    const steps = await stepsOf(console, 'mfa.reset-by-link', async () =>
      redeem(await linkOf(user.email)),
    );
    expect(steps[0]).toBe('journal:mfa.reset-by-link:begun');
    for (const step of steps) {
      user = await createEnrolledUser(console.info, 'OrgAdmin', ORG);
      const token = await linkOf(user.email);
      await killedAt(console, step, () => redeem(token));
      await settled();
      const resetState = await users.stateOf(user.email, 'mfa.reset');
      expect(resetState, `${step}: ${JSON.stringify(resetState)}`).toMatchObject({
        recorded: ONCE,
      });
      const account = await cognito(console.info).send(
        new AdminGetUserCommand({ UserPoolId: console.info.userPoolId, Username: user.userName }),
      );
      expect(account.UserMFASettingList ?? [], step).toEqual([]);
    }

    const codeOf = async (email: string) => {
      const before = (await mailTo(console.info, email)).length;
      await cognito(console.info).send(
        new ForgotPasswordCommand({ ClientId: console.info.userPoolClientId, Username: email }),
      );
      const mail = (await waitForMail(console.info, email, before + 1)).at(-1);
      const code = /\b(\d{6})\b/u.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`)?.[1];
      if (code === undefined) throw new Error('no code');
      return code;
    };
    const confirm = (email: string, confirmationCode: string, newPassword: string) =>
      callApi(console.info, 'confirm-forget-password', {
        body: { clientId: console.info.userPoolClientId, email, newPassword, confirmationCode },
      });
    const someone = await createEnrolledUser(console.info, 'OrgAdmin', ORG);
    const resetSteps = await stepsOf(console, 'password.reset', async () =>
      confirm(someone.email, await codeOf(someone.email), strongPassword()),
    );
    expect(resetSteps[0]).toBe('journal:password.reset:begun');
    for (const step of resetSteps) {
      const u = await createEnrolledUser(console.info, 'OrgAdmin', ORG);
      const code = await codeOf(u.email);
      const password = strongPassword();
      await killedAt(console, step, () => confirm(u.email, code, password));
      await settled();
      // Whether the reset landed before the kill or not, it is recorded exactly as often.
      const recorded = (await users.stateOf(u.email, 'password.reset')).recorded;
      const landed = await srpSignIn(cognito(console.info), {
        userPoolId: console.info.userPoolId,
        clientId: console.info.userPoolClientId,
        username: u.email,
        password,
      }).then(
        () => true,
        (err: unknown) => !(err instanceof Error && err.name === 'NotAuthorizedException'),
      );
      expect(recorded, step).toEqual(landed ? ONCE : { success: 0, failure: recorded.failure });
    }
  }, 900_000);

  it('import-organisations: every organisation made once and recorded once', async () => {
    const csvOf = (tag: string) =>
      [
        'name,kind,country,contactEmail,identifiers',
        `Crash Klinik ${tag},site,DE,studien@example.org,Site network: KN-1`,
        `Crash Pharma ${tag},sponsor,CH,regulatory@example.org,`,
      ].join('\n');
    const importing = (tag: string) =>
      users.call('import-organisations', { csv: csvOf(tag), dryRun: false });
    /** The organisations of the file made so far: their ids. */
    const found = async (tag: string): Promise<string[]> => {
      const ids: string[] = [];
      for (const name of [`Crash Klinik ${tag}`, `Crash Pharma ${tag}`]) {
        const listed = await users.call('list-organisations', { search: name });
        ids.push(
          ...((listed.data?.organisations ?? []) as { organisationId: string; name: string }[])
            .filter((o) => o.name === name)
            .map((o) => o.organisationId),
        );
      }
      return ids;
    };
    const steps = await stepsOf(console, 'registry.import', () =>
      importing(randomUUID().slice(0, 8)),
    );
    expect(steps[0]).toBe('journal:registry.import:begun');
    for (const step of steps) {
      const tag = randomUUID().slice(0, 8);
      await killedAt(console, step, () => importing(tag));
      await settled();
      const made = await found(tag);
      expect(made, step).toHaveLength(2);
      for (const organisationId of made) {
        const records = await users.call('list-audit-records', {
          action: 'organisation.imported',
          target: organisationId,
          limit: 100,
        });
        expect(
          ((records.data?.records ?? []) as { action: string; outcome: string }[]).filter(
            (r) => r.action === 'organisation.imported' && r.outcome === 'success',
          ),
          step,
        ).toHaveLength(1);
      }
      // The same file again: both exist now, nothing made twice.
      expect((await importing(tag)).data?.created, step).toBe(0);
    }
  }, 600_000);
});
