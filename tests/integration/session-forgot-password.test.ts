import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import {
  cognito,
  createSignedInUser,
  signInWeb,
  strongPassword,
  type Mail,
  mailTo,
  type TestUser,
  waitForMail,
} from '../support/aws';

/**
 * /forgot-password: Cognito e-mails a code (offline: to the local inbox), the user sends it with
 * a new password to confirm-forget-password. Wrong, reused and unknown-account codes are refused
 * with clear messages, unknown accounts exactly like a wrong code.
 */

const c = inject('console');
const idp = cognito(c);

const codeIn = (mail: Mail | undefined): string => {
  const code = /\b(\d{6})\b/.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`)?.[1];
  if (code === undefined) throw new Error('no 6-digit code in the mail');
  return code;
};

/** Asks Cognito for a reset code as the web app does, and reads it from the inbox. */
const requestCode = async (user: TestUser): Promise<string> => {
  const before = (await mailTo(c, user.email)).length;
  await idp.send(new ForgotPasswordCommand({ ClientId: c.userPoolClientId, Username: user.email }));
  const mails = await waitForMail(c, user.email, before + 1);
  return codeIn(mails.at(-1));
};

const confirm = (email: string, confirmationCode: string, newPassword = strongPassword()) =>
  callApi(c, 'confirm-forget-password', {
    body: { clientId: c.userPoolClientId, email, newPassword, confirmationCode },
  });

interface ErrorBody {
  status: 'error';
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
}

describe('confirm-forget-password', () => {
  it('sets the new password with the code from the inbox; the old one stops working', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    const code = await requestCode(user);
    const newPassword = strongPassword();
    const res = await confirm(user.email, code, newPassword);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { passwordReset: true } });
    await expect(signInWeb(c, { email: user.email, password: newPassword })).resolves.toMatchObject(
      { idToken: expect.any(String) as unknown },
    );
    await expect(signInWeb(c, user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // The code is spent: using it again asks for a new one.
    const again = await confirm(user.email, code);
    expect(again.status).toBe(400);
    expect((again.body as ErrorBody).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid code provided, please request a code again.',
      fields: [{ path: 'confirmationCode' }],
    });
  });

  it('refuses a wrong code with 400 on confirmationCode, and the right code still works after', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    const code = await requestCode(user);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await confirm(user.email, wrong);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid verification code provided, please try again.',
        fields: [
          {
            path: 'confirmationCode',
            message: 'Invalid verification code provided, please try again.',
          },
        ],
      },
    });
    expect((await confirm(user.email, code)).status).toBe(200);
  });

  it('answers an unknown account exactly like a wrong code', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    await requestCode(user);
    const wrong = await confirm(user.email, '000001');
    const unknown = await confirm(`nobody-${user.email}`, '000001');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the input: 6-digit code, the password rules, the web client', async () => {
    const res = await callApi(c, 'confirm-forget-password', {
      body: {
        clientId: 'notTheWebClient',
        email: 'someone@example.com',
        newPassword: 'weak',
        confirmationCode: '12',
      },
    });
    expect(res.status).toBe(400);
    const paths = ((res.body as ErrorBody).error.fields ?? []).map((f) => f.path).sort();
    expect(paths).toEqual(['confirmationCode', 'newPassword']);
    const client = await callApi(c, 'confirm-forget-password', {
      body: {
        clientId: 'notTheWebClient',
        email: 'someone@example.com',
        newPassword: strongPassword(),
        confirmationCode: '123456',
      },
    });
    expect(client.status).toBe(400);
    expect((client.body as ErrorBody).error.fields?.[0]?.path).toBe('clientId');
  });
});
