import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setAgentSession } from '../lib/session';
import { renderAt } from '../testing/render-app';

// A signed-in browser has an ID token: the layout's first call (the bell's unread count, issue 35)
// must not end the session these tests sign in with before the screen they look for has shown.
vi.mock('../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

const location = () => screen.getByTestId('location').textContent;

/** The layout's and the screen's chunks are imported on first use: in a busy run that takes seconds. */
const LOADING = { timeout: 10_000 };

describe('route guards (SPEC §2)', () => {
  it('sends a private route without an agent session to the login screen', async () => {
    renderAt('/admin/user-management/edit-user');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('sends /admin itself and unknown /admin paths to / without a session', async () => {
    renderAt('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows a private route with an agent session, inside the layout', async () => {
    setAgentSession();
    renderAt('/admin/user-management/edit-user');
    expect(await screen.findByRole('heading', { name: 'Edit User' }, LOADING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('sends a signed-in user on the login screen to the dashboard', async () => {
    setAgentSession();
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/admin/dashboard');
  });

  it('sends a signed-in user on a recovery screen to the dashboard', async () => {
    setAgentSession();
    renderAt('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('still shows the session-time-out screen to a signed-in user', async () => {
    setAgentSession();
    renderAt('/session-time-out');
    expect(await screen.findByRole('heading', { name: 'Session Timed Out' })).toBeInTheDocument();
    expect(location()).toBe('/session-time-out');
  });

  it('sends a signed-in user on a credential link or its success page to the dashboard', async () => {
    for (const path of ['/generate/abc12345-0000?t=' + 'x'.repeat(43), '/generate/success']) {
      setAgentSession();
      const { unmount } = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(location()).toBe('/admin/dashboard');
      unmount();
    }
  });

  it('shows the credential link pages to a visitor who is not signed in', async () => {
    renderAt('/generate/success');
    expect(
      await screen.findByRole('heading', { name: 'API Access Credentials Retrieved' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/generate/success');
  });

  it('shows the public page-not-found for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/');
  });

  it('shows the admin page-not-found inside the layout for an unknown /admin path', async () => {
    setAgentSession();
    renderAt('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });
});
