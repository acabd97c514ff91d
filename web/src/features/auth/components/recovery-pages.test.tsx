import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { failure, fakeApi, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { renderAt, testConfig } from '../../../testing/render-app';
import { ResetPasswordPage } from './reset-password-page';

const EMAIL_FORMAT = 'Email Address provided is not in the correct format';
const DISALLOWED =
  'Backslash, apostrophe, double quote and spaces are not allowed in the email address';

beforeEach(async () => {
  await loadTestRuntimeConfig();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/forgot-password-success (issue 37)', () => {
  it('opened directly claims no change: it sends the visitor to the start of the reset', async () => {
    renderAt('/forgot-password-success');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    expect(screen.queryByText('Password Changed')).toBeNull();
  });
});

describe('/forgot-password (issue 4)', () => {
  it('applies the login e-mail rules before a code can be asked for', async () => {
    renderAt('/forgot-password');
    const email = await screen.findByLabelText('Email');
    const send = screen.getByRole('button', { name: 'Send Code' });
    expect(send).toBeDisabled();

    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(screen.getByText(EMAIL_FORMAT)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();

    fireEvent.change(email, { target: { value: "o'neil@example.com" } });
    expect(screen.getByText(DISALLOWED)).toBeInTheDocument();
    expect(send).toBeDisabled();

    fireEvent.change(email, { target: { value: 'Ada@Example.com' } });
    expect(screen.queryByText(EMAIL_FORMAT)).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });
});

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

/** /reset-password as /forgot-password leaves for it: with the address the code went to. */
const renderReset = (email?: string) =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <MemoryRouter
        initialEntries={[{ pathname: '/reset-password', state: email ? { email } : null }]}
      >
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </RuntimeConfigProvider>,
  );

const fillReset = async (code: string, password: string, confirmation = password) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Verification Code'), code);
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  return user;
};

describe('/reset-password (issue 4: code + new password with the first-login rules)', () => {
  it('says where the code went, and ticks off each password rule', async () => {
    renderReset('ada@example.com');
    expect(
      await screen.findByText(
        'If an account exists for ada@example.com, a verification code has been sent to it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    const rule = (name: string) => screen.getByText(name).closest('li');
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'abc' } });
    expect(rule('8 to 64 characters')).toHaveAttribute('data-met', 'false');
    expect(rule('A lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('An uppercase letter')).toHaveAttribute('data-met', 'false');
    expect(rule('A number')).toHaveAttribute('data-met', 'false');
    expect(screen.getByText('Weak')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Abcdefg1 ' } });
    expect(rule('No spaces')).toHaveAttribute('data-met', 'false');
    expect(screen.getByText('Weak')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Abcdefg1' } });
    for (const name of ['8 to 64 characters', 'An uppercase letter', 'A number', 'No spaces']) {
      expect(rule(name)).toHaveAttribute('data-met', 'true');
    }
    expect(screen.getByText('Strong')).toBeInTheDocument();
  });

  it('enables Submit only with a 6-digit code, a strong password and a matching confirmation', async () => {
    renderReset('ada@example.com');
    const submit = await screen.findByRole('button', { name: 'Submit' });
    const user = await fillReset('12345', 'Abcdefg1', 'Abcdefg2');
    expect(screen.getByText('Passwords entered do not match')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from the email.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Verification Code'), '6');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Abcdefg1');
    expect(screen.queryByText('Passwords entered do not match')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'abcdefg1');
    expect(submit).toBeDisabled(); // weak (and no longer matching)
  });

  it('sends confirm-forget-password and goes to /forgot-password-success', async () => {
    const calls = fakeApi(() => success({ passwordReset: true }));
    renderReset('ada@example.com');
    const user = await fillReset('123456', 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => {
      expect(screen.getByTestId('where')).toHaveTextContent('/forgot-password-success');
    });
    expect(calls).toEqual([
      {
        path: 'confirm-forget-password',
        method: 'POST',
        authorization: undefined,
        body: {
          clientId: testConfig.userPoolClientId,
          email: 'ada@example.com',
          newPassword: 'Abcdefg1',
          confirmationCode: '123456',
        },
      },
    ]);
  });

  // The server answers every refused code alike (wrong, expired, never requested, attempt limit,
  // no such account), so the screen has one text for them, with the way out: Resend Code.
  const CODE_REFUSED =
    'Invalid verification code provided. Please try again or click on Resend Code to receive a new code.';
  it.each([
    'The code is not valid or has expired. Check it, or request a new code.',
    // Older or other wordings of a refused code read the same.
    'Invalid code provided, please request a code again.',
    'Attempt limit exceeded, please try after some time.',
  ])(
    'shows a refused code under the code field, with the Resend Code hint: %s',
    async (message) => {
      fakeApi(() =>
        failure(400, 'VALIDATION_FAILED', message, [{ path: 'confirmationCode', message }]),
      );
      renderReset('ada@example.com');
      const user = await fillReset('123456', 'Abcdefg1');
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      expect(await screen.findByText(CODE_REFUSED)).toBeInTheDocument();
      expect(screen.getByLabelText('Verification Code')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Verification Code')).toHaveAccessibleDescription(CODE_REFUSED);
      expect(screen.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
      expect(screen.getByTestId('where')).toHaveTextContent('/reset-password');
    },
  );

  it('shows a password the pool refuses, and the generic message for anything else', async () => {
    let answer = failure(400, 'VALIDATION_FAILED', 'Password does not conform to policy', [
      { path: 'newPassword', message: 'Password does not conform to policy: ...' },
    ]);
    fakeApi(() => answer);
    renderReset('ada@example.com');
    const user = await fillReset('123456', 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('The password does not meet the password policy.'),
    ).toBeInTheDocument();

    answer = failure(500, 'INTERNAL', 'Internal error');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Some Error occur. Please try after sometime'),
    ).toBeInTheDocument();
  });

  it('sends again after a refused code, and says when there were too many tries', async () => {
    let answer = failure(400, 'VALIDATION_FAILED', 'Invalid code', [
      { path: 'confirmationCode', message: 'Invalid code' },
    ]);
    const calls = fakeApi(() => answer);
    renderReset('ada@example.com');
    const user = await fillReset('123456', 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CODE_REFUSED)).toBeInTheDocument();

    answer = failure(429, 'TOO_MANY_REQUESTS', 'Slow down');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Too many requests. Please try again in a few minutes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(CODE_REFUSED)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('asks for the e-mail when opened directly', async () => {
    renderReset();
    const email = await screen.findByLabelText('Email');
    await fillReset('123456', 'Abcdefg1');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.change(email, { target: { value: 'ada@example' } });
    expect(screen.getByText(EMAIL_FORMAT)).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});

describe('/forgot-totp-qr-code (issue 4: can’t access authenticator app)', () => {
  it('asks for the link and always gives the same answer', async () => {
    const calls = fakeApi(() => success({ requested: true }));
    const user = userEvent.setup();
    renderAt('/forgot-totp-qr-code');
    await user.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));

    expect(
      await screen.findByText(/If an account exists for this email, a link has been sent to it/),
    ).toBeInTheDocument();
    expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: 'forget-totp',
        body: { clientId: testConfig.userPoolClientId, email: 'ada@example.com' },
      },
    ]);
  });

  it('removes the authenticator only when the link is confirmed', async () => {
    const token = 'A'.repeat(43);
    const calls = fakeApi(() => success({ authenticatorRemoved: true }));
    const user = userEvent.setup();
    renderAt(`/forgot-totp-qr-code?token=${token}`);
    const remove = await screen.findByRole('button', { name: 'Remove Authenticator App' });
    expect(calls).toEqual([]); // opening the link does nothing by itself

    await user.click(remove);
    expect(
      await screen.findByText(
        'Your authenticator app has been removed. At your next login, enter your password and then set up a new authenticator app.',
      ),
    ).toBeInTheDocument();
    expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: 'forget-totp/confirm', body: { token } },
    ]);
  });

  it('says when a link has expired or was used, and offers a new one', async () => {
    const message =
      'This link is not valid: it has expired or was already used. Request a new one.';
    fakeApi(() => failure(400, 'VALIDATION_FAILED', message, [{ path: 'token', message }]));
    const user = userEvent.setup();
    renderAt(`/forgot-totp-qr-code?token=${'B'.repeat(43)}`);
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator App' }));
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('button', { name: 'Send Link' })).toBeInTheDocument();
  });

  it('refuses a malformed link without calling the server', async () => {
    const calls = fakeApi(() => success({ authenticatorRemoved: true }));
    renderAt('/forgot-totp-qr-code?token=short');
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Authenticator App' })).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('/session-time-out (SPEC §2, §4)', () => {
  it.each([
    ['idle', 'You have been logged out due to inactivity.'],
    ['invalid', 'Your session is no longer valid'],
    ['logout-failed', 'the server could not be reached'],
    ['elsewhere', 'You have been logged out in another tab or window.'],
    ['mfa-required', 'Your authenticator app must be set up again.'],
  ])('explains why (%s)', async (reason, text) => {
    renderAt(`/session-time-out?reason=${reason}`);
    expect(await screen.findByRole('heading', { name: 'Session Timed Out' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text.replace(/[.?]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
  });

  it('shows no reason it does not know', async () => {
    renderAt('/session-time-out?reason=<script>');
    expect(await screen.findByRole('heading', { name: 'Session Timed Out' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.alert')).toBeNull();
  });
});
