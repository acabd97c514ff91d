import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { success } from '../../../testing/fake-api';
import { activity, change, recentChanges, security } from '../testing/dashboard-fixtures';
import {
  callsTo,
  findBlock,
  hrefOfLink,
  renderPage,
  serve,
  setUpDashboardTests,
} from './dashboard-page-kit';

vi.mock('../../../lib/auth-token', async () => {
  const { hasAgentSession } = await import('../../../lib/session');
  return {
    getIdToken: () => Promise.resolve(hasAgentSession() ? 'header.payload.signature' : null),
  };
});

setUpDashboardTests();

describe('security', () => {
  it('links each event of the last 24 hours and 7 days to the audit trail', async () => {
    const answer = security({ chain: null });
    serve({ 'dashboard/security': () => success(answer) });
    renderPage();
    const region = await findBlock('Security', 'Failed sign-ins');
    const from = encodeURIComponent(answer.since.day);
    expect(hrefOfLink(region, '3 Failed sign-ins, Last 24 hours')).toBe(
      `/admin/audit-trail?view=failed-sign-ins&from=${from}`,
    );
    expect(hrefOfLink(region, '12 Failed sign-ins, Last 7 days')).toBe(
      `/admin/audit-trail?view=failed-sign-ins&from=${encodeURIComponent(answer.since.week)}`,
    );
    expect(hrefOfLink(region, '1 Accounts locked, Last 24 hours')).toContain('view=lockouts');
    expect(hrefOfLink(region, '4 Authenticator app resets, Last 7 days')).toContain(
      'view=mfa-resets',
    );
    expect(hrefOfLink(region, '1 API credentials revoked, Last 7 days')).toContain(
      'view=credential-revocations',
    );
    expect(
      within(region).getByText(/^since \d{1,2}:\d{2}( [AP]M)? yesterday$/),
    ).toBeInTheDocument();
    // Without the chain (a scoped caller), nothing of it is shown.
    expect(within(region).queryByText('Audit chain')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Verify now' })).toBeNull();
  });

  it('shows the last verification of the chain: intact, by the scheduled check', async () => {
    serve({ 'dashboard/security': () => success(security()) });
    renderPage();
    const region = await findBlock('Security', 'Audit chain');
    const chain = within(region).getByTestId('audit-chain');
    expect(chain).toHaveTextContent('Intact');
    expect(chain).toHaveTextContent(/Last verified .*: all 1,234 records intact\./);
    expect(chain).toHaveTextContent('By the scheduled check.');
  });

  it('shows a broken chain: where, why and by whom', async () => {
    const answer = security();
    serve({
      'dashboard/security': () =>
        success({
          ...answer,
          chain: {
            last: {
              checkedAt: '2025-02-03T22:00:00.000Z',
              intact: false,
              records: 50,
              brokenAt: 7,
              reason: 'Record 7 does not match its hash.',
              by: { sub: 'sub-a', email: 'auditor@example.com' },
              source: 'console',
            },
          },
        }),
    });
    renderPage();
    const region = await findBlock('Security', 'Audit chain');
    const chain = within(region).getByTestId('audit-chain');
    expect(chain).toHaveTextContent('Broken');
    expect(chain).toHaveTextContent(
      /broken at record 7 of 50\. Record 7 does not match its hash\./,
    );
    expect(chain).toHaveTextContent('By auditor@example.com.');
  });

  it('says the chain was never verified, and Verify now verifies it and loads the block again', async () => {
    let answered = 0;
    const calls = serve({
      'dashboard/security': () => {
        answered += 1;
        return success(
          answered === 1
            ? security({ chain: { last: null } })
            : security({
                chain: {
                  last: {
                    checkedAt: '2025-02-04T09:20:00.000Z',
                    intact: true,
                    records: 12,
                    brokenAt: null,
                    reason: null,
                    by: { sub: 'sub-me', email: 'me@example.com' },
                    source: 'console',
                  },
                },
              }),
        );
      },
      'verify-audit-chain': () =>
        success({
          intact: true,
          records: 12,
          brokenAt: null,
          reason: null,
          checkedAt: '2025-02-04T09:20:00.000Z',
        }),
    });
    renderPage();
    const region = await findBlock('Security', 'Never verified.');
    await userEvent.click(within(region).getByRole('button', { name: 'Verify now' }));
    expect(
      await within(region).findByText('The audit chain is intact: 12 records checked.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'verify-audit-chain')).toHaveLength(1);
    expect(await within(region).findByText('By me@example.com.')).toBeInTheDocument();
    expect(callsTo(calls, 'dashboard/security')).toHaveLength(2);
    expect(within(region).queryByText('Never verified.')).toBeNull();
  });

  it('shows that the verification is under way, the focus staying on its button', async () => {
    const calls = serve({
      'dashboard/security': () => success(security({ chain: { last: null } })),
      'verify-audit-chain': () => 'no-answer',
    });
    renderPage();
    const region = await findBlock('Security', 'Never verified.');
    await userEvent.click(within(region).getByRole('button', { name: 'Verify now' }));
    const button = within(region).getByRole('button', { name: 'Verifying the whole chain…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    expect(calls.filter((c) => c.path === 'verify-audit-chain')).toHaveLength(1);
  });
});

describe('activity', () => {
  it('links the totals, delivery and connections, and says the delivery times', async () => {
    serve();
    renderPage();
    const region = await findBlock('Activity', 'Connections by state');
    expect(hrefOfLink(region, '30 Site → sponsor')).toBe(
      '/admin/documents?sentFrom=2025-01-06&sentTo=2025-02-04&direction=site-to-sponsor',
    );
    expect(hrefOfLink(region, '30 Sponsor → site')).toBe(
      '/admin/documents?sentFrom=2025-01-06&sentTo=2025-02-04&direction=sponsor-to-site',
    );
    expect(hrefOfLink(region, '60 Delivered')).toBe(
      '/admin/documents?sentFrom=2025-01-06&sentTo=2025-02-04&delivered=true',
    );
    expect(hrefOfLink(region, '1 Active')).toBe('/admin/connections?status=active');
    expect(hrefOfLink(region, '0 Invited')).toBe('/admin/connections?status=invited');
    const percentiles = within(region).getByTestId('delivery-percentiles');
    expect(percentiles).toHaveTextContent('Half of the documents:at most 5 min');
    expect(percentiles).toHaveTextContent('90 % of the documents:at most 2 hr');
    expect(percentiles).toHaveTextContent('99 % of the documents:more than 7 days');
  });

  it('says "—" for a percentile when nothing was delivered', async () => {
    const answer = activity();
    serve({
      'dashboard/activity': () =>
        success({
          ...answer,
          delivery: {
            ...answer.delivery,
            p50Seconds: null,
            p90Seconds: null,
            p99Seconds: null,
            beyond: [],
          },
        }),
    });
    renderPage();
    const region = await findBlock('Activity', 'Connections by state');
    expect(within(region).getByTestId('delivery-percentiles')).toHaveTextContent(
      'Half of the documents:—90 % of the documents:—99 % of the documents:—',
    );
  });

  it('draws the chart as an image with a text alternative, and a table of its numbers with links', async () => {
    serve();
    renderPage();
    const region = await findBlock('Activity', 'Connections by state');
    const chart = await within(region).findByRole('img', {
      name: /Bar chart of the documents sent/,
    });
    expect(chart).toHaveAccessibleName(
      'Bar chart of the documents sent on each of the last 30 days, by direction: 30 from sites to sponsors and 30 from sponsors to sites in all. The table that follows lists each day.',
    );
    // Days with documents have bars; a click opens that day's list.
    expect(chart.querySelectorAll('rect')).not.toHaveLength(0);
    const table = within(within(region).getByTestId('activity-table')).getByRole('table', {
      name: 'Documents sent per day, by direction',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    const feb4 = rows[30];
    if (feb4 === undefined) throw new Error('no row');
    expect(within(feb4).getByRole('rowheader')).toHaveTextContent('Feb 4');
    expect(hrefOfLink(feb4, '2 Site → sponsor, Feb 4')).toBe(
      '/admin/documents?sentFrom=2025-02-04&sentTo=2025-02-04&direction=site-to-sponsor',
    );
    expect(hrefOfLink(feb4, '2 Sponsor → site, Feb 4')).toBe(
      '/admin/documents?sentFrom=2025-02-04&sentTo=2025-02-04&direction=sponsor-to-site',
    );
  });

  it('opens a day’s list from its bar', async () => {
    serve({ 'dashboard/activity': () => success(activity((i) => (i === 29 ? 3 : 0))) });
    renderPage();
    const region = await findBlock('Activity', 'Connections by state');
    const chart = await within(region).findByRole('img', { name: /Bar chart/ });
    const bar = chart.querySelector('rect');
    if (bar === null) throw new Error('no bar');
    await userEvent.click(bar);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/documents?sentFrom=2025-02-04&sentTo=2025-02-04&direction=site-to-sponsor',
    );
  });

  it('says that no documents have been exchanged yet, without a chart', async () => {
    serve({ 'dashboard/activity': () => success(activity(() => 0)) });
    renderPage();
    const region = await findBlock('Activity', 'Connections by state');
    expect(within(region).getByTestId('activity-empty')).toHaveTextContent(
      'No documents have been exchanged yet — connections start exchanging once both sides have a published mapping standard.',
    );
    expect(within(region).queryByRole('img')).toBeNull();
    expect(hrefOfLink(region, '1 Active')).toBe('/admin/connections?status=active');
  });
});

describe('recent changes', () => {
  it('lists the changes, each target linked to the audit trail filtered by it', async () => {
    serve({
      'dashboard/recent-changes': () =>
        success(
          recentChanges([
            change(3, { actor: null, target: null }),
            change(2),
            change(1, { target: { type: 'registry', id: 'org:with spaces' } }),
          ]),
        ),
    });
    renderPage();
    const region = await findBlock('Recent changes', 'user2@example.com');
    const rows = within(region).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const [, system, second, third] = rows;
    if (system === undefined || second === undefined || third === undefined) throw new Error();
    expect(system).toHaveTextContent('System');
    expect(within(second).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(second).getByText('user.disabled')).toBeInTheDocument();
    expect(hrefOfLink(second, 'user2@example.com')).toBe('/admin/audit-trail?target=sub-2');
    // An id the trail's filter does not take is shown without a link.
    expect(within(third).getByText('org:with spaces')).toBeInTheDocument();
    expect(within(third).queryByRole('link')).toBeNull();
    expect(hrefOfLink(region, 'All changes of the last 30 days')).toBe(
      '/admin/audit-trail?view=changes&from=2025-01-04T09%3A00%3A00.000Z',
    );
  });

  it('says when no administrative change is recorded yet', async () => {
    serve({ 'dashboard/recent-changes': () => success(recentChanges([])) });
    renderPage();
    const region = await findBlock(
      'Recent changes',
      'No administrative change has been recorded yet.',
    );
    expect(hrefOfLink(region, 'All changes of the last 30 days')).toBe(
      '/admin/audit-trail?view=changes&from=2025-01-04T09%3A00%3A00.000Z',
    );
  });
});
