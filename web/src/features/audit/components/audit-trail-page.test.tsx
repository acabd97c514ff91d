import type { AuditRecord } from '@ccsc/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { setAgentSession, setProfile, type StoredProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { renderAt, testConfig } from '../../../testing/render-app';
import { AuditTrailPage } from './audit-trail-page';

// A signed-in browser has an ID token (Amplify's session); one without the session has none.
// Without this, the screen's call would find the agent session but no token, and end it.
vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

const record = (seq: number, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  seq,
  at: `2025-01-15T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
  action: 'user.disabled',
  outcome: 'success',
  actor: { sub: 'sub-admin', email: 'admin@example.com', role: 'PlatformAdmin' },
  target: { type: 'user', id: `sub-${String(seq)}`, label: `user${String(seq)}@example.com` },
  organisationId: 'site-001',
  source: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 test' },
  requestId: `req-${String(seq)}`,
  before: { enabled: true },
  after: { enabled: false },
  reason: null,
  hash: 'a'.repeat(64),
  prevHash: 'b'.repeat(64),
  ...overrides,
});

const page = (
  records: AuditRecord[],
  nextCursor: string | null = null,
  total: number | null = null,
) => success({ records, count: records.length, nextCursor, total });

const renderPage = () =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <QueryProvider>
        <MemoryRouter>
          <AuditTrailPage />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );

/** Answers list-audit-records with `list` and verify-audit-chain with `verify`. */
const serve = (
  list: (body: Record<string, unknown>) => ApiAnswer,
  verify: () => ApiAnswer = () => failure(500, 'INTERNAL', 'unexpected'),
) =>
  fakeApi((path, body) =>
    path === 'list-audit-records' ? list(body as Record<string, unknown>) : verify(),
  );

const signedInAs = (profile: Pick<StoredProfile, 'role' | 'organisationId'>) => {
  setProfile({ givenName: null, familyName: null, email: 'me@example.com', ...profile });
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({ role: 'PlatformAdmin', organisationId: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the audit trail screen', () => {
  it('lists the newest records: time, actor and role, action, target, outcome, source IP', async () => {
    const calls = serve(() =>
      page([
        record(2),
        record(1, {
          outcome: 'failure',
          actor: null,
          target: null,
          source: { ip: '198.51.100.1', userAgent: null },
        }),
      ]),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit records, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [, newest, oldest] = rows;
    expect(newest).toHaveTextContent('15-Jan-2025 10:00:02 UTC');
    expect(newest).toHaveTextContent('admin@example.comPlatformAdmin');
    expect(newest).toHaveTextContent('user.disabled');
    expect(newest).toHaveTextContent('user2@example.com');
    expect(newest).toHaveTextContent('Success');
    expect(newest).toHaveTextContent('203.0.113.7');
    expect(oldest).toHaveTextContent('System (automatic)');
    expect(oldest).toHaveTextContent('Failure');
    expect(oldest).toHaveTextContent('198.51.100.1');
    expect(calls).toEqual([expect.objectContaining({ path: 'list-audit-records' })]);
    expect(calls[0]?.body).toEqual({ limit: 25 });
    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages of the audit trail' })).toBeNull();
  });

  it('opens a row to its before and after values, reason and request id', async () => {
    const user = userEvent.setup();
    serve(() =>
      page([
        record(5, {
          reason: 'left the company',
          before: { role: 'OrgAdmin', organisationId: 'site-001' },
          after: { role: 'Auditor' },
        }),
      ]),
    );
    renderPage();
    const toggle = await screen.findByRole('button', { name: 'Show details of record 5' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('table', { name: 'Changed values' });
    const [, role, organisation] = within(changes).getAllByRole('row');
    expect(role).toHaveTextContent('roleOrgAdminAuditor');
    expect(organisation).toHaveTextContent('organisationIdsite-001—');
    expect(screen.getByText('left the company')).toBeInTheDocument();
    expect(screen.getByText('req-5')).toBeInTheDocument();
    expect(screen.getByText('Mozilla/5.0 test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide details of record 5' }));
    expect(screen.queryByRole('table', { name: 'Changed values' })).toBeNull();
  });

  it('sends the filters as the contract wants them and starts again from the newest page', async () => {
    const user = userEvent.setup();
    const calls = serve(() => page([record(1)]));
    renderPage();
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    await user.type(screen.getByLabelText('Actor'), 'ada@');
    await user.type(screen.getByLabelText('Target'), 'sub-9');
    await user.type(screen.getByLabelText('Action'), 'user.');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'failure');
    await user.type(screen.getByLabelText('From (day)'), '2025-01-01');
    await user.type(screen.getByLabelText('To (day)'), '2025-01-31');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls[1]?.body).toEqual({
      actor: 'ada@',
      target: 'sub-9',
      action: 'user.',
      outcome: 'failure',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-02-01T00:00:00.000Z',
      limit: 25,
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(calls).toHaveLength(3);
    });
    expect(calls[2]?.body).toEqual({ limit: 25 });
    expect(screen.getByLabelText('Actor')).toHaveValue('');
  });

  it('exports the filtered trail as CSV and offers the link', async () => {
    const user = userEvent.setup();
    const calls = fakeApi((path) =>
      path === 'export-audit-records'
        ? success({
            url: 'https://exports.example/audit.csv?sig=1',
            fileName: 'audit-trail-2025-01-15-1000.csv',
            rows: 3,
            expiresAt: '2025-01-15T10:05:00.000Z',
          })
        : page([record(1)]),
    );
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderPage();
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    await user.selectOptions(screen.getByLabelText('Outcome'), 'failure');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const link = await screen.findByRole('link', {
      name: 'Download audit-trail-2025-01-15-1000.csv',
    });
    expect(link).toHaveAttribute('href', 'https://exports.example/audit.csv?sig=1');
    expect(screen.getByText(/The CSV file with 3 rows is ready/)).toBeInTheDocument();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === 'export-audit-records')?.body).toEqual({
      outcome: 'failure',
    });
  });

  it('says why an export failed', async () => {
    const user = userEvent.setup();
    fakeApi((path) =>
      path === 'export-audit-records' ? failure(500, 'INTERNAL', 'boom') : page([record(1)]),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export failed. Please try again.',
    );
  });

  it('refuses filters the server would refuse, saying why, before sending anything', async () => {
    const user = userEvent.setup();
    const calls = serve(() => page([]));
    renderPage();
    await screen.findByText('No audit records match these filters.');
    const actor = screen.getByLabelText('Actor');
    await user.type(actor, "x' OR 1=1");
    expect(actor).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Only following characters A-Za-z0-9_@.+- are allowed.')).toBeVisible();
    await user.type(screen.getByLabelText('From (day)'), '2025-02-02');
    await user.type(screen.getByLabelText('To (day)'), '2025-02-01');
    expect(screen.getByText('"To" must not be before "From".')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
    expect(calls).toHaveLength(1);
  });

  it('pages forward with the cursor and back with the cursor stack', async () => {
    const user = userEvent.setup();
    const calls = serve((body) => {
      if (body.cursor === undefined) return page([record(9), record(8)], 'c-2');
      if (body.cursor === 'c-2') return page([record(7), record(6)], 'c-3');
      return page([record(5)]);
    });
    renderPage();
    await screen.findByText('user9@example.com');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('user7@example.com');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('user5@example.com');
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('user7@example.com');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(calls.map((c) => (c.body as { cursor?: string }).cursor)).toEqual([
      undefined,
      'c-2',
      'c-3',
      'c-2',
    ]);
  });

  it('says when nothing matched yet in the records searched, and offers to go on', async () => {
    serve(() => page([], 'c-2'));
    renderPage();
    expect(
      await screen.findByText(
        'No matching records among the records searched so far. Use Next to search older records.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    serve(() => {
      attempt += 1;
      return attempt === 1 ? 'network-error' : page([record(1)]);
    });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading.Please wait...');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The audit trail could not be loaded. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
  });

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

  it('speaks German and Turkish', async () => {
    const { changeLanguage } = await import('../../../lib/i18n');
    serve(() => page([record(1, { at: '2025-03-04T05:06:07.000Z' })]));
    await changeLanguage('de');
    try {
      renderPage();
      expect(await screen.findByRole('heading', { name: 'Prüfprotokoll' })).toBeInTheDocument();
      expect(await screen.findByText('04-Mär-2025 05:06:07 UTC')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Kette prüfen' })).toBeInTheDocument();
      await changeLanguage('tr');
      expect(await screen.findByRole('heading', { name: 'Denetim İzi' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Zinciri doğrula' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('/admin/audit-trail', () => {
  it('is a lazily loaded screen of the private area, with its entry in the menu', async () => {
    const user = userEvent.setup();
    serve(() => page([]));
    setAgentSession();
    renderAt('/admin/audit-trail');
    expect(await screen.findByRole('heading', { name: 'Audit Trail' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Audit Trail' })).toHaveClass('active');
  });
});

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
    expect(screen.getByLabelText('From (day)')).toHaveValue('2026-11-20');
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
    expect(screen.getByLabelText('From (day)')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To (day)')).toHaveValue('2026-11-02');
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
