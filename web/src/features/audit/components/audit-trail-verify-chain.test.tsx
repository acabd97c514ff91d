import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import {
  page,
  record,
  renderPage,
  serve,
  setUpAuditTrailTests,
  signedInAs,
} from './audit-trail-page-kit';

// A signed-in browser has an ID token (Amplify's session); one without the session has none.
// Without this, the screen's call would find the agent session but no token, and end it.
vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

setUpAuditTrailTests();

describe('the audit trail screen', () => {
  it('verifies the chain: intact with the number of records', async () => {
    const user = userEvent.setup();
    const calls = serve(
      () => page([record(1)]),
      () =>
        success({
          intact: true,
          records: 42,
          brokenAt: null,
          reason: null,
          checkedAt: '2025-01-15T11:00:00.000Z',
        }),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(
      await screen.findByText('The chain is intact: 42 records checked.', { exact: false }),
    ).toHaveTextContent('(checked 15-Jan-2025 11:00:00 UTC)');
    expect(calls.find((c) => c.path === 'verify-audit-chain')?.body).toEqual({});
  });

  it('verifies the chain: broken at a record, with the reason', async () => {
    const user = userEvent.setup();
    serve(
      () => page([record(1)]),
      () =>
        success({
          intact: false,
          records: 6,
          brokenAt: 7,
          reason: 'record 7 was altered (its hash does not match its content)',
          checkedAt: '2025-01-15T11:00:00.000Z',
        }),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    const verdict = (await screen.findByText('The chain is broken at record 7.')).closest('.alert');
    expect(verdict).toHaveTextContent('record 7 was altered (its hash does not match its content)');
  });

  it.each([
    ['an Auditor of every organisation', { role: 'Auditor', organisationId: null }],
    ['a PlatformAdmin', { role: 'PlatformAdmin', organisationId: null }],
  ] as const)('offers %s to verify the chain', async (_who, profile) => {
    signedInAs(profile);
    serve(() => page([record(1)]));
    renderPage();
    await screen.findByText('user1@example.com');
    expect(screen.getByRole('button', { name: 'Verify chain' })).toBeEnabled();
    expect(screen.queryByText(/You see the records about your own organisation only/)).toBeNull();
  });

  it.each([
    ['an OrgAdmin', { role: 'OrgAdmin', organisationId: 'site-001' }],
    ['an Auditor of one organisation', { role: 'Auditor', organisationId: 'site-001' }],
  ] as const)(
    'does not offer %s to verify the whole chain, and says why (issue 12)',
    async (_who, profile) => {
      signedInAs(profile);
      const calls = serve(() => page([record(1)]));
      renderPage();
      await screen.findByText('user1@example.com');
      expect(screen.queryByRole('button', { name: 'Verify chain' })).toBeNull();
      expect(
        screen.getByText(
          'You see the records about your own organisation only. Verifying the whole chain is for accounts that read every organisation.',
        ),
      ).toBeInTheDocument();
      // The trail itself and its export are still theirs (scoped by the server).
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
      expect(calls.map((c) => c.path)).toEqual(['list-audit-records']);
    },
  );

  it('shows the server’s own reason when it refuses to verify the chain anyway', async () => {
    const user = userEvent.setup();
    serve(
      () => page([record(1)]),
      () =>
        failure(
          403,
          'FORBIDDEN',
          'Only an account that reads every organisation can verify the whole chain.',
        ),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(
      await screen.findByText(
        'Only an account that reads every organisation can verify the whole chain.',
      ),
    ).toBeInTheDocument();
  });

  it('says the chain could not be verified when the server is not reached', async () => {
    const user = userEvent.setup();
    serve(
      () => page([record(1)]),
      () => 'network-error',
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(
      await screen.findByText('The chain could not be verified. Please try again.'),
    ).toBeInTheDocument();
  });
});
