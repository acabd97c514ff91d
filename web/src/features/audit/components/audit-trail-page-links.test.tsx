import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { testConfig } from '../../../testing/render-app';
import { AuditTrailPage } from './audit-trail-page';
import { page, record, serve, setUpAuditTrailTests } from './audit-trail-page-kit';

// A signed-in browser has an ID token (Amplify's session); one without the session has none.
// Without this, the screen's call would find the agent session but no token, and end it.
vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

setUpAuditTrailTests();

describe('the audit trail opened from a link (the dashboard’s figures)', () => {
  const Where = () => {
    const location = useLocation();
    return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
  };
  const renderFrom = (path: string) =>
    render(
      <RuntimeConfigProvider value={testConfig}>
        <QueryProvider>
          <MemoryRouter initialEntries={[path]}>
            <AuditTrailPage />
            <Where />
          </MemoryRouter>
        </QueryProvider>
      </RuntimeConfigProvider>,
    );
  const address = () => new URL(screen.getByTestId('where').textContent, 'http://localhost');
  const bodies = (calls: { path: string; body: unknown }[]) =>
    calls.filter((c) => c.path === 'list-audit-records').map((c) => c.body);
  const FROM = '2026-11-23T09:00:00.000Z';

  it('keeps a window’s start on the hour exactly, as a chip, with the view and the total', async () => {
    const user = userEvent.setup();
    const calls = serve(() => page([record(1, { action: 'session.login-failed' })], null, 4));
    renderFrom(`/admin/audit-trail?view=failed-sign-ins&from=${encodeURIComponent(FROM)}`);
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    expect(bodies(calls)).toEqual([{ view: 'failed-sign-ins', from: FROM, limit: 25 }]);
    expect(screen.getByLabelText('View')).toHaveValue('failed-sign-ins');
    // The day field cannot hold 09:00: it stays empty, the exact time is a chip.
    expect(screen.getByLabelText('From (day)')).toHaveValue('');
    expect(screen.getByTestId('chip-from')).toHaveTextContent('Since 23-Nov-2026 09:00:00 UTC');
    expect(screen.getByText('Showing 1 of 4')).toBeInTheDocument();

    // Another filter applied keeps the exact time.
    await user.selectOptions(screen.getByLabelText('Outcome'), 'failure');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      expect(bodies(calls)).toHaveLength(2);
    });
    expect(bodies(calls)[1]).toEqual({
      view: 'failed-sign-ins',
      outcome: 'failure',
      from: FROM,
      limit: 25,
    });
    expect(Object.fromEntries(address().searchParams)).toEqual({
      view: 'failed-sign-ins',
      outcome: 'failure',
      from: FROM,
    });
    expect(screen.getByTestId('chip-from')).toBeInTheDocument();

    // A day chosen replaces it.
    await user.type(screen.getByLabelText('From (day)'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      expect(bodies(calls)).toHaveLength(3);
    });
    expect(bodies(calls)[2]).toMatchObject({ from: '2026-11-20T00:00:00.000Z' });
    expect(screen.queryByTestId('chip-from')).toBeNull();
    expect(screen.getByLabelText('From (day)')).toHaveValue('20-Nov-2026');
  });

  it('removes the exact time with its chip', async () => {
    const user = userEvent.setup();
    const calls = serve(() => page([record(1)], null, 2));
    renderFrom(`/admin/audit-trail?view=lockouts&from=${encodeURIComponent(FROM)}`);
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    await user.click(
      screen.getByRole('button', { name: 'Remove the filter: Since 23-Nov-2026 09:00:00 UTC' }),
    );
    await waitFor(() => {
      expect(bodies(calls)).toHaveLength(2);
    });
    expect(bodies(calls)[1]).toEqual({ view: 'lockouts', limit: 25 });
    expect(address().search).toBe('?view=lockouts');
    expect(screen.getByLabelText('View')).toHaveValue('lockouts');
  });

  it('opens a change’s target; no total where the server counts none', async () => {
    const calls = serve(() => page([record(1)]));
    renderFrom('/admin/audit-trail?target=sub-1');
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    expect(bodies(calls)).toEqual([{ target: 'sub-1', limit: 25 }]);
    expect(screen.getByLabelText('Target')).toHaveValue('sub-1');
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('shows whole days in the day fields ("To" the day before the end)', async () => {
    const calls = serve(() => page([record(1)]));
    renderFrom(
      '/admin/audit-trail?from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-03T00%3A00%3A00.000Z',
    );
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    expect(bodies(calls)).toEqual([
      { from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z', limit: 25 },
    ]);
    expect(screen.getByLabelText('From (day)')).toHaveValue('01-Nov-2026');
    expect(screen.getByLabelText('To (day)')).toHaveValue('02-Nov-2026');
    expect(screen.queryByTestId('chip-from')).toBeNull();
    expect(screen.queryByTestId('chip-to')).toBeNull();
  });

  it('ignores what the contract refuses', async () => {
    const calls = serve(() => page([record(1)]));
    renderFrom("/admin/audit-trail?view=everything&from=yesterday&outcome=maybe&actor=x'y");
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    expect(bodies(calls)).toEqual([{ limit: 25 }]);
    expect(screen.getByLabelText('View')).toHaveValue('');
    expect(screen.getByLabelText('Actor')).toHaveValue('');
  });
});
