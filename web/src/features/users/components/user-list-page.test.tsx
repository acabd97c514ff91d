import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { failure, success } from '../../../testing/fake-api';
import { testConfig } from '../../../testing/render-app';
import {
  listCalls,
  page,
  renderPage,
  serve,
  StateProbe,
  user,
} from '../testing/user-list-fixtures';
import { setUpUserTests } from '../testing/user-test-setup';
import { UserListPage } from './user-list-page';

setUpUserTests();

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
