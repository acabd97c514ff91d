import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { success } from '../../../testing/fake-api';
import { registryPage } from '../../../testing/registry-fixtures';
import { bodiesOf, serve, signedInAs } from '../../../testing/registry-kit';
import {
  ACTIVE,
  base,
  INVITED,
  listBodies,
  openRow,
  renderPage,
  setUpConnectionListTests,
} from './connection-list-page-kit';

setUpConnectionListTests();

describe('the connection list', () => {
  it('shows each connection: study, sponsor, site and number, country, investigator, systems, status, last change', async () => {
    serve(base());
    renderPage();
    const row = await screen.findByTestId('connection-row-PROT-2-202');
    for (const text of [
      'PROT-2',
      'Study one',
      'Pharma Zwei',
      'Klinikum Eins',
      'Site 202',
      'Germany',
      'Dr Ada Lovelace',
      'Sponsor eTMF ⇄ Site eISF',
      'Active',
      'site-admin@example.com, 01-Mar-2025',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(screen.getByTestId('connection-row-PROT-1-101')).getByText(
        'Sponsor eTMF ⇄ not chosen yet',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 12')).toBeInTheDocument();
  });

  it('takes its first filters from the link, sends the status, country and search, and can show every connection', async () => {
    const u = userEvent.setup();
    const calls = serve(base());
    renderPage('/admin/connections?organisationId=sponsor-1&status=active');
    await screen.findByTestId('connection-row-PROT-2-202');
    expect(listBodies(calls)).toEqual([
      { organisationId: 'sponsor-1', status: 'active', limit: 25 },
    ]);
    expect(screen.getByTestId('connections-scope')).toHaveTextContent('Filtered by organisation.');
    await u.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await u.selectOptions(screen.getByLabelText('Country'), 'FR');
    await u.type(screen.getByLabelText('Search'), 'PROT');
    await waitFor(() => {
      expect(listBodies(calls).at(-1)).toEqual({
        organisationId: 'sponsor-1',
        status: 'suspended',
        country: 'FR',
        search: 'PROT',
        limit: 25,
      });
    });
    await u.click(screen.getByRole('button', { name: 'Show every connection' }));
    await waitFor(() => {
      expect(listBodies(calls).at(-1)).toEqual({
        status: 'suspended',
        country: 'FR',
        search: 'PROT',
        limit: 25,
      });
    });
    expect(screen.queryByTestId('connections-scope')).toBeNull();
  });

  it('opens the invitations from a link with the total, keeps the filters in the address, ignores what the contract refuses', async () => {
    const u = userEvent.setup();
    const calls = serve({
      ...base(),
      'list-connections': (body) =>
        registryPage('connections', body.status === 'invited' ? [INVITED] : [INVITED, ACTIVE], {
          total: body.status === 'invited' ? 4 : 12,
        }),
    });
    const first = renderPage('/admin/connections?status=invited');
    await screen.findByTestId('connection-row-PROT-1-101');
    expect(listBodies(calls)).toEqual([{ status: 'invited', limit: 25 }]);
    expect(screen.getByLabelText('Status')).toHaveValue('invited');
    expect(screen.getByText('Showing 1 of 4')).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => {
      expect(listBodies(calls).at(-1)).toEqual({ status: 'active', limit: 25 });
    });
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/admin\/connections\?status=active$/,
    );
    first.unmount();

    const refused = serve(base());
    renderPage('/admin/connections?status=pending&organisationId=a%20b&country=Germany');
    await screen.findByTestId('connection-row-PROT-1-101');
    expect(listBodies(refused)).toEqual([{ limit: 25 }]);
    expect(screen.queryByTestId('connections-scope')).toBeNull();
  });

  it('opens a connection with its whole history: who, for which side, when, why', async () => {
    const u = userEvent.setup();
    serve(base());
    renderPage();
    const dialog = await openRow(u, /Open the connection of PROT-2/);
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(
      'PROT-2 at Klinikum Eins (site 202)',
    );
    const history = within(dialog).getByTestId('connection-history');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('site-admin@example.com');
    expect(rows[1]).toHaveTextContent('Site side');
    expect(rows[0]).toHaveTextContent('Sponsor side');
  });

  it('exports the filtered list', async () => {
    const u = userEvent.setup();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = serve({
      ...base(),
      'export-connections': success({
        url: 'https://x.example/c.csv',
        fileName: 'connections.csv',
        rows: 2,
        expiresAt: '2025-01-15T10:05:00.000Z',
      }),
    });
    renderPage('/admin/connections?studyId=study-2');
    await screen.findByTestId('connection-row-PROT-2-202');
    await u.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('link', { name: 'Download connections.csv' })).toBeVisible();
    expect(bodiesOf(calls, 'export-connections')).toEqual([{ studyId: 'study-2' }]);
  });
});

describe('what each role may do', () => {
  it('a PlatformAdmin: invite; on an invitation accept, decline or end; on an active one suspend or end', async () => {
    const u = userEvent.setup();
    serve(base());
    renderPage();
    expect(await screen.findByRole('button', { name: 'Invite a site' })).toBeInTheDocument();
    let dialog = await openRow(u, /Open the connection of PROT-1/);
    let actions = within(dialog).getByRole('group', { name: 'What you can do' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Decline', 'End']);
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openRow(u, /Open the connection of PROT-2/);
    actions = within(dialog).getByRole('group', { name: 'What you can do' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Suspend', 'End']);
  });

  it('a sponsor’s OrgAdmin: invite, never accept; an Auditor: nothing', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    serve(base());
    const { unmount } = renderPage();
    expect(await screen.findByRole('button', { name: 'Invite a site' })).toBeInTheDocument();
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    const dialog = await openRow(u, /Open the connection of PROT-1/);
    const actions = within(dialog).getByRole('group', { name: 'What you can do' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['End']);
    unmount();

    signedInAs({ role: 'Auditor', organisationId: 'site-1' });
    serve(base());
    renderPage();
    await screen.findByTestId('connection-row-PROT-1-101');
    expect(screen.queryByRole('button', { name: 'Invite a site' })).toBeNull();
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    const read = await openRow(u, /Open the connection of PROT-1/);
    expect(within(read).queryByRole('group', { name: 'What you can do' })).toBeNull();
  });

  it('a site’s OrgAdmin: no invite, the pending invitations on top', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve(base());
    renderPage();
    const pending = await screen.findByTestId('pending-invitations');
    expect(pending).toHaveTextContent('Invitations waiting for your answer (1)');
    expect(within(pending).getByTestId('pending-invitation-PROT-1-101')).toHaveTextContent(
      'Pharma Zwei · site 101 · investigator Dr Ada Lovelace',
    );
    expect(screen.queryByRole('button', { name: 'Invite a site' })).toBeNull();
    expect(bodiesOf(calls, 'list-connections')).toContainEqual({
      organisationId: 'site-1',
      status: 'invited',
      limit: 100,
    });
  });
});
