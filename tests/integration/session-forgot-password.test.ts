import {
  AdminDisableUserCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CODE_REFUSED_MESSAGE,
  CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS,
} from '@ccsc/lambdas/testing';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from '../support/api';
import {
  cognito,
  createRoleUser,
  createSignedInUser,
  signInWeb,
  strongPassword,
  type Mail,
  mailTo,
  waitForMail,
} from '../support/aws';

/**
 * /forgot-password: Cognito e-mails a code (offline: to the local inbox), the user sends it with
 * a new password to confirm-forget-password. Every code that cannot be used is refused with the
 * same answer, whether or not the address has an account, and no refusal comes sooner than the
 * call's minimum time: neither the answer nor its time tells who has an account.
 */

const c = inject('console');
const idp = cognito(c);

const codeIn = (mail: Mail | undefined): string => {
  const code = /\b(\d{6})\b/.exec(`${mail?.text ?? ''} ${mail?.html ?? ''}`)?.[1];
  if (code === undefined) throw new Error('no 6-digit code in the mail');
  return code;
};

/** Asks Cognito for a reset code as the web app does, and reads it from the inbox. */
const requestCode = async (email: string): Promise<string> => {
  const before = (await mailTo(c, email)).length;
  await idp.send(new ForgotPasswordCommand({ ClientId: c.userPoolClientId, Username: email }));
  const mails = await waitForMail(c, email, before + 1);
  return codeIn(mails.at(-1));
};

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

const confirm = (email: string, confirmationCode: string, newPassword = strongPassword()) =>
  callApi(c, 'confirm-forget-password', {
    body: { clientId: c.userPoolClientId, email, newPassword, confirmationCode },
  });

/** The call's answer as a caller sees it, and how long it took. */
const timedConfirm = async (email: string, confirmationCode: string) => {
  const started = performance.now();
  const res = await confirm(email, confirmationCode);
  return {
    answer: { status: res.status, body: res.body },
    ms: performance.now() - started,
  };
};

const REFUSED = {
  status: 400,
  body: {
    status: 'error',
    error: {
      code: 'VALIDATION_FAILED',
      message: CODE_REFUSED_MESSAGE,
      fields: [{ path: 'confirmationCode', message: CODE_REFUSED_MESSAGE }],
    },
  },
};

const unknownEmail = () => `it-nobody-${randomUUID().slice(0, 8)}@example.com`;

const disabledWithCode = async () => {
  const user = await createRoleUser(c, 'Auditor');
  const code = await requestCode(user.email);
  await idp.send(new AdminDisableUserCommand({ UserPoolId: c.userPoolId, Username: user.email }));
  return { user, code };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Timers may fire a millisecond or two early against another clock: the floor, give or take. */
const FLOOR = CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS - 10;

describe('confirm-forget-password', () => {
  it('sets the new password with the code from the inbox; the old one stops working', async () => {
    const user = await createSignedInUser(c, 'Auditor');
    const code = await requestCode(user.email);
    const newPassword = strongPassword();
    const res = await confirm(user.email, code, newPassword);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { passwordReset: true } });
    await expect(signInWeb(c, { email: user.email, password: newPassword })).resolves.toMatchObject(
      { idToken: expect.any(String) as unknown },
    );
    await expect(signInWeb(c, user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    // The code is spent: using it again is refused like any other code.
    const again = await confirm(user.email, code);
    expect({ status: again.status, body: again.body }).toEqual(REFUSED);
  });

  it('refuses a wrong code with 400 on confirmationCode, and the right code still works after', async () => {
    const user = await createRoleUser(c, 'Auditor');
    const code = await requestCode(user.email);
    const res = await confirm(user.email, otherThan(code));
    expect({ status: res.status, body: res.body }).toEqual(REFUSED);
    expect((await confirm(user.email, code)).status).toBe(200);
  });

  it('answers every refused code the same, whether or not the address has an account', async () => {
    // An expired code cannot be made here (the console's Cognito reads the real clock and an hour
    // is too long to wait); Cognito answers it as it answers a spent or never requested code
    // (ExpiredCodeException), which are both here.
    const noCode = await createRoleUser(c, 'Auditor');
    const wrong = await createRoleUser(c, 'Auditor');
    const wrongCode = otherThan(await requestCode(wrong.email));
    const spent = await createRoleUser(c, 'Auditor');
    const spentCode = await requestCode(spent.email);
    const disabled = await disabledWithCode();
    const limited = await createRoleUser(c, 'Auditor');
    const limitedCode = await requestCode(limited.email);

    // Each case is a different account: they are asked side by side.
    const [spentFirst, ...answers] = await Promise.all([
      confirm(spent.email, spentCode),
      confirm(unknownEmail(), '123456'),
      confirm(noCode.email, '123456'),
      confirm(wrong.email, wrongCode),
      // The right code, but the account is disabled.
      confirm(disabled.user.email, disabled.code),
      (async () => {
        // Wrong codes until Cognito's attempt limit, then the right one: still the same answer.
        const tries = [];
        for (let i = 0; i < 6; i += 1)
          tries.push(await confirm(limited.email, otherThan(limitedCode)));
        tries.push(await confirm(limited.email, limitedCode));
        for (const t of tries) expect({ status: t.status, body: t.body }).toEqual(REFUSED);
        return tries.at(-1);
      })(),
    ]);
    expect(spentFirst.status).toBe(200);
    answers.push(await confirm(spent.email, spentCode));
    for (const answer of answers) {
      expect({ status: answer?.status, body: answer?.body }).toEqual(REFUSED);
    }
  }, 60_000);

  it('takes at least its minimum time for every refusal and for a reset, whatever the account', async () => {
    // The floor is the mechanism (unit-tested with a fake clock); this checks it is wired in and
    // that no case stands out. Speed itself is the bench's business, so the bound is loose.
    const existing = await createRoleUser(c, 'Auditor');
    const code = await requestCode(existing.email);
    const disabled = await disabledWithCode();
    const noCode = await createRoleUser(c, 'Auditor');
    const cases: Record<string, () => Promise<{ answer: unknown; ms: number }>> = {
      unknown: () => timedConfirm(unknownEmail(), '123456'),
      noCode: () => timedConfirm(noCode.email, '123456'),
      wrongCode: () => timedConfirm(existing.email, otherThan(code)),
      disabled: () => timedConfirm(disabled.user.email, disabled.code),
    };
    const medians: Record<string, number> = {};
    for (const [name, run] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { answer, ms } = await run();
        expect(answer, name).toEqual(REFUSED);
        expect(ms, name).toBeGreaterThanOrEqual(FLOOR);
        times.push(ms);
      }
      medians[name] = median(times);
    }
    const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));
    expect(spread, JSON.stringify(medians)).toBeLessThan(CONFIRM_FORGET_PASSWORD_MIN_RESPONSE_MS);

    const reset = await timedConfirm(existing.email, code);
    expect(reset.answer).toEqual({
      status: 200,
      body: { status: 'success', data: { passwordReset: true } },
    });
    expect(reset.ms).toBeGreaterThanOrEqual(FLOOR);
  }, 60_000);

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
    const paths = ((res.body as { error: { fields?: { path: string }[] } }).error.fields ?? [])
      .map((f) => f.path)
      .sort();
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
    expect(
      (client.body as { error: { fields?: { path: string }[] } }).error.fields?.[0]?.path,
    ).toBe('clientId');
  });
});
