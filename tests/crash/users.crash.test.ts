import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api';
import {
  cognito,
  createEnrolledUser,
  createSignedInUser,
  type EnrolledTestUser,
  failureOf,
  mailTo,
} from '../support/aws';
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { srpSignIn } from '../support/srp-client';
import { strongPassword, waitForMail } from '../support/aws';
import { CrashConsole, killedAt, stepsOf } from './crash-console';

/**
 * The user-management and lockout writes (issue 12's journal) killed at each of their steps by a
 * failpoint (issue 32), as the credential and document writes are: after each restart the account
 * is exactly what the call asked for — in Cognito, in the user list, and recorded exactly once —
 * and nothing is left in the journal.
 */

const ORG = 'site-berlin-mitte';

describe('user writes killed at every step', () => {
  let console: CrashConsole;
  let admin: EnrolledTestUser;

  beforeAll(async () => {
    console = await CrashConsole.create();
    await console.start();
    admin = await createEnrolledUser(console.info, 'PlatformAdmin');
  }, 180_000);

  afterAll(async () => {
    await console.dispose();
  });

  const call = async (op: string, body: unknown) => {
    const res = await callApi(console.info, op, { token: admin.idToken, body });
    return { status: res.status, data: (res.body as { data?: Record<string, unknown> }).data };
  };

  const invite = (email: string) =>
    call('create-user', {
      userAttributes: {
        email,
        givenName: 'Crash',
        familyName: 'Test',
        role: 'OrgAdmin',
        organisationId: ORG,
      },
    });

  /** A user invited whole: its userName. */
  const invited = async (): Promise<{ email: string; userName: string }> => {
    const email = `crash-user-${randomUUID().slice(0, 8)}@example.com`;
    const made = await invite(email);
    expect(made.status).toBe(200);
    return { email, userName: (made.data?.user as { userName: string }).userName };
  };

  /** The account as Cognito, the user list and the audit trail have it. */
  const stateOf = async (email: string, action: string) => {
    const idp = cognito(console.info);
    const user = await idp
      .send(new AdminGetUserCommand({ UserPoolId: console.info.userPoolId, Username: email }))
      .catch((err: unknown) => {
        if (err instanceof Error && err.name === 'UserNotFoundException') return null;
        throw err;
      });
    const groups =
      user === null
        ? []
        : ((
            await idp.send(
              new AdminListGroupsForUserCommand({
                UserPoolId: console.info.userPoolId,
                Username: user.Username ?? email,
              }),
            )
          ).Groups?.map((g) => g.GroupName) ?? []);
    const listed = await call('list-all-users', { search: email });
    const records = await call('list-audit-records', { action, target: email, limit: 100 });
    // The action filter takes a prefix too (mfa.reset finds mfa.reset-requested): exact here.
    const recorded = (
      (records.data?.records ?? []) as {
        action: string;
        outcome: string;
        target: { label?: string } | null;
      }[]
    ).filter((r) => r.action === action && r.target?.label === email);
    return {
      exists: user !== null,
      enabled: user?.Enabled,
      status: user?.UserStatus,
      groups,
      listed: (
        (listed.data?.users ?? []) as { email: string; role: string | null; enabled: boolean }[]
      ).map((u) => ({ role: u.role, enabled: u.enabled })),
      recorded: {
        success: recorded.filter((r) => r.outcome === 'success').length,
        failure: recorded.filter((r) => r.outcome === 'failure').length,
      },
    };
  };

  const ONCE = { success: 1, failure: 0 };

  const settled = async () => {
    expect(await console.settled()).toEqual({ journal: [], outbox: [] });
  };

  it('create-user: the account, its role group, the invitation, listed and recorded once', async () => {
    const steps = await stepsOf(console, 'user.create', () =>
      invite(`crash-user-${randomUUID().slice(0, 8)}@example.com`),
    );
    expect(steps[0]).toBe('journal:user.create:begun');
    expect(steps).toEqual(
      expect.arrayContaining(['journal:user.create:create', 'journal:user.create:group']),
    );
    for (const step of steps) {
      const email = `crash-user-${randomUUID().slice(0, 8)}@example.com`;
      await killedAt(console, step, () => invite(email));
      await settled();
      const state = await stateOf(email, 'user.created');
      // Recorded before its first step: finished at the start, whole.
      expect(state, step).toMatchObject({
        exists: true,
        status: 'FORCE_CHANGE_PASSWORD',
        groups: ['OrgAdmin'],
        listed: [{ role: 'OrgAdmin', enabled: true }],
        recorded: ONCE,
      });
      // Cognito's mail goes through SMTP: a moment for the inbox.
      let invitation = false;
      for (let i = 0; i < 100 && !invitation; i += 1) {
        invitation = (await mailTo(console.info, email)).some((m) =>
          /temporary password/u.test(m.text),
        );
        if (!invitation) await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(invitation, step).toBe(true);
    }
  }, 600_000);

  const statusWrites = [
    {
      op: 'disable-user',
      kind: 'user.disable',
      action: 'user.disabled',
      before: async () => invited(),
      after: { enabled: false, listed: [{ role: 'OrgAdmin', enabled: false }] },
    },
    {
      op: 'enable-user',
      kind: 'user.enable',
      action: 'user.enabled',
      before: async () => {
        const u = await invited();
        expect(
          (await call('disable-user', { userName: u.userName, userRole: 'OrgAdmin' })).status,
        ).toBe(200);
        return u;
      },
      after: { enabled: true, listed: [{ role: 'OrgAdmin', enabled: true }] },
    },
    {
      op: 'delete-user',
      kind: 'user.delete',
      action: 'user.deleted',
      before: async () => invited(),
      after: { exists: false, listed: [] },
    },
    {
      op: 'resend-invitation',
      kind: 'user.resend-invitation',
      action: 'user.invitation-resent',
      before: async () => invited(),
      after: { exists: true, status: 'FORCE_CHANGE_PASSWORD' },
    },
  ] as const;

  it.each(statusWrites)(
    '$op: the account as asked, listed and recorded once',
    async ({ op, kind, action, before, after }) => {
      const first = await before();
      const steps = await stepsOf(console, kind, () =>
        call(op, { userName: first.userName, userRole: 'OrgAdmin' }),
      );
      expect(steps[0]).toBe(`journal:${kind}:begun`);
      expect(steps.length).toBeGreaterThan(2);
      for (const step of steps) {
        const u = await before();
        await killedAt(console, step, () =>
          call(op, { userName: u.userName, userRole: 'OrgAdmin' }),
        );
        await settled();
        const state = await stateOf(u.email, action);
        expect(state, step).toMatchObject({ ...after, recorded: ONCE });
      }
    },
    600_000,
  );

  it('update-user: a role change moves the group, listed and recorded once', async () => {
    const change = (userName: string) =>
      call('update-user', {
        userName,
        userAttributes: { givenName: 'Changed', role: 'Auditor', organisationId: ORG },
      });
    const first = await invited();
    const steps = await stepsOf(console, 'user.update', () => change(first.userName));
    expect(steps[0]).toBe('journal:user.update:begun');
    for (const step of steps) {
      const u = await invited();
      await killedAt(console, step, () => change(u.userName));
      await settled();
      expect(await stateOf(u.email, 'user.updated'), step).toMatchObject({
        groups: ['Auditor'],
        listed: [{ role: 'Auditor', enabled: true }],
        recorded: ONCE,
      });
    }
  }, 600_000);

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
      expect(await stateOf(user.email, 'account.locked'), step).toMatchObject({
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
    const reset = (userName: string) => call('reset-user-mfa', { userName, userRole: 'OrgAdmin' });
    const enrolled = () => createEnrolledUser(console.info, 'OrgAdmin', ORG);
    const first = await enrolled();
    const steps = await stepsOf(console, 'user.reset-mfa', () => reset(first.userName));
    expect(steps[0]).toBe('journal:user.reset-mfa:begun');
    for (const step of steps) {
      const user = await enrolled();
      await killedAt(console, step, () => reset(user.userName));
      await settled();
      expect(await stateOf(user.email, 'user.mfa-reset'), step).toMatchObject({ recorded: ONCE });
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
      const resetState = await stateOf(user.email, 'mfa.reset');
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
      const recorded = (await stateOf(u.email, 'password.reset')).recorded;
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
      call('import-organisations', { csv: csvOf(tag), dryRun: false });
    /** The organisations of the file made so far: their ids. */
    const found = async (tag: string): Promise<string[]> => {
      const ids: string[] = [];
      for (const name of [`Crash Klinik ${tag}`, `Crash Pharma ${tag}`]) {
        const listed = await call('list-organisations', { search: name });
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
        const records = await call('list-audit-records', {
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
