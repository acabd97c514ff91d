import type { UserListItem } from '@ccsc/lambdas/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { setProfile, type StoredProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { testConfig } from '../../../testing/render-app';
import { UserListPage } from './user-list-page';

const user = (n: number, overrides: Partial<UserListItem> = {}): UserListItem => ({
  userName: `sub-${String(n)}`,
  email: `user${String(n)}@example.com`,
  emailVerified: true,
  givenName: `Given${String(n)}`,
  familyName: `Family${String(n)}`,
  phoneNumber: null,
  role: 'OrgAdmin',
  organisationId: 'site-1',
  enabled: true,
  cognitoStatus: 'CONFIRMED',
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-02-03T10:00:00.000Z',
  status: 'ENABLED',
  locked: false,
  mfaEnrolled: true,
  ...overrides,
});

const ORGS = {
  getSiteOrgList: success({
    organisations: [
      { organisationId: 'site-1', name: 'Klinikum Eins', kind: 'site', country: 'DE' },
    ],
  }),
  getSponsorList: success({ organisations: [] }),
};

const serve = (
  list: (body: Record<string, unknown>) => ApiAnswer,
  other: Record<string, ApiAnswer> = {},
) =>
  fakeApi((path, body) => {
    if (path === 'list-all-users') return list(body as Record<string, unknown>);
    const fixed = { ...ORGS, ...other }[path];
    return fixed ?? failure(500, 'INTERNAL', `unexpected ${path}`);
  });

const page = (users: UserListItem[], total = users.length, nextCursor: string | null = null) =>
  success({ users, count: users.length, total, nextCursor });

const signedInAs = (profile: Partial<StoredProfile>) => {
  setProfile({
    givenName: null,
    familyName: null,
    email: 'me@example.com',
    role: 'PlatformAdmin',
    organisationId: null,
    ...profile,
  });
};

const renderPage = () =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <MemoryRouter>
        <UserListPage />
      </MemoryRouter>
    </RuntimeConfigProvider>,
  );

const listCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'list-all-users').map((c) => c.body);

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the user list', () => {
  it('shows each user: e-mail, name, role, organisation name, status, authenticator, dates', async () => {
    serve(() => page([user(1, { status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false })], 40));
    renderPage();
    const row = await screen.findByTestId('user-row-user1@example.com');
    for (const text of [
      'Given1 Family1',
      'Organisation administrator',
      'Klinikum Eins',
      'Waiting for first login',
      'Not enrolled',
      '15-Jan-2025',
      '03-Feb-2025',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Showing 1 of 40')).toBeInTheDocument();
  });

  it('sends the filters, the search (after typing pauses) and the sort, from the first page', async () => {
    const u = userEvent.setup();
    const calls = serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.selectOptions(screen.getByLabelText('Status'), 'LOCKED');
    await u.selectOptions(screen.getByLabelText('Role'), 'Auditor');
    await u.selectOptions(screen.getByLabelText('Organisation'), 'site-1');
    await u.type(screen.getByLabelText('Search'), 'ada');
    await waitFor(() => {
      expect(listCalls(calls).at(-1)).toMatchObject({ search: 'ada' });
    });
    await u.click(screen.getByRole('button', { name: 'Sort by Created' }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)).toEqual({
        status: 'LOCKED',
        role: 'Auditor',
        organisationId: 'site-1',
        search: 'ada',
        sort: 'createdAt',
        order: 'asc',
        limit: 25,
      });
    });
    await u.click(screen.getByRole('button', { name: 'Sort by Created' }));
    await waitFor(() => {
      expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'createdAt', order: 'desc' });
    });
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages forward with the cursor and back', async () => {
    const u = userEvent.setup();
    const calls = serve((body) =>
      body.cursor === 'c2' ? page([user(2)], 2) : page([user(1)], 2, 'c2'),
    );
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('user-row-user2@example.com');
    expect(listCalls(calls).at(-1)).toMatchObject({ cursor: 'c2' });
    await u.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByTestId('user-row-user1@example.com');
  });

  it('disables after a confirmation that names the user, reports it and reloads', async () => {
    const u = userEvent.setup();
    const calls = serve(() => page([user(1)]), { 'disable-user': success({ user: user(1) }) });
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    await u.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Disable Given1 Family1 (user1@example.com)?');
    await u.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(
      await screen.findByText(/Data successfully saved: user1@example.com is disabled/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'disable-user')?.body).toEqual({
      userName: 'sub-1',
      userRole: 'OrgAdmin',
    });
    await waitFor(() => {
      expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
    });
  });

  it('offers what the row allows: unlock a locked user, resend an invitation, no reset without an app', async () => {
    const u = userEvent.setup();
    const calls = serve(
      () =>
        page([
          user(1, { locked: true, enabled: false, status: 'LOCKED' }),
          user(2, { status: 'FORCE_CHANGE_PASSWORD', mfaEnrolled: false }),
        ]),
      {
        'enable-user': success({ user: user(1) }),
        'resend-invitation': failure(409, 'CONFLICT', 'The user has signed in already.'),
      },
    );
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(/user1@example.com is unlocked/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'enable-user')?.body).toEqual({
      userName: 'sub-1',
      userRole: 'OrgAdmin',
    });

    await u.click(screen.getByRole('button', { name: 'Actions for user2@example.com' }));
    expect(screen.queryByRole('button', { name: 'Reset authenticator' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The user has signed in already.');
  });

  it('offers an Auditor no changes, and nobody disabling or deleting themselves', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'Auditor' });
    serve(() => page([user(1)]));
    const { unmount } = renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    expect(screen.queryByRole('link', { name: 'Create User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    unmount();

    signedInAs({ role: 'PlatformAdmin', email: 'user1@example.com' });
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('gives an OrgAdmin no organisation filter', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    expect(screen.queryByLabelText('Organisation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create User' })).toBeInTheDocument();
  });

  it('exports the filtered list without its sort', async () => {
    const u = userEvent.setup();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = serve(() => page([user(1)]), {
      'export-users': success({
        url: 'https://x.example/u.csv',
        fileName: 'users.csv',
        rows: 1,
        expiresAt: '2025-01-15T10:05:00.000Z',
      }),
    });
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.selectOptions(screen.getByLabelText('Status'), 'DISABLED');
    await u.click(screen.getByRole('button', { name: 'Sort by Email' }));
    await u.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('link', { name: 'Download users.csv' });
    expect(calls.find((c) => c.path === 'export-users')?.body).toEqual({ status: 'DISABLED' });
  });

  it('shows an error with a retry, and an empty state', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve(() => (fail ? failure(500, 'INTERNAL', 'boom') : page([])));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The users could not be loaded.');
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });

  it('speaks German and Turkish', async () => {
    const { changeLanguage } = await import('../../../lib/i18n');
    serve(() => page([user(1, { status: 'LOCKED', locked: true, enabled: false })]));
    await changeLanguage('de');
    try {
      renderPage();
      expect(
        await screen.findByRole('heading', { name: 'Benutzerverwaltung' }),
      ).toBeInTheDocument();
      const row = await screen.findByTestId('user-row-user1@example.com');
      expect(within(row).getByText('Gesperrt')).toBeInTheDocument();
      expect(within(row).getByText('15-Jan-2025')).toBeInTheDocument();
      await changeLanguage('tr');
      expect(
        await screen.findByRole('heading', { name: 'Kullanıcı Yönetimi' }),
      ).toBeInTheDocument();
      expect(within(row).getByText('Kilitli')).toBeInTheDocument();
      expect(within(row).getByText('15-Oca-2025')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
