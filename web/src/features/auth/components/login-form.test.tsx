import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, PASSWORD_MAX } from '@ccsc/contract';
import { renderAt } from '../../../testing/render-app';
import { LoginPage } from './login-page';
import { PASSWORD_MAX_LENGTH, PASSWORD_REVEAL_MS } from './password-field';

const DISALLOWED_MESSAGE =
  'Backslash, apostrophe, double quote and spaces are not allowed in the email address';

const renderLogin = () => {
  renderAt('/', <LoginPage />);
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    login: screen.getByRole('button', { name: 'Login' }),
  };
};

describe('login form, state 1 (SPEC §2, §5)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the texts, links and notes of the credentials form', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(
      screen.getByText('Seamlessly Connect Site and Sponsor Systems for Enhanced Collaboration'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: "Can't access authenticator app?" })).toHaveAttribute(
      'href',
      '/forgot-totp-qr-code',
    );
    expect(
      screen.getByText('First time login requires password received via registered email'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Use Forgot Password to reset your password, in case your password has expired.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps Login disabled until both fields are filled with a valid e-mail', async () => {
    const user = userEvent.setup();
    const { email, password, login } = renderLogin();
    expect(login).toBeDisabled();

    await user.type(email, 'admin@example.com');
    expect(login).toBeDisabled(); // password still empty

    await user.type(password, 'Secret123');
    await waitFor(() => {
      expect(login).toBeEnabled();
    });

    await user.clear(email);
    expect(login).toBeDisabled();
  });

  it('shows the spec message for a malformed e-mail and keeps Login disabled', async () => {
    const user = userEvent.setup();
    const { email, password, login } = renderLogin();
    await user.type(password, 'Secret123');
    await user.type(email, 'not-an-email');

    expect(await screen.findByText(MESSAGES.emailFormat)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(login).toBeDisabled();

    await user.type(email, '@example.com');
    await waitFor(() => {
      expect(screen.queryByText(MESSAGES.emailFormat)).not.toBeInTheDocument();
    });
    expect(login).toBeEnabled();
  });

  it.each([
    ['a backslash', 'ad\\min@example.com'],
    ['an apostrophe', "o'neil@example.com"],
    ['a double quote', 'ad"min@example.com'],
    ['a space', 'ad min@example.com'],
    ['a trailing space', 'admin@example.com '],
  ])('refuses %s in the e-mail', async (_name, value) => {
    const { email, password, login } = renderLogin();
    fireEvent.change(password, { target: { value: 'Secret123' } });
    fireEvent.change(email, { target: { value } });

    expect(await screen.findByText(DISALLOWED_MESSAGE)).toBeInTheDocument();
    expect(login).toBeDisabled();
  });

  it('limits the password to the contract’s 64 characters', async () => {
    expect(PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX);
    const user = userEvent.setup();
    const { password } = renderLogin();
    expect(password).toHaveAttribute('maxLength', '64');

    await user.type(password, 'x'.repeat(70));
    expect(password).toHaveValue('x'.repeat(64));
  });

  it('shows the password on request and hides it again after 3 seconds', () => {
    // Only the timers are faked (React's scheduler keeps running), and events are fired directly:
    // user-event's async wrapper waits on a real timer that fake timers would never fire.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { password } = renderLogin();
    fireEvent.change(password, { target: { value: 'Secret123' } });
    expect(password).toHaveAttribute('type', 'password');

    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(PASSWORD_REVEAL_MS - 1);
    });
    expect(password).toHaveAttribute('type', 'text');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('hides the password at once when asked', async () => {
    const user = userEvent.setup();
    const { password } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
