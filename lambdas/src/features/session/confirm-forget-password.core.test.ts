import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../http/errors';
import { PasswordResetRefused } from '../../ports/user-directory';
import { fakeUser, FakeUserDirectory } from '../../testing/fake-user-directory';
import { FakeAuditTrail, publicContext, silentLogger } from '../../testing/fakes';
import { confirmForgetPassword } from './confirm-forget-password.core';

const CLIENT = 'webclient123';
const NEW_PASSWORD = 'NewPassw0rd';

const setup = () => {
  const directory = new FakeUserDirectory([
    fakeUser(1, { resetCode: { code: '123456' } }),
    fakeUser(2, { resetCode: { code: '123456', expired: true } }),
    fakeUser(3, { resetCode: { code: '123456' }, enabled: false }),
  ]);
  const deps = {
    directory,
    audit: new FakeAuditTrail(),
    logger: silentLogger(),
    webClientId: CLIENT,
  };
  const call = (email: string, confirmationCode = '123456', clientId = CLIENT) =>
    confirmForgetPassword(
      { clientId, email, confirmationCode, newPassword: NEW_PASSWORD },
      publicContext(),
      deps,
    );
  return { directory, deps, call };
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
    expect(t.deps.audit.entries).toMatchObject([
      {
        action: 'password.reset',
        outcome: 'success',
        actor: null,
        target: { type: 'user', id: t.directory.users[0]?.userName, label: 'user1@example.com' },
      },
    ]);
    expect(JSON.stringify(t.deps.audit.entries)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(t.deps.audit.entries)).not.toContain('123456');
  });

  it('answers a wrong code with 400 on confirmationCode', async () => {
    const t = setup();
    expect(await refusal(t.call('user1@example.com', '000000'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid verification code provided, please try again.',
      fields: [
        {
          path: 'confirmationCode',
          message: 'Invalid verification code provided, please try again.',
        },
      ],
    });
    expect(t.deps.audit.entries).toEqual([]);
  });

  it('answers unknown and disabled accounts exactly like a wrong code', async () => {
    const t = setup();
    const wrong = await refusal(t.call('user1@example.com', '000000'));
    expect(await refusal(t.call('nobody@example.com'))).toEqual(wrong);
    expect(await refusal(t.call('user3@example.com'))).toEqual(wrong);
  });

  it('tells an expired code apart: request a new one', async () => {
    const t = setup();
    const r = await refusal(t.call('user2@example.com'));
    expect(r.message).toBe('Invalid code provided, please request a code again.');
    expect(r.fields?.[0]?.path).toBe('confirmationCode');
  });

  it('names the password field when Cognito refuses the password, and the limit when reached', async () => {
    const t = setup();
    const policy = 'Password does not conform to policy: Password not long enough';
    t.directory.confirmPasswordReset = () =>
      Promise.reject(new PasswordResetRefused('invalid-password', policy));
    expect(await refusal(t.call('user1@example.com'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: policy,
      fields: [{ path: 'newPassword', message: policy }],
    });
    t.directory.confirmPasswordReset = () =>
      Promise.reject(new PasswordResetRefused('limit-exceeded', 'Attempt limit exceeded'));
    const limit = await refusal(t.call('user1@example.com'));
    expect(limit.message).toBe('Attempt limit exceeded, please try after some time.');
    expect(limit.fields?.[0]?.path).toBe('confirmationCode');
  });

  it('refuses any client but the console’s web client', async () => {
    const t = setup();
    const r = await refusal(t.call('user1@example.com', '123456', 'other'));
    expect(r.fields?.[0]?.path).toBe('clientId');
    expect(t.directory.calls).toEqual([]);
  });

  it('still answers success when the reset happened but the audit failed (logged)', async () => {
    const t = setup();
    t.deps.audit.failWith = new Error('audit down');
    expect(await t.call('user1@example.com')).toEqual({ passwordReset: true });
    expect(t.deps.logger.errors).toHaveLength(1);
  });
});
