import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAgentSession } from '../../../lib/session';
import { failure, fakeApi, success } from '../../../testing/fake-api';
import { renderAt } from '../../../testing/render-app';
import { page, record, renderPage, serve, setUpAuditTrailTests } from './audit-trail-page-kit';

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
    // The role, the action and the target's kind in words; the action's stable code beside it.
    expect(newest).toHaveTextContent('admin@example.comPlatform administrator');
    expect(newest).toHaveTextContent('User disableduser.disabled');
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
