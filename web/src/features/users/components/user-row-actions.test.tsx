import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, failure, success } from '../../../testing/fake-api';
import { listCalls, page, renderPage, serve, user } from '../testing/user-list-fixtures';
import { setUpUserTests, signedInAs } from '../testing/user-test-setup';

setUpUserTests();

describe('the user list: what a row offers, and its outcome', () => {
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
    ).toEqual(['Actions for user1@example.com', 'Edit']);
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
});
