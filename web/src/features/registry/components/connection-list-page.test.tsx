import type { Connection } from '@ccsc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import {
  connection,
  organisation,
  orgSystem,
  registryPage,
  study,
} from '../../../testing/registry-fixtures';
import {
  type Answers,
  bodiesOf,
  renderScreen,
  serve,
  signedInAs,
} from '../../../testing/registry-kit';
import { ConnectionListPage } from './connection-list-page';

const SITE = organisation('site-1', 'Klinikum Eins');
const SPONSOR = organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor' });
const INVITED = connection('conn-1', { revision: 2 });
const ACTIVE = connection('conn-2', {
  protocolNumber: 'PROT-2',
  studyId: 'study-2',
  siteNumber: '202',
  status: 'active',
  siteSystemId: 'sys-eisf',
  siteSystemName: 'Site eISF',
  updatedBy: 'site-admin@example.com',
  updatedAt: '2025-03-01T09:30:00.000Z',
  history: [
    {
      status: 'invited',
      at: '2025-02-03T10:00:00.000Z',
      by: 'sponsor-admin@example.com',
      side: 'sponsor',
      reason: null,
    },
    {
      status: 'active',
      at: '2025-03-01T09:30:00.000Z',
      by: 'site-admin@example.com',
      side: 'site',
      reason: null,
    },
  ],
});

const base = (connections: Connection[] = [INVITED, ACTIVE]): Answers => ({
  'list-connections': (body) => {
    if (body.status === 'invited') {
      return registryPage(
        'connections',
        connections.filter((c) => c.status === 'invited'),
      );
    }
    return registryPage('connections', connections, { total: 12 });
  },
  'get-organisation': (body) =>
    success({
      organisation: body.organisationId === 'site-1' ? SITE : SPONSOR,
      systems: [],
      studies: [],
      connections: [],
      connectionTotal: 0,
    }),
});

const listBodies = (calls: Parameters<typeof bodiesOf>[0]) =>
  bodiesOf(calls, 'list-connections').filter((b) => (b as { limit?: number }).limit === 25);

const renderPage = (path = '/admin/connections') => renderScreen(<ConnectionListPage />, path);

const openRow = async (u: ReturnType<typeof userEvent.setup>, name: RegExp) => {
  await u.click(await screen.findByRole('button', { name }));
  return screen.findByTestId('connection-dialog');
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

describe('answering and changing a connection', () => {
  it('the site accepts with one of its active systems (none chosen: nothing sent)', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const eisf = orgSystem('sys-eisf', SITE, { name: 'Site eISF', kind: 'eisf' });
    const calls = serve({
      ...base(),
      getOrgSysList: registryPage('systems', [eisf]),
      'accept-connection': success({
        connection: { ...INVITED, status: 'active', siteSystemId: 'sys-eisf' },
      }),
    });
    renderPage();
    const pending = await screen.findByTestId('pending-invitations');
    await u.click(within(pending).getByRole('button', { name: 'Accept the invitation to PROT-1' }));
    const dialog = await screen.findByTestId('connection-dialog');
    const form = within(dialog).getByRole('form', { name: 'Accept' });
    const select = await within(form).findByLabelText('Site system');
    expect(bodiesOf(calls, 'getOrgSysList')).toEqual([
      { organisationId: 'site-1', status: 'active', limit: '100' },
    ]);
    await u.click(within(form).getByRole('button', { name: 'Accept the invitation' }));
    expect(select).toHaveAccessibleDescription('This field is required.');
    expect(bodiesOf(calls, 'accept-connection')).toEqual([]);
    await u.selectOptions(select, 'sys-eisf');
    expect(
      within(select).getByRole('option', { name: 'Site eISF (eISF / eRegulatory, Production)' }),
    ).toBeInTheDocument();
    await u.click(within(form).getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'The connection of PROT-1 at Klinikum Eins is active.',
    );
    expect(screen.queryByTestId('connection-dialog')).toBeNull();
    expect(bodiesOf(calls, 'accept-connection')).toEqual([
      { connectionId: 'conn-1', revision: 2, siteSystemId: 'sys-eisf' },
    ]);
  });

  it('says when the site has no active system to accept with', async () => {
    const u = userEvent.setup();
    serve({ ...base(), getOrgSysList: registryPage('systems', []) });
    renderPage();
    const dialog = await openRow(u, /Open the connection of PROT-1/);
    await u.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The site has no active system to exchange with.',
    );
    expect(within(dialog).getByRole('link', { name: "Go to the site's page" })).toHaveAttribute(
      'href',
      '/admin/organisations/site-1',
    );
  });

  it('ends a connection only after saying it is final, with the reason', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const calls = serve({
      ...base(),
      'end-connection': success({ connection: { ...ACTIVE, status: 'ended' } }),
    });
    renderPage();
    const dialog = await openRow(u, /Open the connection of PROT-2/);
    await u.click(within(dialog).getByRole('button', { name: 'End' }));
    const form = within(dialog).getByRole('form', { name: 'End' });
    expect(within(form).getByRole('note')).toHaveTextContent('Ending is final');
    await u.type(within(form).getByLabelText(/Reason/), '  Study site closed  ');
    await u.click(within(form).getByRole('button', { name: 'End the connection for good' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'The connection of PROT-2 at Klinikum Eins has ended.',
    );
    expect(bodiesOf(calls, 'end-connection')).toEqual([
      { connectionId: 'conn-2', revision: 1, reason: 'Study site closed' },
    ]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    const u = userEvent.setup();
    serve({
      ...base(),
      'suspend-connection': failure(409, 'CONFLICT', 'Only an active connection can be suspended.'),
    });
    renderPage();
    const dialog = await openRow(u, /Open the connection of PROT-2/);
    await u.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await u.click(within(dialog).getByRole('button', { name: 'Suspend the connection' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an active connection can be suspended.',
    );
  });

  it('says when someone changed the connection meanwhile, and reloads', async () => {
    const u = userEvent.setup();
    let changed = false;
    const calls = serve({
      ...base(),
      'list-connections': (body) => {
        if (body.studyId === 'study-2') {
          return registryPage('connections', [{ ...ACTIVE, status: 'suspended', revision: 2 }]);
        }
        return registryPage('connections', changed ? [INVITED] : [INVITED, ACTIVE]);
      },
      'suspend-connection': () => {
        changed = true;
        return failure(409, 'CONFLICT', 'The connection was changed meanwhile.');
      },
    });
    renderPage();
    const dialog = await openRow(u, /Open the connection of PROT-2/);
    await u.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await u.click(within(dialog).getByRole('button', { name: 'Suspend the connection' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'Someone else changed this meanwhile.',
    );
    expect(screen.queryByTestId('connection-dialog')).toBeNull();
    expect(bodiesOf(calls, 'list-connections')).toContainEqual({
      studyId: 'study-2',
      organisationId: 'site-1',
      limit: 100,
    });
  });
});

describe('inviting a site', () => {
  const PLANNED = study('study-1', SPONSOR, { protocolNumber: 'PZ-001', status: 'planned' });
  const CLOSED = study('study-9', SPONSOR, { protocolNumber: 'PZ-009', status: 'closed' });
  const OTHER = study('study-5', organisation('sponsor-2', 'Andere AG', { kind: 'sponsor' }), {
    protocolNumber: 'AA-005',
  });
  const inviteAnswers = (): Answers => ({
    ...base(),
    'list-studies': registryPage('studies', [PLANNED, CLOSED, OTHER]),
    getOrgSysList: registryPage('systems', [
      orgSystem('sys-sponsor', SPONSOR, { name: 'Sponsor eTMF', kind: 'etmf' }),
    ]),
    'search-site-directory': (body) =>
      registryPage(
        'sites',
        body.search === 'hastane'
          ? [
              {
                organisationId: 'site-7',
                name: 'Hastane Yedi',
                country: 'TR',
                identifiers: [{ label: 'Network', value: 'TR-7' }],
              },
            ]
          : [{ organisationId: 'site-1', name: 'Klinikum Eins', country: 'DE', identifiers: [] }],
      ),
  });

  it('checks every field with the server’s rules, then invites', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    const calls = serve({
      ...inviteAnswers(),
      'invite-site': success({
        connection: connection('conn-9', { siteName: 'Hastane Yedi', protocolNumber: 'PZ-001' }),
      }),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Invite a site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a site to a study' });
    const studySelect = within(dialog).getByLabelText('Study');
    await within(studySelect).findByRole('option', { name: /PZ-001/ });
    // Only the caller's studies that still take invitations.
    expect(
      within(studySelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'PZ-001 — Study study-1 (Pharma Zwei)']);
    expect(bodiesOf(calls, 'list-studies')).toEqual([{ limit: 100, organisationId: 'sponsor-1' }]);

    await u.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    for (const label of [
      'Study',
      'Site number',
      'Country',
      'Principal investigator',
      'Sponsor-side system',
    ]) {
      expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(
        /This field is required\./,
      );
    }
    expect(
      within(dialog).getByText('This field is required.', { selector: '#invite-site-problem' }),
    ).toBeInTheDocument();

    await u.selectOptions(studySelect, 'study-1');
    const system = within(dialog).getByLabelText('Sponsor-side system');
    await within(system).findByRole('option', { name: /Sponsor eTMF/ });
    expect(bodiesOf(calls, 'getOrgSysList')).toEqual([
      { organisationId: 'sponsor-1', status: 'active', limit: '100' },
    ]);
    await u.selectOptions(system, 'sys-sponsor');

    await u.type(
      within(dialog).getByLabelText(
        'Search the site directory by name, identifier or country code',
      ),
      'hastane',
    );
    const sites = within(dialog).getByTestId('site-directory');
    await u.click(await within(sites).findByRole('radio', { name: /Hastane Yedi/ }));
    expect(within(dialog).getByLabelText('Country')).toHaveValue('TR');
    expect(bodiesOf(calls, 'search-site-directory').at(-1)).toEqual({
      limit: 20,
      search: 'hastane',
    });

    await u.type(within(dialog).getByLabelText('Site number'), '7 01');
    expect(within(dialog).getByLabelText('Site number')).toHaveAccessibleDescription(
      'Use letters, digits and . _ - only.',
    );
    await u.clear(within(dialog).getByLabelText('Site number'));
    await u.type(within(dialog).getByLabelText('Site number'), '701');
    await u.type(within(dialog).getByLabelText('Principal investigator'), 'Dr Ayşe Yılmaz');
    await u.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'Hastane Yedi is invited to PZ-001.',
    );
    expect(bodiesOf(calls, 'invite-site')).toEqual([
      {
        studyId: 'study-1',
        siteOrganisationId: 'site-7',
        siteNumber: '701',
        country: 'TR',
        principalInvestigator: 'Dr Ayşe Yılmaz',
        sponsorSystemId: 'sys-sponsor',
      },
    ]);
  });

  it('shows the server’s 409 when the site is already invited', async () => {
    const u = userEvent.setup();
    serve({
      ...inviteAnswers(),
      'invite-site': failure(
        409,
        'CONFLICT',
        'Klinikum Eins already has an open connection to PZ-001.',
      ),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Invite a site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a site to a study' });
    const studySelect = within(dialog).getByLabelText('Study');
    await within(studySelect).findByRole('option', { name: /PZ-001/ });
    // A PlatformAdmin sees every sponsor's studies.
    expect(within(studySelect).getByRole('option', { name: /AA-005/ })).toBeInTheDocument();
    await u.selectOptions(studySelect, 'study-1');
    const system = within(dialog).getByLabelText('Sponsor-side system');
    await within(system).findByRole('option', { name: /Sponsor eTMF/ });
    await u.selectOptions(system, 'sys-sponsor');
    await u.click(await within(dialog).findByRole('radio', { name: /Klinikum Eins/ }));
    await u.type(within(dialog).getByLabelText('Site number'), '101');
    await u.type(within(dialog).getByLabelText('Principal investigator'), 'Dr Ada Lovelace');
    await u.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Klinikum Eins already has an open connection to PZ-001.',
    );
  });
});
