import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { testConfig } from '../../../testing/render-app';
import {
  listCalls,
  page,
  renderPage,
  serve,
  StateProbe,
  user,
} from '../testing/user-list-fixtures';
import { setUpUserTests, signedInAs } from '../testing/user-test-setup';
import { UserListPage } from './user-list-page';

setUpUserTests();

describe('the user list: whose users a caller sees, and how', () => {
  it('gives an OrgAdmin no organisation filter', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    serve(() => page([user(1)]));
    renderPage();
    await screen.findByTestId('user-row-user1@example.com');
    expect(screen.queryByLabelText('Organisation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create User' })).toBeInTheDocument();
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
