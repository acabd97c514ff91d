import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAgentSession, setProfile } from '../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../testing/fake-api';
import { organisation, registryPage } from '../testing/registry-fixtures';
import { renderAt } from '../testing/render-app';
import { registryScreenOf } from './registry-routes';

// A signed-in browser has an ID token: the screens' calls do not end the session they found.
vi.mock('../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

describe('registryScreenOf', () => {
  it('knows the registry’s three screens, with or without a trailing slash', () => {
    expect(registryScreenOf('/admin/organisations')).toEqual({ screen: 'organisations' });
    expect(registryScreenOf('/admin/organisations/')).toEqual({ screen: 'organisations' });
    expect(registryScreenOf('/admin/connections')).toEqual({ screen: 'connections' });
    expect(registryScreenOf('/admin/organisations/site%401')).toEqual({
      screen: 'organisation',
      organisationId: 'site@1',
    });
  });

  it('is no screen for any other path', () => {
    for (const path of [
      '/admin/dashboard',
      '/admin/organisations/a/b',
      '/admin/organisations/%2F',
      '/admin/organisations/%E0%A4%A',
      '/admin/organisationsx',
      '/admin/connections/x',
      '/organisations',
    ]) {
      expect(registryScreenOf(path)).toBeNull();
    }
  });
});

/**
 * The registry's calls as each test answers them; the header bell's unread count (issue 35) waits
 * unanswered. Every test of the app here answers through it: one without a fake fetched the real
 * network (`ECONNREFUSED` in the run's output).
 */
const serveRegistry = (answer: (path: string) => ApiAnswer) =>
  fakeApi((path) => (path.startsWith('notifications/') ? 'no-answer' : answer(path)));

/** The registry's chunk is imported on first use: in a busy test run that can take seconds. */
const LOADING = { timeout: 10_000 };

describe('the registry in the app', () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    setProfile({ givenName: null, familyName: null, email: 'me@example.com', role: 'Auditor' });
    setAgentSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the organisations inside the layout, its menu entry highlighted', async () => {
    const user = userEvent.setup();
    serveRegistry((path) =>
      path === 'list-organisations'
        ? registryPage('organisations', [organisation('site-1', 'Klinikum Eins')])
        : failure(500, 'INTERNAL', `unexpected ${path}`),
    );
    renderAt('/admin/organisations');
    expect(
      await screen.findByRole('heading', { name: 'Organisations' }, LOADING),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('organisation-row-Klinikum Eins')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Organisations' })).toHaveClass('active');
    expect(within(menu).getByRole('link', { name: 'Organisations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Connections' })).not.toHaveClass('active');
  }, 20_000);

  it('shows an organisation’s page at its path, highlighting Organisations', async () => {
    const user = userEvent.setup();
    serveRegistry((path) =>
      path === 'get-organisation'
        ? success({
            organisation: organisation('site-1', 'Klinikum Eins'),
            systems: [],
            studies: [],
            connections: [],
            connectionTotal: 0,
          })
        : failure(500, 'INTERNAL', `unexpected ${path}`),
    );
    renderAt('/admin/organisations/site-1');
    expect(
      await screen.findByRole('heading', { name: /Klinikum Eins/ }, LOADING),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Organisations' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  }, 20_000);

  it('starts the connections afresh from a link without filters', async () => {
    const user = userEvent.setup();
    const calls = serveRegistry((path) =>
      path === 'list-connections'
        ? registryPage('connections', [])
        : failure(500, 'INTERNAL', `unexpected ${path}`),
    );
    renderAt('/admin/connections?organisationId=sponsor-1');
    expect(await screen.findByTestId('connections-scope', {}, LOADING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Connections' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.path === 'list-connections').at(-1)?.body).toEqual({
        limit: 25,
      });
    });
    expect(screen.queryByTestId('connections-scope')).toBeNull();
  }, 20_000);

  it('keeps page-not-found for other /admin paths', async () => {
    // The layout's own call (the bell's unread count) goes to the fake, not the network.
    serveRegistry((path) => failure(500, 'INTERNAL', `unexpected ${path}`));
    renderAt('/admin/organisations/a/b');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
