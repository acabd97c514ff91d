import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import {
  connection,
  organisation,
  orgSystem,
  registryPage,
  study,
} from '../../../testing/registry-fixtures';
import { type Answers, bodiesOf, serve, signedInAs } from '../../../testing/registry-kit';
import {
  ACTIVE,
  base,
  INVITED,
  openRow,
  renderPage,
  setUpConnectionListTests,
  SITE,
  SPONSOR,
} from './connection-list-page-kit';

setUpConnectionListTests();

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

  it('says the missing system only once sent; Back starts the step afresh, with nothing said', async () => {
    const u = userEvent.setup();
    const calls = serve({
      ...base(),
      getOrgSysList: registryPage('systems', [orgSystem('sys-eisf', SITE, { name: 'Site eISF' })]),
      'decline-connection': failure(409, 'CONFLICT', 'Only an invitation can be declined.'),
    });
    renderPage();
    const dialog = await openRow(u, /Open the connection of PROT-1/);
    await u.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const select = await within(dialog).findByLabelText('Site system');
    expect(select).not.toHaveAttribute('aria-invalid');
    await u.click(within(dialog).getByRole('button', { name: 'Accept the invitation' }));
    expect(select).toHaveAccessibleDescription('This field is required.');
    expect(select).not.toHaveFocus();
    await u.click(within(dialog).getByRole('button', { name: 'Back' }));
    await u.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await u.type(within(dialog).getByLabelText(/Reason/), 'Not our study');
    await u.click(within(dialog).getByRole('button', { name: /^Decline the/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an invitation can be declined.',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByLabelText('Site system')).not.toHaveAttribute('aria-invalid');
    expect(bodiesOf(calls, 'accept-connection')).toEqual([]);
    expect(bodiesOf(calls, 'decline-connection')).toEqual([
      { connectionId: 'conn-1', revision: 2, reason: 'Not our study' },
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
