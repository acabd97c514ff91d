import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n';
import { SESSION_KEYS, setAgentSession, setProfile } from '../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../testing/fake-api';
import { renderAt, testConfig } from '../testing/render-app';

// A signed-in browser has an ID token: the dashboard's calls do not end the session they found.
vi.mock('../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

/**
 * The dashboard's own calls (issue 18) and the bell's unread count (issue 35) wait: these tests
 * are about the layout around them.
 */
const layoutOnly = (answer: ApiAnswer) => (path: string) =>
  path.startsWith('dashboard/') || path.startsWith('notifications/')
    ? ('no-answer' as const)
    : answer;

const renderSignedIn = async (path = '/admin/dashboard', config = testConfig) => {
  setAgentSession();
  renderAt(path, undefined, config);
  // The layout's chunk is imported on the first test's first render: in a busy run that can take
  // seconds.
  await screen.findByRole('button', { name: 'Logout' }, { timeout: 10_000 });
};

describe('private layout (SPEC §2)', () => {
  it('shows the product, the signed-in name, the account, the helpdesk link and copyright', async () => {
    setProfile({ givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' });
    await renderSignedIn();

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Test Console')).toBeInTheDocument();
    expect(header).toHaveTextContent('Logged in as Ada Lovelace');
    // The e-mail the user signs in with, under the name, named for a screen reader.
    expect(within(header).getByText('ada@example.com')).toHaveTextContent(
      'E-mail: ada@example.com',
    );
    // The account name: the deployment's own, from /config.json.
    expect(within(header).getByText('Test Account')).toHaveTextContent('Account: Test Account');
    expect(header).toHaveTextContent(
      'Logged in as Ada LovelaceE-mail: ada@example.comAccount: Test Account',
    );
    expect(screen.getByRole('link', { name: 'Email Helpdesk' })).toHaveAttribute(
      'href',
      'mailto:helpdesk@example.com',
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      '2024 Test Console all rights reserved',
    );
  });

  it('tells administrators when malware scanning runs on the EICAR-only stand-in', async () => {
    await renderSignedIn('/admin/dashboard', {
      ...testConfig,
      malwareScanning: { engine: 'stand-in' },
    });
    expect(within(screen.getByRole('contentinfo')).getByRole('note')).toHaveTextContent(
      'Malware scanning runs on a test stand-in that knows only the EICAR test file',
    );
  });

  it('says nothing of the scan with a real engine', async () => {
    await renderSignedIn('/admin/dashboard', {
      ...testConfig,
      malwareScanning: { engine: 'clamd', version: 'ClamAV 1.4.6' },
    });
    expect(within(screen.getByRole('contentinfo')).queryByRole('note')).toBeNull();
  });

  it('shows N/A without a stored profile', async () => {
    await renderSignedIn();
    expect(screen.getByRole('banner')).toHaveTextContent('Logged in as N/A');
  });

  it('shows the e-mail of a user without a name (the bootstrap administrator)', async () => {
    setProfile({ givenName: null, familyName: null, email: 'root@example.com' });
    await renderSignedIn();
    expect(screen.getByRole('banner')).toHaveTextContent(
      'Logged in as N/AE-mail: root@example.comAccount: Test Account',
    );
  });

  it('shows the account name of the deployment it is given', async () => {
    setProfile({ givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' });
    await renderSignedIn('/admin/dashboard', { ...testConfig, accountName: 'CCSC SIT' });
    expect(within(screen.getByRole('banner')).getByText('CCSC SIT')).toHaveTextContent(
      'Account: CCSC SIT',
    );
    expect(screen.getByRole('banner')).not.toHaveTextContent('Test Account');
  });

  it('opens the menu with the current section highlighted', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/admin/artifact/create-new-standard');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Artifact Mapping Standards',
      'Documents',
      'Distributions',
      'Generate API Access Credentials',
      'User Management',
      'Audit Trail',
      'Organisations',
      'Connections',
      'Notifications',
    ]);
    expect(within(menu).getByRole('link', { name: 'Artifact Mapping Standards' })).toHaveClass(
      'active',
    );
    expect(within(menu).getByRole('link', { name: 'Home' })).not.toHaveClass('active');

    await user.click(within(menu).getByRole('link', { name: 'User Management' }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/user-management');
  });
});

describe('logout confirmation (SPEC §2, §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is static: Escape and a backdrop click leave it open; Cancel closes it', async () => {
    const user = userEvent.setup();
    await renderSignedIn();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Logout Confirmation' });
    expect(dialog).toHaveTextContent('Logout from Test Console?');

    await user.keyboard('{Escape}');
    await user.click(dialog); // the .modal element is the backdrop area around the dialog box
    expect(screen.getByRole('dialog', { name: 'Logout Confirmation' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Logout Confirmation' })).not.toBeInTheDocument();
    });
    expect(localStorage.getItem(SESSION_KEYS.agentSession)).toBe('true');
  });

  const confirmLogout = async () => {
    const user = userEvent.setup();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    setProfile({ givenName: 'Ada', familyName: null, email: null });
    await renderSignedIn();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logout Confirmation' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Logout' }));
  };

  const expectStorageCleared = () => {
    expect(localStorage.getItem(SESSION_KEYS.agentSession)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.profile)).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  };

  it('"Yes, Logout" calls logout, clears local storage but the language, and goes to /', async () => {
    await loadTestRuntimeConfig();
    const calls = fakeApi(layoutOnly(success({ signedOut: true })));
    await confirmLogout();

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    const own = calls.filter(
      ({ path }) => !path.startsWith('dashboard/') && !path.startsWith('notifications/'),
    );
    expect(own.map(({ path, method, body }) => ({ path, method, body }))).toEqual([
      { path: 'logout', method: 'POST', body: {} },
    ]);
    expectStorageCleared();
  });

  it.each([
    ['the server refuses it', failure(500, 'INTERNAL', 'Internal error')],
    ['the session is gone', failure(401, 'UNAUTHORIZED', 'Unauthorized')],
    ['the network fails', 'network-error' as const],
  ])('when %s, signs out here anyway and shows the session-time-out screen', async (_, answer) => {
    await loadTestRuntimeConfig();
    fakeApi(layoutOnly(answer));
    await confirmLogout();

    expect(await screen.findByRole('heading', { name: 'Session Timed Out' })).toBeInTheDocument();
    expect(
      screen.getByText(/logged out of this browser, but the server could not be reached/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/session-time-out');
    expectStorageCleared();
  });
});
