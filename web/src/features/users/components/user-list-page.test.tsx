import type { UserListItem } from '@ccsc/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { setProfile, type StoredProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
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
  'list-organisations': registryPage('organisations', [organisation('site-1', 'Klinikum Eins')]),
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
      <QueryProvider>
        <MemoryRouter>
          <UserListPage />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );

/** The router's current state and path, to see that the list forgets a save's message. */
const StateProbe = () => {
  const location = useLocation();
  return (
    <output data-testid="state" data-path={location.pathname} data-search={location.search}>
      {JSON.stringify(location.state)}
    </output>
  );
};

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

    signedInAs({ role: 'PlatformAdmin', email: 'user1@example.com', userName: 'sub-1' });
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

  it('deletes and resets the authenticator only after a confirmation naming the user; Cancel sends nothing', async () => {
    const u = userEvent.setup();
    const calls = serve(() => page([user(1), user(2, { enabled: false, status: 'DISABLED' })]), {
      'delete-user': success({ userName: 'sub-1' }),
      'reset-user-mfa': success({ user: user(1) }),
      'enable-user': success({ user: user(2) }),
    });
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');

    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    await u.click(screen.getByRole('button', { name: 'Reset authenticator' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset authenticator' });
    expect(dialog).toHaveTextContent('Given1 Family1 (user1@example.com)');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(calls.filter((c) => c.path === 'reset-user-mfa')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    await u.click(screen.getByRole('button', { name: 'Reset authenticator' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset authenticator' });
    await u.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(
      await screen.findByText(/Data successfully saved: The authenticator of user1@example.com/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'reset-user-mfa')?.body).toEqual({
      userName: 'sub-1',
      userRole: 'OrgAdmin',
    });

    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Delete Given1 Family1 (user1@example.com) for good?');
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/user1@example.com is deleted/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'delete-user')?.body).toEqual({
      userName: 'sub-1',
      userRole: 'OrgAdmin',
    });

    // Enabling asks nothing.
    await u.click(screen.getByRole('button', { name: 'Actions for user2@example.com' }));
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText(/user2@example.com is enabled/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal with its field problems, and a plain message when the server is not reached', async () => {
    const u = userEvent.setup();
    let answer: ApiAnswer = failure(
      409,
      'CONFLICT',
      'The last enabled PlatformAdmin cannot be disabled.',
    );
    serve(() => page([user(1, { role: 'PlatformAdmin', organisationId: null })]), {
      get 'disable-user'() {
        return answer;
      },
    });
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    const disable = async () => {
      await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
      await u.click(screen.getByRole('button', { name: 'Disable' }));
      const dialog = await screen.findByRole('dialog');
      await u.click(within(dialog).getByRole('button', { name: 'Disable' }));
    };
    await disable();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last enabled PlatformAdmin cannot be disabled.',
    );
    answer = failure(400, 'VALIDATION_FAILED', 'The request is not valid.', [
      { path: 'userRole', message: 'Invalid option' },
    ]);
    await disable();
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The request is not valid. Invalid option',
      );
    });
    answer = 'network-error';
    await disable();
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent('The action failed. Please try again.');
    });
  });

  it('offers only Edit for a user without a role (userRole cannot name "none")', async () => {
    const u = userEvent.setup();
    serve(() => page([user(1, { role: null })]));
    renderPage();
    const row = await screen.findByTestId('user-row-user1@example.com');
    await u.click(within(row).getByRole('button', { name: 'Actions for user1@example.com' }));
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Actions', 'Edit']);
  });

  it('recognises the own row by the Cognito user name, as the server does', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1', userName: 'sub-1' });
    serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset authenticator' })).toBeNull();
  });

  it('does not send a search the server would refuse, and says why', async () => {
    const u = userEvent.setup();
    const calls = serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.type(screen.getByLabelText('Search'), "o'brien");
    expect(
      screen.getByText('Search with letters, digits, spaces and _ @ . + - only.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listCalls(calls).some((b) => (b as { search?: string }).search?.includes("'"))).toBe(
      false,
    );
    await u.clear(screen.getByLabelText('Search'));
    await u.type(screen.getByLabelText('Search'), 'Müller');
    await waitFor(() => {
      expect(listCalls(calls).at(-1)).toMatchObject({ search: 'Müller' });
    });
  });

  it('goes back a page when the last row of a later page is deleted', async () => {
    const u = userEvent.setup();
    const deleted = () => calls.some((c) => c.path === 'delete-user');
    const calls = serve(
      (body) =>
        body.cursor === 'c2'
          ? page(deleted() ? [] : [user(2)], deleted() ? 1 : 2)
          : page([user(1)], deleted() ? 1 : 2, deleted() ? null : 'c2'),
      { 'delete-user': success({ userName: 'sub-2' }) },
    );
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('user-row-user2@example.com');
    await u.click(screen.getByRole('button', { name: 'Actions for user2@example.com' }));
    await u.click(screen.getByRole('button', { name: 'Delete' }));
    await u.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByTestId('user-row-user1@example.com');
    expect(listCalls(calls).at(-1)).not.toHaveProperty('cursor');
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
  });

  it('tells an OrgAdmin whose users they see, and offers no PlatformAdmin filter', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    expect(
      screen.getByText('You see and manage the users of Klinikum Eins only.'),
    ).toBeInTheDocument();
    expect(
      [...screen.getByLabelText<HTMLSelectElement>('Role').options].map((o) => o.value),
    ).toEqual(['', 'OrgAdmin', 'Auditor']);
  });

  it('treats an Auditor of one organisation as scoped: their organisation only, no PlatformAdmin filter, no changes', async () => {
    signedInAs({ role: 'Auditor', organisationId: 'site-1' });
    const calls = serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    expect(screen.getByText('You see the users of Klinikum Eins only.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Organisation')).toBeNull();
    expect(
      [...screen.getByLabelText<HTMLSelectElement>('Role').options].map((o) => o.value),
    ).toEqual(['', 'OrgAdmin', 'Auditor']);
    expect(screen.queryByRole('link', { name: 'Create User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    // The role filter does not hang on list-all-groups, which offers an Auditor no role.
    expect(calls.map((c) => c.path)).not.toContain('list-all-groups');
  });

  it('offers an Auditor of every organisation every filter, and no changes', async () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    const calls = serve(() =>
      page([user(1), user(2, { role: 'PlatformAdmin', organisationId: null })]),
    );
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    expect(screen.getByLabelText('Organisation')).toBeInTheDocument();
    expect(
      [...screen.getByLabelText<HTMLSelectElement>('Role').options].map((o) => o.value),
    ).toEqual(['', 'PlatformAdmin', 'OrgAdmin', 'Auditor']);
    expect(screen.queryByText(/only\.$/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('list-all-groups');
  });

  it('names the organisation of an Auditor of every organisation, and none for a PlatformAdmin', async () => {
    serve(() =>
      page([
        user(1, { role: 'Auditor', organisationId: null }),
        user(2, { role: 'PlatformAdmin', organisationId: null }),
        user(3, { role: 'Auditor', organisationId: 'site-1' }),
      ]),
    );
    renderPage();
    const every = await screen.findByTestId('user-row-user1@example.com');
    expect(within(every).getByText('Every organisation')).toBeInTheDocument();
    const platform = screen.getByTestId('user-row-user2@example.com');
    expect(within(platform).queryByText('Every organisation')).toBeNull();
    expect(within(platform).getByText('—')).toBeInTheDocument();
    const scoped = screen.getByTestId('user-row-user3@example.com');
    expect(within(scoped).getByText('Klinikum Eins')).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses the list', async () => {
    serve(() =>
      failure(403, 'FORBIDDEN', 'Your account has no organisation. Contact the administrator.'),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account has no organisation. Contact the administrator.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says a save succeeded, and that a changed address must be confirmed, once', async () => {
    serve(() => page([user(1)]));
    render(
      <RuntimeConfigProvider value={testConfig}>
        <QueryProvider>
          <MemoryRouter
            initialEntries={[
              { pathname: '/admin/user-management', state: { saved: true, emailChanged: true } },
            ]}
          >
            <UserListPage />
            <StateProbe />
          </MemoryRouter>
        </QueryProvider>
      </RuntimeConfigProvider>,
    );
    expect(
      await screen.findByText(
        'Data successfully saved. A changed email address must be confirmed by the user with the code sent to it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('state')).toHaveTextContent('null');
    });
    expect(screen.getByTestId('state')).toHaveAttribute('data-path', '/admin/user-management');
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

describe('the user list opened from a link (the dashboard’s figures)', () => {
  const renderAt = (path: string) =>
    render(
      <RuntimeConfigProvider value={testConfig}>
        <QueryProvider>
          <MemoryRouter initialEntries={[path]}>
            <UserListPage />
            <StateProbe />
          </MemoryRouter>
        </QueryProvider>
      </RuntimeConfigProvider>,
    );
  const address = () => {
    const probe = screen.getByTestId('state');
    return new URL(
      `${probe.getAttribute('data-path') ?? ''}${probe.getAttribute('data-search') ?? ''}`,
      'http://localhost',
    );
  };

  it('starts from the filters in the address, shows them and the total, and keeps them there', async () => {
    const u = userEvent.setup();
    const calls = serve(() => page([user(1, { status: 'LOCKED', locked: true })], 7));
    renderAt('/admin/user-management?status=LOCKED&invitation=expiring');
    await screen.findByTestId('user-row-user1@example.com');
    expect(listCalls(calls)).toEqual([{ status: 'LOCKED', invitation: 'expiring', limit: 25 }]);
    expect(screen.getByLabelText('Status')).toHaveValue('LOCKED');
    expect(screen.getByLabelText('Invitation')).toHaveValue('expiring');
    expect(screen.getByText('Showing 1 of 7')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Invitation'), 'expired');
    await waitFor(() => {
      expect(listCalls(calls).at(-1)).toEqual({
        status: 'LOCKED',
        invitation: 'expired',
        limit: 25,
      });
    });
    expect(Object.fromEntries(address().searchParams)).toEqual({
      status: 'LOCKED',
      invitation: 'expired',
    });
    // One request per change.
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('starts its search box from the address, and ignores what the contract refuses', async () => {
    const calls = serve(() => page([user(1)]));
    renderAt('/admin/user-management?status=locked&invitation=soon&role=King&search=ada&limit=5');
    await screen.findByTestId('user-row-user1@example.com');
    expect(screen.getByLabelText('Search')).toHaveValue('ada');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listCalls(calls)).toEqual([{ search: 'ada', limit: 25 }]);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('shows an organisation a scoped caller has no filter for as a chip, and removes it', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve(() => page([user(1)]));
    renderAt('/admin/user-management?organisationId=site-1');
    await screen.findByTestId('user-row-user1@example.com');
    expect(listCalls(calls)).toEqual([{ organisationId: 'site-1', limit: 25 }]);
    expect(await screen.findByTestId('chip-organisationId')).toHaveTextContent(
      'Organisation: Klinikum Eins',
    );
    await u.click(
      screen.getByRole('button', { name: 'Remove the filter: Organisation: Klinikum Eins' }),
    );
    await waitFor(() => {
      expect(listCalls(calls).at(-1)).toEqual({ limit: 25 });
    });
    expect(screen.queryByTestId('chip-organisationId')).toBeNull();
    expect(address().search).toBe('');
  });
});
