import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInResult, StepResult } from '../../../lib/auth';
import { fakeApi, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render-app';
import { LoginPage } from './login-page';
import { QR_SIZE } from './totp-qr-code';

// The login screen's states 2 and 3 and its messages (SPEC §2, §5, §8), with lib/auth's sign-in
// scripted: lib/sign-in-flow.test.ts covers what it does with Cognito's answers.
const auth = vi.hoisted(() => ({
  signIn: vi.fn<(email: string, password: string) => Promise<SignInResult>>(),
  confirmNewPassword: vi.fn<(password: string) => Promise<StepResult>>(),
  confirmTotpCode: vi.fn<(code: string, step: unknown) => Promise<StepResult>>(),
  cancelSignIn: vi.fn<() => Promise<void>>(),
}));
vi.mock('../../../lib/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...auth,
  preloadAuth: () => undefined,
}));

const SETUP: SignInResult = {
  kind: 'totp-setup',
  via: 'signed-in',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  setupUri: 'otpauth://totp/X:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=X',
};

const signInWith = async (password = 'Temp-Pass1') => {
  const user = userEvent.setup();
  renderAt('/', <LoginPage />);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  const login = screen.getByRole('button', { name: 'Login' });
  await waitFor(() => {
    expect(login).toBeEnabled();
  });
  await user.click(login);
  return user;
};

const boxes = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });

describe('login states 2 and 3 (SPEC §2, §4, §5, §8)', () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    for (const fn of Object.values(auth)) fn.mockReset();
    auth.cancelSignIn.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('after "Incorrect username or password." asks the server whether the account is now locked', async () => {
    const calls = fakeApi(() => success({ locked: true }));
    auth.signIn.mockResolvedValue({ kind: 'failed', reason: 'incorrect-credentials' });
    await signInWith('Wrong-Pass1');
    expect(
      await screen.findByText(
        'Your account is locked due to consecutive failed login attempts. Contact the administrator to unlock your account.',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        path: 'accountLockout',
        body: { clientId: 'testclient123', email: 'ada@example.com' },
        authorization: undefined,
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled(); // an error shows
  });

  it.each([
    ['not locked', () => fakeApi(() => success({ locked: false }))],
    ['the lockout call failing', () => fakeApi(() => 'network-error')],
  ])('shows the generic failure when %s', async (_name, api) => {
    api();
    auth.signIn.mockResolvedValue({ kind: 'failed', reason: 'incorrect-credentials' });
    await signInWith('Wrong-Pass1');
    expect(
      await screen.findByText(
        'Your login attempt has failed. The specified username or password may be incorrect, or your password has expired.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['unknown-user', 'Your login attempt has failed.'],
    ['user-disabled', 'User is disabled'],
    ['attempts-exceeded', 'Attempt limit exceeded, please try after some time'],
  ] as const)('shows the spec message for %s', async (reason, text) => {
    const calls = fakeApi(() => success({ locked: false }));
    auth.signIn.mockResolvedValue({ kind: 'failed', reason });
    await signInWith();
    expect(await screen.findByText(new RegExp(`^${text}`))).toBeInTheDocument();
    expect(calls).toEqual([]); // only incorrect credentials ask about the lockout
  });

  it.each([
    ['unknown', 'Some Error occur. Please try after sometime'],
    ['redirect-failed', 'Some error occur please try again after sometime'],
  ] as const)('shows %s failures in the Info dialog', async (reason, text) => {
    auth.signIn.mockResolvedValue({ kind: 'failed', reason });
    await signInWith();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Info');
    expect(dialog).toHaveTextContent(text);
  });

  it('ends an unsupported challenge with a clear message and forgets the attempt', async () => {
    auth.signIn.mockResolvedValue({ kind: 'unsupported' });
    await signInWith();
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'This account asks for a sign-in step the console does not support.',
    );
    expect(auth.cancelSignIn).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('sets a new password: rules, Strong/Weak, match, and not the temporary password', async () => {
    auth.signIn.mockResolvedValue({ kind: 'new-password' });
    auth.confirmNewPassword.mockResolvedValue(SETUP);
    const user = await signInWith('Temp-Pass1');

    expect(await screen.findByRole('heading', { name: 'Set New Password' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    const [fresh, confirm] = [
      screen.getByLabelText('New Password'),
      screen.getByLabelText('Confirm Password'),
    ];
    expect(submit).toBeDisabled();

    await user.type(fresh, 'weak');
    expect(screen.getByText('Weak')).toBeInTheDocument();
    expect(screen.getByText('An uppercase letter').closest('li')).toHaveAttribute(
      'data-met',
      'false',
    );
    await user.clear(fresh);
    await user.type(fresh, 'Temp-Pass1');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    await user.type(confirm, 'Temp-Pass2');
    expect(screen.getByText('Passwords entered do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(confirm);
    await user.type(confirm, 'Temp-Pass1');
    await user.click(submit);
    expect(
      await screen.findByText('New password can not be same as current password'),
    ).toBeInTheDocument();
    expect(auth.confirmNewPassword).not.toHaveBeenCalled();

    await user.clear(fresh);
    await user.type(fresh, 'Brand-New-Pass1');
    await user.clear(confirm);
    await user.type(confirm, 'Brand-New-Pass1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(auth.confirmNewPassword).toHaveBeenCalledWith('Brand-New-Pass1');
    expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument();
  });

  it('enrols an authenticator: a 228×228 QR image and the secret as text with a copy button', async () => {
    auth.signIn.mockResolvedValue(SETUP);
    auth.confirmTotpCode.mockResolvedValue({ kind: 'signed-in' });
    const user = await signInWith();
    // After userEvent.setup(), which installs a clipboard of its own.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('width', String(QR_SIZE));
    expect(qr).toHaveAttribute('height', String(QR_SIZE));
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DP');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(auth.confirmTotpCode).toHaveBeenCalledWith('123456', SETUP);
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    });
  });

  it('OTP boxes: digits only, auto-advance, paste fills all six, backspace moves back', async () => {
    auth.signIn.mockResolvedValue({ kind: 'totp-code' });
    const user = await signInWith();
    expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    const all = boxes();
    expect(all).toHaveLength(6);
    expect(all[0]).toHaveFocus();

    await user.keyboard('1a2');
    expect(all.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '', '', '', '']);
    expect(all[2]).toHaveFocus();
    expect(verify).toBeDisabled();

    await user.keyboard('{Backspace}');
    expect(all[1]).toHaveFocus();
    expect((all[1] as HTMLInputElement).value).toBe('');

    fireEvent.paste(all[3] as HTMLElement, { clipboardData: { getData: () => ' 987 654 ' } });
    expect(all.map((box) => (box as HTMLInputElement).value)).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
    ]);
    expect(verify).toBeEnabled();

    // A digit typed on a filled box replaces it, wherever the caret is.
    await user.click(all[0] as HTMLElement);
    await user.keyboard('{End}1');
    expect((all[0] as HTMLInputElement).value).toBe('1');
    expect(all[1]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect((all[1] as HTMLInputElement).value).toBe('');
    expect(verify).toBeDisabled();
  });

  it.each([
    ['invalid-code', 'Invalid verification code provided. Please try again.'],
    ['attempt-limit', 'Attempt limit exceeded, please try after some time'],
    ['unknown', 'Some error occur please try again..'],
  ] as const)('shows a refused code (%s) on the OTP form', async (reason, text) => {
    auth.signIn.mockResolvedValue({ kind: 'totp-code' });
    auth.confirmTotpCode.mockResolvedValue({ kind: 'step-failed', reason });
    const user = await signInWith();
    await screen.findByRole('heading', { name: 'OTP Verification' });
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('sends an expired challenge back to the credentials form with a message', async () => {
    auth.signIn.mockResolvedValue({ kind: 'totp-code' });
    auth.confirmTotpCode.mockResolvedValue({ kind: 'step-failed', reason: 'session-expired' });
    const user = await signInWith();
    await screen.findByRole('heading', { name: 'OTP Verification' });
    await user.keyboard('111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Your login session has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('Cancel on a step goes back to the credentials form and forgets the attempt', async () => {
    auth.signIn.mockResolvedValue({ kind: 'totp-code' });
    const user = await signInWith();
    await screen.findByRole('heading', { name: 'OTP Verification' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(auth.cancelSignIn).toHaveBeenCalled();
  });

  it('starts one sign-in however often Login is clicked', async () => {
    let finish: (result: SignInResult) => void = () => undefined;
    auth.signIn.mockReturnValue(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    const user = userEvent.setup();
    renderAt('/', <LoginPage />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    const login = screen.getByRole('button', { name: 'Login' });
    await waitFor(() => {
      expect(login).toBeEnabled();
    });
    fireEvent.submit(login.closest('form') as HTMLFormElement);
    fireEvent.submit(login.closest('form') as HTMLFormElement);
    finish({ kind: 'totp-code' });
    await screen.findByRole('heading', { name: 'OTP Verification' });
    expect(auth.signIn).toHaveBeenCalledTimes(1);
  });
});
