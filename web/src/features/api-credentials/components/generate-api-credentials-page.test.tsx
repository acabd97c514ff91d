import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { credential, credentialPage } from '../../../testing/credential-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { orgSystem, registryPage } from '../../../testing/registry-fixtures';
import { GenerateApiCredentialsPage } from './generate-api-credentials-page';
import {
  EISF,
  KLINIKUM,
  list,
  PHARMA,
  row,
  setUpCredentialListTests,
} from './generate-api-credentials-kit';

setUpCredentialListTests();

describe('the API credential list', () => {
  it('shows each credential: organisation, system, scopes, status, expiry with its warning, last use', async () => {
    serve({ 'list-api-credentials': list });
    renderScreen(<GenerateApiCredentialsPage />);
    const eisf = await row('Klinikum eISF');
    for (const text of [
      'Klinikum Eins',
      'ccsc-api/system.read',
      'ccsc-api/connections.read',
      'Expiring',
      '20-Mar-2025',
      'Expires in 19 days',
    ]) {
      expect(within(eisf).getByText(text)).toBeInTheDocument();
    }
    expect(within(eisf).getByText(/20-Feb-2025 \d\d:\d\d UTC/)).toBeInTheDocument();
    const ctms = screen.getByTestId('credential-row-Pharma CTMS');
    expect(within(ctms).getByText('Pending')).toBeInTheDocument();
    expect(within(ctms).getByText('Never')).toBeInTheDocument();
    expect(within(ctms).queryByText(/Expires in/)).toBeNull();
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
  });

  it('searches once typing pauses, filters by status and pages with the cursor', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-api-credentials': list });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    expect(bodiesOf(calls, 'list-api-credentials')).toEqual([{ limit: 25 }]);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await row('Old eTMF');
    expect(bodiesOf(calls, 'list-api-credentials').at(-1)).toEqual({ limit: 25, cursor: 'p2' });
    await u.selectOptions(screen.getByLabelText('Status'), 'pending');
    await u.type(screen.getByLabelText('Search'), 'pharma');
    await waitFor(() => {
      expect(bodiesOf(calls, 'list-api-credentials').at(-1)).toEqual({
        status: 'pending',
        search: 'pharma',
        limit: 25,
      });
    });
    expect(
      bodiesOf(calls, 'list-api-credentials').filter(
        (b) => typeof (b as { search?: string }).search === 'string',
      ),
    ).toHaveLength(1);
  });

  it('offers a PlatformAdmin every step, an OrgAdmin their own organisation’s, an Auditor none', async () => {
    serve({ 'list-api-credentials': list });
    const first = renderScreen(<GenerateApiCredentialsPage />);
    const eisf = await row('Klinikum eISF');
    expect(screen.getByRole('button', { name: 'Issue credential' })).toBeInTheDocument();
    for (const name of ['Rotate', 'Scope document', 'Revoke']) {
      expect(within(eisf).getByRole('button', { name: new RegExp(`^${name} for`) })).toBeVisible();
    }
    const ctms = screen.getByTestId('credential-row-Pharma CTMS');
    expect(
      within(ctms).getByRole('button', { name: 'Send a new link for Pharma CTMS (Pharma Zwei)' }),
    ).toBeVisible();
    first.unmount();

    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const second = renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    expect(screen.getByRole('button', { name: 'Issue credential' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('credential-row-Klinikum eISF')).getAllByRole('button'),
    ).toHaveLength(3);
    expect(
      within(screen.getByTestId('credential-row-Pharma CTMS'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Scope document']);
    second.unmount();

    signedInAs({ role: 'Auditor', organisationId: null });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    expect(screen.queryByRole('button', { name: 'Issue credential' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Revoke|Rotate|Send a new link)/ })).toBeNull();
    expect(screen.getByText(/only administrators issue and change them/)).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve({
      'list-api-credentials': (body) => (fail ? failure(500, 'INTERNAL', 'boom') : list(body)),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The credentials could not be loaded.',
    );
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await row('Klinikum eISF');
  });
});

describe('issuing a credential', () => {
  it('sends exactly the contract’s request: system, scopes, expiry, the contact, a description', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-api-credentials': list,
      getOrgSysList: registryPage('systems', [
        orgSystem('eisf-1', KLINIKUM, {
          name: 'Klinikum eISF',
          technicalContactEmail: 'eisf-tech@klinikum.example',
        }),
        orgSystem('ctms-1', PHARMA, { name: 'Pharma CTMS' }),
      ]),
      generateApiCredential: success({
        credential: credential('new-00001', {
          systemName: 'Klinikum eISF',
          status: 'pending',
          contactEmail: 'eisf-tech@klinikum.example',
        }),
      }),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    await u.click(screen.getByRole('button', { name: 'Issue credential' }));
    const dialog = await screen.findByTestId('issue-credential-dialog');
    const system = within(dialog).getByLabelText('System');
    await waitFor(() => {
      expect(system).toBeEnabled();
    });
    expect(bodiesOf(calls, 'getOrgSysList')).toEqual([{ status: 'active', limit: '100' }]);

    // Nothing chosen: said on the fields, nothing sent.
    await u.click(within(dialog).getByRole('button', { name: 'Issue and send the link' }));
    expect(within(dialog).getByText('Choose a system.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'generateApiCredential')).toEqual([]);

    await u.selectOptions(system, 'eisf-1');
    // The system's technical contact is filled in; each scope says what it allows.
    expect(within(dialog).getByLabelText('Technical contact email')).toHaveValue(
      'eisf-tech@klinikum.example',
    );
    expect(within(dialog).getByLabelText('ccsc-api/system.read')).toHaveAccessibleDescription(
      'Read the calling system, its organisation and its credential',
    );
    // 12 months ahead (the last day that stays within them) unless changed; at most that.
    const expiry = within(dialog).getByLabelText('Expires on');
    // Shown in the console's date form (SPEC §3), as every date field shows its day.
    expect(expiry).toHaveValue('28-Feb-2026');
    // A day past the last one is said, and the form does not issue it.
    await u.clear(expiry);
    await u.type(expiry, '01-Mar-2026');
    await u.tab();
    expect(expiry).toHaveAccessibleDescription(
      expect.stringContaining('Choose a day from') as unknown,
    );
    await u.clear(expiry);
    await u.type(expiry, '28-feb-2026');
    await u.tab();
    expect(expiry).toHaveValue('28-Feb-2026');
    await u.click(within(dialog).getByLabelText('ccsc-api/connections.read'));
    await u.click(within(dialog).getByLabelText('ccsc-api/system.read'));
    await u.type(within(dialog).getByLabelText('Description (optional)'), 'Production eISF');
    await u.click(within(dialog).getByRole('button', { name: 'Issue and send the link' }));

    expect(await screen.findByTestId('credentials-notice')).toHaveTextContent(
      'A one-time link went to eisf-tech@klinikum.example: only they will see the secret, once. It is never shown to an administrator.',
    );
    expect(bodiesOf(calls, 'generateApiCredential')).toEqual([
      {
        systemId: 'eisf-1',
        scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
        expiresAt: '2026-02-28T23:59:59.000Z',
        contactEmail: 'eisf-tech@klinikum.example',
        description: 'Production eISF',
        // One key per form, so that a repeat cannot issue a second credential (issue 32).
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      },
    ]);
    expect(screen.queryByTestId('issue-credential-dialog')).toBeNull();
  });

  it('offers an OrgAdmin only their organisation’s systems, and shows a refusal in the dialog', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve({
      'list-api-credentials': list,
      // A server answering more than it should is still filtered by the rule.
      getOrgSysList: registryPage('systems', [
        orgSystem('eisf-1', KLINIKUM, { name: 'Klinikum eISF' }),
        orgSystem('ctms-1', PHARMA, { name: 'Pharma CTMS' }),
      ]),
      generateApiCredential: failure(409, 'CONFLICT', 'The system is not active any more.'),
    });
    renderScreen(<GenerateApiCredentialsPage />);
    await row('Klinikum eISF');
    await u.click(screen.getByRole('button', { name: 'Issue credential' }));
    const dialog = await screen.findByTestId('issue-credential-dialog');
    const system = within(dialog).getByLabelText('System');
    await waitFor(() => {
      expect(system).toBeEnabled();
    });
    expect(bodiesOf(calls, 'getOrgSysList')).toEqual([
      { status: 'active', limit: '100', organisationId: 'site-1' },
    ]);
    expect(
      within(system)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose an active system…', 'Klinikum eISF (Klinikum Eins)']);
    await u.selectOptions(system, 'eisf-1');
    await u.click(within(dialog).getByLabelText('ccsc-api/system.read'));
    await u.click(within(dialog).getByRole('button', { name: 'Issue and send the link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The system is not active any more.',
    );
  });
});

describe('the API credential list opened from a link (the dashboard’s figures)', () => {
  const location = () => new URL(screen.getByTestId('location').textContent, 'http://localhost');

  it('starts from the filters in the address, shows them and the total, and keeps them there', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'list-api-credentials': success(credentialPage([EISF], { total: 4 })),
    });
    renderScreen(
      <GenerateApiCredentialsPage />,
      '/admin/generate-api-credentials?status=expiring&use=never',
    );
    await row('Klinikum eISF');
    expect(bodiesOf(calls, 'list-api-credentials')).toEqual([
      { status: 'expiring', use: 'never', limit: 25 },
    ]);
    expect(screen.getByLabelText('Status')).toHaveValue('expiring');
    expect(screen.getByLabelText('Use')).toHaveValue('never');
    expect(screen.getByText('Showing 1 of 4')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Use'), '');
    await waitFor(() => {
      expect(bodiesOf(calls, 'list-api-credentials').at(-1)).toEqual({
        status: 'expiring',
        limit: 25,
      });
    });
    expect(location().search).toBe('?status=expiring');
    expect(bodiesOf(calls, 'list-api-credentials')).toHaveLength(2);
  });

  it('shows an organisation or system it has no field for as a chip, named by the rows', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-api-credentials': success(credentialPage([EISF])) });
    renderScreen(
      <GenerateApiCredentialsPage />,
      '/admin/generate-api-credentials?organisationId=site-1&systemId=sys-eisf-0001',
    );
    await row('Klinikum eISF');
    expect(bodiesOf(calls, 'list-api-credentials')).toEqual([
      { organisationId: 'site-1', systemId: 'sys-eisf-0001', limit: 25 },
    ]);
    expect(screen.getByTestId('chip-organisationId')).toHaveTextContent(
      'Organisation: Klinikum Eins',
    );
    expect(screen.getByTestId('chip-systemId')).toHaveTextContent('System: Klinikum eISF');
    await u.click(screen.getByRole('button', { name: 'Remove the filter: System: Klinikum eISF' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 'list-api-credentials').at(-1)).toEqual({
        organisationId: 'site-1',
        limit: 25,
      });
    });
    expect(location().search).toBe('?organisationId=site-1');
  });

  it('ignores what the contract refuses', async () => {
    const calls = serve({ 'list-api-credentials': list });
    renderScreen(
      <GenerateApiCredentialsPage />,
      '/admin/generate-api-credentials?status=soon&use=always&systemId=a%20b',
    );
    await row('Klinikum eISF');
    expect(bodiesOf(calls, 'list-api-credentials')).toEqual([{ limit: 25 }]);
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.queryByTestId('chip-systemId')).toBeNull();
  });
});
