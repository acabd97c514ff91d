import type { ResponseOf } from '@ccsc/contract';
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
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { OrganisationDetailPage } from './organisation-detail-page';

type Detail = ResponseOf<'get-organisation'>;

const PHARMA = organisation('sponsor-1', 'Pharma Zwei', {
  kind: 'sponsor',
  identifiers: [{ label: 'EU CT', value: '2024-000001' }],
  contactEmail: 'studies@pharma.example',
  revision: 3,
});
const ETMF = orgSystem('sys-sponsor', PHARMA, { name: 'Sponsor eTMF', kind: 'etmf' });
const OLD = orgSystem('sys-old', PHARMA, { name: 'Old CTMS', kind: 'ctms', status: 'inactive' });
const PLANNED = study('study-1', PHARMA, { protocolNumber: 'PZ-001', status: 'planned' });
const ACTIVE = study('study-2', PHARMA, { protocolNumber: 'PZ-002', status: 'active' });

const detailOf = (overrides: Partial<Detail> = {}): Detail => ({
  organisation: PHARMA,
  systems: [ETMF, OLD],
  studies: [PLANNED, ACTIVE],
  connections: [connection('conn-1', { status: 'active', siteSystemName: 'Site eISF' })],
  connectionTotal: 7,
  ...overrides,
});

const renderPage = (organisationId = 'sponsor-1') =>
  renderScreen(<OrganisationDetailPage organisationId={organisationId} />);

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the organisation page', () => {
  it('shows the details, systems, studies and connections', async () => {
    const calls = serve({ 'get-organisation': success(detailOf()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: /Pharma Zwei/ })).toBeInTheDocument();
    expect(bodiesOf(calls, 'get-organisation')).toEqual([{ organisationId: 'sponsor-1' }]);
    const details = screen.getByTestId('organisation-details');
    for (const text of ['Germany (DE)', 'EU CT: 2024-000001', 'studies@pharma.example']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    const system = screen.getByTestId('system-row-Sponsor eTMF');
    expect(within(system).getByText('eTMF')).toBeInTheDocument();
    expect(within(system).getByText('Vendor · Product')).toBeInTheDocument();
    expect(within(screen.getByTestId('system-row-Old CTMS')).getByText('Inactive')).toBeVisible();
    expect(within(screen.getByTestId('study-row-PZ-001')).getByText('Planned')).toBeVisible();
    const connections = screen.getByTestId('organisation-connections');
    expect(within(connections).getByText('Klinikum Eins (site 101)')).toBeInTheDocument();
    expect(
      within(connections).getByRole('link', { name: 'Show all 7 in Connections' }),
    ).toHaveAttribute('href', '/admin/connections?organisationId=sponsor-1');
    expect(within(connections).getByRole('link', { name: 'PROT-1' })).toHaveAttribute(
      'href',
      '/admin/connections?studyId=study-1',
    );
  });

  it('offers a PlatformAdmin every change', async () => {
    serve({ 'get-organisation': success(detailOf()) });
    renderPage();
    await screen.findByTestId('organisation-details');
    for (const name of [
      'Edit details',
      'Deactivate organisation',
      'Add system',
      'Edit Sponsor eTMF',
      'Deactivate Sponsor eTMF',
      'Activate Old CTMS',
      'New study',
      'Edit study PZ-001',
      'Start study PZ-001',
      'Close study PZ-001',
      'Close study PZ-002',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Start study PZ-002' })).toBeNull();
  });

  it('offers the sponsor’s OrgAdmin its details, systems and studies, but not (de)activating it', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    serve({ 'get-organisation': success(detailOf()) });
    renderPage();
    await screen.findByTestId('organisation-details');
    for (const name of ['Edit details', 'Add system', 'New study', 'Edit study PZ-001']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Deactivate organisation' })).toBeNull();
  });

  it('offers another organisation’s OrgAdmin and an Auditor nothing to change', async () => {
    for (const profile of [
      { role: 'OrgAdmin' as const, organisationId: 'site-1' },
      { role: 'Auditor' as const, organisationId: 'sponsor-1' },
      { role: 'Auditor' as const, organisationId: null },
    ]) {
      signedInAs(profile);
      serve({ 'get-organisation': success(detailOf()) });
      const { unmount } = renderPage();
      await screen.findByTestId('organisation-details');
      expect(
        screen.queryAllByRole('button', { name: /Edit|Deactivate|Activate|Add|New|Start|Close/ }),
      ).toEqual([]);
      expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(1);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('offers a site no studies section while it has none, and nobody “New study” for a site', async () => {
    serve({
      'get-organisation': success(
        detailOf({ organisation: organisation('site-1', 'Klinikum Eins'), studies: [] }),
      ),
    });
    renderPage('site-1');
    await screen.findByTestId('organisation-details');
    expect(screen.queryByTestId('organisation-studies')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New study' })).toBeNull();
  });

  it('says so when the organisation does not exist or is out of sight', async () => {
    serve({ 'get-organisation': failure(404, 'NOT_FOUND', 'No such organisation.') });
    renderPage('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This organisation does not exist, or you may not see it.',
    );
    expect(screen.getByRole('link', { name: 'Back to the organisations' })).toBeInTheDocument();
  });
});

describe('changes on the organisation page', () => {
  it('deactivates a system after a confirmation; a refusal names the connections using it', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'get-organisation': success(detailOf()),
      'deactivate-system': failure(
        409,
        'CONFLICT',
        'Sponsor eTMF is used by open connections: PROT-1 at Klinikum Eins (101).',
      ),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Deactivate Sponsor eTMF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the system' });
    expect(dialog).toHaveTextContent('Deactivate Sponsor eTMF?');
    await u.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'Sponsor eTMF is used by open connections: PROT-1 at Klinikum Eins (101).',
    );
    expect(screen.getByTestId('registry-notice')).toHaveAttribute('role', 'alert');
    expect(bodiesOf(calls, 'deactivate-system')).toEqual([
      { systemId: 'sys-sponsor', revision: 1 },
    ]);
  });

  it('says when someone changed the record meanwhile, and shows it as it is now', async () => {
    const u = userEvent.setup();
    let loads = 0;
    serve({
      'get-organisation': () => {
        loads += 1;
        return success(
          loads === 1
            ? detailOf()
            : detailOf({ organisation: { ...PHARMA, name: 'Pharma Zwei AG', revision: 4 } }),
        );
      },
      'deactivate-organisation': failure(
        409,
        'CONFLICT',
        'The organisation was changed meanwhile.',
      ),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Deactivate organisation' }));
    await u.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'Someone else changed this meanwhile.',
    );
    expect(await screen.findByRole('heading', { name: /Pharma Zwei AG/ })).toBeInTheDocument();
  });

  it('edits the details, sending only what changed with the revision', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'get-organisation': success(detailOf()),
      'update-organisation': success({ organisation: { ...PHARMA, name: 'Pharma Zwei AG' } }),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the organisation' });
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing has been changed.');
    await u.clear(within(dialog).getByLabelText('Name'));
    await u.type(within(dialog).getByLabelText('Name'), 'Pharma Zwei AG');
    await u.click(within(dialog).getByRole('button', { name: 'Remove identifier 1' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'The details of Pharma Zwei AG are saved.',
    );
    expect(bodiesOf(calls, 'update-organisation')).toEqual([
      {
        organisationId: 'sponsor-1',
        revision: 3,
        changes: { name: 'Pharma Zwei AG', identifiers: [] },
      },
    ]);
  });

  it('keeps the kind fixed for an OrgAdmin', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
    serve({ 'get-organisation': success(detailOf()) });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Edit details' }));
    const kind = within(await screen.findByRole('dialog')).getByLabelText('Kind');
    expect(kind).toBeDisabled();
    expect(kind).toHaveAccessibleDescription('Only a platform administrator changes the kind.');
  });

  it('adds a system, checked with the server’s rules', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'get-organisation': success(detailOf()),
      'create-system': success({ system: orgSystem('sys-new', PHARMA, { name: 'Safety DB' }) }),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Add system' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a system' });
    await u.click(within(dialog).getByRole('button', { name: 'Add system' }));
    expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThanOrEqual(6);
    await u.type(within(dialog).getByLabelText('Name'), 'Safety DB');
    await u.selectOptions(within(dialog).getByLabelText('Kind'), 'safety');
    await u.type(within(dialog).getByLabelText('Vendor'), 'Argus');
    await u.type(within(dialog).getByLabelText('Product'), 'Argus Safety');
    await u.selectOptions(within(dialog).getByLabelText('Environment'), 'validation');
    await u.type(within(dialog).getByLabelText('Technical contact e-mail'), 'it@pharma');
    expect(within(dialog).getByLabelText('Technical contact e-mail')).toHaveAccessibleDescription(
      'Email Address provided is not in the correct format',
    );
    await u.type(within(dialog).getByLabelText('Technical contact e-mail'), '.example');
    await u.click(within(dialog).getByRole('button', { name: 'Add system' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent('Safety DB is added.');
    expect(bodiesOf(calls, 'create-system')).toEqual([
      {
        organisationId: 'sponsor-1',
        name: 'Safety DB',
        kind: 'safety',
        vendor: 'Argus',
        product: 'Argus Safety',
        environment: 'validation',
        technicalContactEmail: 'it@pharma.example',
      },
    ]);
  });

  it('creates a study; a protocol number already used is the server’s 409 on its field', async () => {
    const u = userEvent.setup();
    const cro = organisation('cro-1', 'Studien GmbH', { kind: 'cro' });
    const calls = serve({
      'get-organisation': success(detailOf()),
      'search-site-directory': registryPage('sites', [cro]),
      'create-study': failure(409, 'CONFLICT', 'Pharma Zwei already has study PZ-001.', [
        { path: 'protocolNumber', message: 'Pharma Zwei already has study PZ-001.' },
      ]),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'New study' }));
    const dialog = await screen.findByRole('dialog', { name: 'New study' });
    await u.type(within(dialog).getByLabelText('Protocol number'), 'PZ 001');
    expect(within(dialog).getByLabelText('Protocol number')).toHaveAccessibleDescription(
      'Use letters, digits and . _ / - only.',
    );
    await u.clear(within(dialog).getByLabelText('Protocol number'));
    await u.type(within(dialog).getByLabelText('Protocol number'), 'PZ-001');
    await u.type(within(dialog).getByLabelText('Title'), 'A study of something');
    await u.selectOptions(within(dialog).getByLabelText('Phase'), 'phase-2');
    await within(dialog).findByRole('option', { name: 'Studien GmbH' });
    await u.selectOptions(within(dialog).getByLabelText('CRO acting for the sponsor'), 'cro-1');
    await u.click(within(dialog).getByRole('button', { name: 'Create study' }));
    await waitFor(() => {
      expect(within(dialog).getByLabelText('Protocol number')).toHaveAccessibleDescription(
        'Pharma Zwei already has study PZ-001.',
      );
    });
    expect(bodiesOf(calls, 'create-study')).toEqual([
      {
        sponsorOrganisationId: 'sponsor-1',
        croOrganisationId: 'cro-1',
        protocolNumber: 'PZ-001',
        title: 'A study of something',
        phase: 'phase-2',
      },
    ]);
    // The CRO directory, not the organisation list (which shows an OrgAdmin only connected CROs).
    expect(bodiesOf(calls, 'search-site-directory')).toEqual([{ kind: 'cro', limit: 100 }]);
  });

  it('moves a study forward: Start at once, Close after a confirmation', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'get-organisation': success(detailOf()),
      'update-study': (body) =>
        success({
          study: { ...PLANNED, status: (body.changes as { status: 'active' | 'closed' }).status },
        }),
    });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Start study PZ-001' }));
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      'Study PZ-001 is active.',
    );
    await u.click(screen.getByRole('button', { name: 'Close study PZ-002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the study' });
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 'update-study')).toEqual([
        { studyId: 'study-1', revision: 1, changes: { status: 'active' } },
        { studyId: 'study-2', revision: 1, changes: { status: 'closed' } },
      ]);
    });
  });
});
