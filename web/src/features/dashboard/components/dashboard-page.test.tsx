import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import { needsAction, nothingNeedsAction } from '../testing/dashboard-fixtures';
import {
  block,
  callsTo,
  findBlock,
  hrefOfLink,
  renderPage,
  serve,
  setUpDashboardTests,
  signedInAs,
} from './dashboard-page-kit';

vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

setUpDashboardTests();

describe('the dashboard', () => {
  it('shows four blocks, each with its heading, how fresh it is and Refresh', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    for (const name of ['Needs action', 'Activity', 'Security', 'Recent changes']) {
      const region = await screen.findByRole('region', { name });
      expect(within(region).getByRole('heading', { level: 2, name })).toBeInTheDocument();
      await waitFor(() => {
        expect(within(region).getByText(/^as of \d{1,2}:\d{2}/)).toBeInTheDocument();
      });
      expect(within(region).getByRole('button', { name: `Refresh ${name}` })).toHaveAttribute(
        'aria-disabled',
        'false',
      );
    }
  });

  it('shows a skeleton, busy, while a block loads', () => {
    serve({ 'dashboard/needs-action': () => 'no-answer' });
    renderPage();
    const region = block('Needs action');
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getByRole('status')).toHaveTextContent('Loading');
    expect(within(region).getByRole('button', { name: 'Refresh Needs action' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('needs action', () => {
  it('links every figure to the list behind it', async () => {
    serve();
    renderPage();
    const region = await findBlock('Needs action', 'Locked accounts');
    expect(hrefOfLink(region, '1 Locked accounts')).toBe('/admin/user-management?status=LOCKED');
    expect(hrefOfLink(region, '2 Invitations waiting for the first sign-in')).toBe(
      '/admin/user-management?status=FORCE_CHANGE_PASSWORD',
    );
    expect(hrefOfLink(region, '1 Invitations expiring within 48 hours')).toBe(
      '/admin/user-management?invitation=expiring',
    );
    expect(hrefOfLink(region, '0 Invitations expired')).toBe(
      '/admin/user-management?invitation=expired',
    );
    expect(hrefOfLink(region, '3 Administrators without an authenticator app')).toBe(
      '/admin/user-management?status=MFA_NOT_ENROLLED',
    );
    expect(hrefOfLink(region, '4 Connection invitations waiting for your answer')).toBe(
      '/admin/connections?status=invited',
    );
    expect(hrefOfLink(region, '1 API credentials expiring within 30 days')).toBe(
      '/admin/generate-api-credentials?status=expiring',
    );
    expect(hrefOfLink(region, '2 API credentials never used')).toBe(
      '/admin/generate-api-credentials?use=never',
    );
    expect(hrefOfLink(region, '5 Documents held for a missing mapping')).toBe(
      '/admin/documents?state=held&holdKind=mapping',
    );
    expect(hrefOfLink(region, '1 Mapping-standard drafts older than 30 days')).toBe(
      '/admin/artifact/list-of-mapping-standards?status=draft&draftBefore=2025-01-05',
    );
    expect(within(region).queryByText('Nothing needs your attention.')).toBeNull();

    await userEvent.click(within(region).getByRole('link', { name: '1 Locked accounts' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/user-management?status=LOCKED',
    );
  });

  it.each([
    ['site', 'Connection invitations waiting for the site'],
    ['all', "Connection invitations waiting for a site's answer"],
  ] as const)(
    'names the connection invitations from the %s perspective',
    async (perspective, label) => {
      const answer = needsAction();
      serve({
        'dashboard/needs-action': () =>
          success({
            ...answer,
            connectionInvitations: { ...answer.connectionInvitations, perspective },
          }),
      });
      renderPage();
      const region = await findBlock('Needs action', 'Locked accounts');
      expect(hrefOfLink(region, `4 ${label}`)).toBe('/admin/connections?status=invited');
    },
  );

  it('says nothing needs attention when every figure is 0, and still shows them', async () => {
    serve({ 'dashboard/needs-action': () => success(nothingNeedsAction()) });
    renderPage();
    const region = await findBlock('Needs action', 'Nothing needs your attention.');
    expect(hrefOfLink(region, '0 Locked accounts')).toBe('/admin/user-management?status=LOCKED');
    expect(within(region).getAllByRole('link')).toHaveLength(10);
    expect(within(region).queryByRole('button', { name: /Unlock|Resend/ })).toBeNull();
  });

  it('unlocks a locked account with enable-user, says so and loads the block again', async () => {
    let answered = 0;
    const calls = serve({
      'dashboard/needs-action': () => {
        answered += 1;
        return success(
          answered === 1
            ? needsAction()
            : needsAction({
                lockedAccounts: {
                  value: 0,
                  link: { list: 'users', query: { status: 'LOCKED' } },
                  users: [],
                },
              }),
        );
      },
      'enable-user': () =>
        success({ user: { ...needsAction().lockedAccounts.users[0], locked: undefined } }),
    });
    renderPage();
    const region = await findBlock('Needs action', 'locked@example.com');
    await userEvent.click(
      within(region).getByRole('button', { name: 'Unlock locked@example.com' }),
    );

    expect(await within(region).findByText('locked@example.com is unlocked.')).toBeInTheDocument();
    expect(callsTo(calls, 'enable-user').map((c) => c.body)).toEqual([
      { userName: 'sub-locked', userRole: 'OrgAdmin' },
    ]);
    expect(await within(region).findByRole('link', { name: '0 Locked accounts' })).toBeVisible();
    expect(callsTo(calls, 'dashboard/needs-action')).toHaveLength(2);
    expect(within(region).queryByRole('button', { name: /^Unlock/ })).toBeNull();
  });

  it('resends an expiring invitation with resend-invitation', async () => {
    const calls = serve({
      'resend-invitation': () =>
        success({ user: { ...needsAction().invitations.expiring.users[0] } }),
    });
    renderPage();
    const region = await findBlock('Needs action', 'invited@example.com');
    await userEvent.click(
      within(region).getByRole('button', {
        name: 'Resend the invitation to invited@example.com',
      }),
    );
    expect(
      await within(region).findByText('The invitation to invited@example.com was sent again.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'resend-invitation').map((c) => c.body)).toEqual([
      { userName: 'sub-invited', userRole: 'OrgAdmin' },
    ]);
    await waitFor(() => {
      expect(callsTo(calls, 'dashboard/needs-action')).toHaveLength(2);
    });
  });

  it("says the server's refusal of an action", async () => {
    serve({ 'enable-user': () => failure(403, 'FORBIDDEN', 'You may not unlock this user.') });
    renderPage();
    const region = await findBlock('Needs action', 'locked@example.com');
    await userEvent.click(
      within(region).getByRole('button', { name: 'Unlock locked@example.com' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'You may not unlock this user.',
    );
  });

  it('offers an Auditor the figures and no buttons', async () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve();
    renderPage();
    const region = await findBlock('Needs action', 'locked@example.com');
    expect(within(region).getByText('invited@example.com')).toBeInTheDocument();
    expect(hrefOfLink(region, '1 Locked accounts')).toBe('/admin/user-management?status=LOCKED');
    expect(within(region).queryByRole('button', { name: /Unlock|Resend/ })).toBeNull();
  });

  it('offers an OrgAdmin the buttons for their own organisation only', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-001' });
    const answer = needsAction();
    serve({
      'dashboard/needs-action': () =>
        success({
          ...answer,
          lockedAccounts: {
            ...answer.lockedAccounts,
            value: 2,
            users: [
              ...answer.lockedAccounts.users,
              {
                ...answer.lockedAccounts.users[0],
                userName: 'sub-other',
                email: 'o@example.com',
                organisationId: 'site-002',
              },
            ],
          },
        }),
    });
    renderPage();
    const region = await findBlock('Needs action', 'o@example.com');
    expect(within(region).getByRole('button', { name: 'Unlock locked@example.com' })).toBeEnabled();
    expect(within(region).queryByRole('button', { name: 'Unlock o@example.com' })).toBeNull();
  });

  it('shows a failure with Try again, and the figures once it succeeds', async () => {
    let attempts = 0;
    serve({
      'dashboard/needs-action': () => {
        attempts += 1;
        return attempts === 1 ? failure(500, 'INTERNAL', 'boom') : success(needsAction());
      },
    });
    renderPage();
    const alert = await within(block('Needs action')).findByRole('alert');
    expect(alert).toHaveTextContent('What needs action could not be loaded.');
    // The other blocks load on their own.
    await findBlock('Security', 'Failed sign-ins');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await findBlock('Needs action', 'locked@example.com');
    expect(within(block('Needs action')).queryByRole('alert')).toBeNull();
  });

  it('refreshes on Refresh and says so in a live region', async () => {
    const calls = serve();
    renderPage();
    const region = await findBlock('Needs action', 'locked@example.com');
    const refresh = within(region).getByRole('button', { name: 'Refresh Needs action' });
    await userEvent.click(refresh);
    expect(refresh).toHaveFocus();
    await waitFor(() => {
      expect(callsTo(calls, 'dashboard/needs-action')).toHaveLength(2);
    });
    expect(
      await within(region).findByText(/^Needs action updated at \d{1,2}:\d{2}/),
    ).toBeInTheDocument();
    expect(
      within(region)
        .getByText(/updated at/)
        .closest('[aria-live]'),
    ).not.toBeNull();
  });
});
