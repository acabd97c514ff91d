import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { NotFoundError, ValidationError } from '../core/errors';
import { createHandler } from '../http/router';
import { PasswordResetRefused } from '../core/ports/user-directory';
import { apiGatewayEvent } from '../testing/api-gateway-event';
import { fakeUser, FakeUserDirectory } from '../core/testing/fake-user-directory';
import { FakeAuditTrail, FakeClock, publicContext, silentLogger } from '../core/testing/fakes';
import { userWritesFor } from '../testing/user-writes';
import {
  CODE_REFUSED_MESSAGE,
  CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS,
  confirmForgetPassword,
} from './confirm-forget-password.core';

const CLIENT = 'webclient123';
const NEW_PASSWORD = 'NewPassw0rd';
const WRONG = '000000';

const setup = () => {
  const clock = new FakeClock();
  const directory = new FakeUserDirectory([
    fakeUser(1, { resetCode: { code: '123456' } }),
    fakeUser(2, { resetCode: { code: '123456', expired: true } }),
    fakeUser(3, { resetCode: { code: '123456' }, enabled: false }),
    // Never asked for a code.
    fakeUser(4),
    fakeUser(5, { resetCode: { code: '123456' } }),
  ]);
  directory.clock = clock;
  const audit = new FakeAuditTrail();
  const { writes, journal, logger } = userWritesFor(directory, { audit, clock });
  const deps = { writes, webClientId: CLIENT, clock, sleep: clock.sleep };
  const call = (email: string, confirmationCode = '123456', clientId = CLIENT) =>
    confirmForgetPassword(
      { clientId, email, confirmationCode, newPassword: NEW_PASSWORD },
      publicContext(),
      deps,
    );
  /** The same call through the Lambda handler: the status and body bytes a caller sees. */
  const handler = createHandler(
    routes['confirm-forget-password'],
    confirmForgetPassword,
    () => deps,
    {
      logger: silentLogger(),
      allowedOrigins: [],
      credentials: () => {
        throw new Error('a console call reads no credential');
      },
      // A public call: the MFA gate never asks for an account.
      accounts: () => {
        throw new Error('a public call reads no account');
      },
    },
  );
  const answer = async (email: string, confirmationCode = '123456') => {
    const res = await handler(
      apiGatewayEvent({
        path: 'confirm-forget-password',
        body: { clientId: CLIENT, email, confirmationCode, newPassword: NEW_PASSWORD },
      }),
    );
    return { statusCode: res.statusCode, body: res.body };
  };
  return { clock, directory, deps, audit, logger, journal, writes, call, answer };
};

const refusal = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  const v = err as ValidationError;
  return { code: v.code, message: v.message, fields: v.fields };
};

describe('confirm-forget-password', () => {
  it('sets the new password through the web client and audits the reset (never the password)', async () => {
    const t = setup();
    expect(await t.call('user1@example.com')).toEqual({ passwordReset: true });
    expect(t.directory.users[0]?.password).toBe(NEW_PASSWORD);
    expect(t.audit.entries).toMatchObject([
      {
        action: 'password.reset',
        outcome: 'success',
        actor: null,
        target: { type: 'user', id: t.directory.users[0]?.userName, label: 'user1@example.com' },
      },
    ]);
    expect(JSON.stringify(t.audit.entries)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(t.audit.entries)).not.toContain('123456');
  });

  it('answers a refused code with one 400 on confirmationCode that says what to do', async () => {
    const t = setup();
    expect(await refusal(t.call('user1@example.com', WRONG))).toEqual({
      code: 'VALIDATION_FAILED',
      message: CODE_REFUSED_MESSAGE,
      fields: [{ path: 'confirmationCode', message: CODE_REFUSED_MESSAGE }],
    });
    expect(CODE_REFUSED_MESSAGE).toBe(
      'The code is not valid or has expired. Check it, or request a new code.',
    );
    expect(t.audit.entries).toEqual([]);
  });

  it('gives byte-identical answers whether or not the account exists, has a code, or is disabled', async () => {
    const t = setup();
    const wrongCode = await t.answer('user1@example.com', WRONG);
    expect(wrongCode.statusCode).toBe(400);
    const others = {
      unknownAccount: await t.answer('nobody@example.com'),
      disabledAccount: await t.answer('user3@example.com'),
      expiredCode: await t.answer('user2@example.com'),
      noCodeRequested: await t.answer('user4@example.com'),
    };
    for (const other of Object.values(others)) expect(other).toEqual(wrongCode);
  });

  it('answers the attempt limit like a wrong code: only an existing account could reach it', async () => {
    const t = setup();
    // Cognito's limit: after five wrong codes every code, even the right one, is refused with
    // LimitExceededException.
    const fake = t.directory.confirmPasswordReset.bind(t.directory);
    let wrongGuesses = 0;
    t.directory.confirmPasswordReset = async (reset) => {
      if (wrongGuesses >= 5) {
        throw new PasswordResetRefused(
          'limit-exceeded',
          'Attempt limit exceeded, please try after some time.',
        );
      }
      await fake(reset).catch((err: unknown) => {
        wrongGuesses += 1;
        throw err;
      });
    };
    const first = await t.answer('user5@example.com', WRONG);
    for (let i = 0; i < 4; i += 1)
      expect(await t.answer('user5@example.com', WRONG)).toEqual(first);
    expect(await t.answer('user5@example.com', WRONG)).toEqual(first);
    expect(await t.answer('user5@example.com', '123456')).toEqual(first);
    expect(t.directory.users[4]?.password).toBeUndefined();
    expect(await t.answer('nobody@example.com', WRONG)).toEqual(first);
  });

  it('answers every refusal Cognito may give for the code, and an unknown user, the same', async () => {
    const t = setup();
    const wrongCode = await t.answer('user1@example.com', WRONG);
    const refusals = [
      new PasswordResetRefused(
        'code-mismatch',
        'Invalid verification code provided, please try again.',
      ),
      new PasswordResetRefused(
        'code-expired',
        'Invalid code provided, please request a code again.',
      ),
      new PasswordResetRefused(
        'limit-exceeded',
        'Attempt limit exceeded, please try after some time.',
      ),
      new NotFoundError('User does not exist.'),
    ];
    for (const err of refusals) {
      t.directory.confirmPasswordReset = () => Promise.reject(err);
      expect(await t.answer('user1@example.com')).toEqual(wrongCode);
    }
  });

  it('names the password field when Cognito refuses the password (only ever with a valid code)', async () => {
    const t = setup();
    const policy = 'Password does not conform to policy: Password not long enough';
    t.directory.confirmPasswordReset = () =>
      Promise.reject(new PasswordResetRefused('invalid-password', policy));
    expect(await refusal(t.call('user1@example.com'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: policy,
      fields: [{ path: 'newPassword', message: policy }],
    });
  });

  it('answers no sooner than its minimum duration, refused or not', async () => {
    expect(CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS).toBe(1000);
    for (const [email, code] of [
      ['nobody@example.com', '123456'],
      ['user1@example.com', WRONG],
      ['user2@example.com', '123456'],
      ['user3@example.com', '123456'],
      ['user4@example.com', '123456'],
      ['user1@example.com', '123456'],
    ] as const) {
      const t = setup();
      const started = t.clock.now().getTime();
      await t.call(email, code).catch(() => undefined);
      expect(t.clock.slept).toEqual([CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS]);
      expect(t.clock.now().getTime() - started).toBe(CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS);
    }
  });

  it('waits only for what is left of the minimum after slow work, and not at all past it', async () => {
    const t = setup();
    t.directory.confirmPasswordReset = () => {
      t.clock.advance(300);
      return Promise.reject(new PasswordResetRefused('code-mismatch', ''));
    };
    await refusal(t.call('user1@example.com'));
    expect(t.clock.slept).toEqual([CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS - 300]);

    t.directory.confirmPasswordReset = () => {
      t.clock.advance(CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS + 1);
      return Promise.resolve();
    };
    expect(await t.call('user1@example.com')).toEqual({ passwordReset: true });
    expect(t.clock.slept).toHaveLength(1);
  });

  it('refuses any client but the console’s web client', async () => {
    const t = setup();
    const r = await refusal(t.call('user1@example.com', '123456', 'other'));
    expect(r.fields?.[0]?.path).toBe('clientId');
    expect(t.directory.calls).toEqual([]);
  });

  it('still answers success when the reset happened but the audit failed, and records it later', async () => {
    const t = setup();
    t.audit.failWith = new Error('audit down');
    expect(await t.call('user1@example.com')).toEqual({ passwordReset: true });
    expect(t.logger.errors).toHaveLength(1);
    t.audit.failWith = null;
    t.clock.advance(1);
    expect(await t.writes.reconcile(false)).toMatchObject({ finished: 1 });
    expect(t.audit.actions()).toEqual(['password.reset']);
  });

  it('records a reset cut short right after Cognito’s answer; never one Cognito refused', async () => {
    const t = setup();
    t.journal.crashAfterSaves = 0;
    await t.call('user1@example.com').catch(() => undefined);
    expect(t.directory.users[0]?.password).toBe(NEW_PASSWORD);
    expect(t.audit.entries).toEqual([]);
    t.journal.restart();
    // The password itself was never stored: Cognito's auth events say the reset happened.
    expect(JSON.stringify([...t.journal.entries.values()])).not.toContain(NEW_PASSWORD);
    expect(await t.writes.reconcile(true)).toMatchObject({ finished: 1 });
    expect(t.audit.actions()).toEqual(['password.reset']);

    // A write cut short before Cognito was asked: nothing happened, nothing is recorded.
    const u = setup();
    u.directory.confirmPasswordReset = () => Promise.reject(new Error('network down'));
    await u.call('user5@example.com').catch(() => undefined);
    expect(await u.writes.reconcile(true)).toMatchObject({ abandoned: 1 });
    expect(u.audit.entries).toEqual([]);
    expect(u.journal.entries.size).toBe(0);
  });
});
