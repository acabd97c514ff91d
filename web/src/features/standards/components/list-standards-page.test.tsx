import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { standardPage, standardSummary } from '../../../testing/standard-fixtures';
import { ListStandardsPage } from './list-standards-page';

const EISF = standardSummary('std-eisf000001', 'Klinikum eISF mapping', {
  product: 'Florence eBinders',
  latestVersion: 3,
  latestStatus: 'draft',
  publishedVersion: 2,
  draftVersion: 3,
  rowCount: 1240,
});
const CTMS = standardSummary('std-ctms000001', 'Pharma CTMS mapping', {
  organisationId: 'sponsor-1',
  organisationName: 'Pharma Zwei',
  systems: [],
  latestVersion: 1,
  latestStatus: 'published',
  publishedVersion: 1,
  draftVersion: null,
});
const organisations = registryPage('organisations', [
  organisation('site-1', 'Klinikum Eins'),
  organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor' }),
]);
const list = (body: Record<string, unknown>) =>
  body.cursor === 'p2' ? standardPage([CTMS]) : standardPage([EISF], 'p2');

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the mapping standards list', () => {
  it('shows each standard: name, organisation, systems and product, versions, rows, last change', async () => {
    const u = userEvent.setup();
    serve({ 'artifact/list-standards': list, 'list-organisations': organisations });
    renderScreen(<ListStandardsPage />);
    const row = await screen.findByTestId('standard-row-Klinikum eISF mapping');
    for (const text of [
      'Klinikum Eins',
      'Klinikum eISF',
      'Product: Florence eBinders',
      'Version 3',
      'Draft',
      'Version 2',
      '1,240',
      'TMF Reference Model 3.3',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('link', { name: 'Klinikum eISF mapping' })).toHaveAttribute(
      'href',
      '/admin/artifact/view-edit-standard?standardId=std-eisf000001',
    );
    await u.click(screen.getByRole('button', { name: 'Next' }));
    const ctms = await screen.findByTestId('standard-row-Pharma CTMS mapping');
    expect(within(ctms).getByText('No systems')).toBeInTheDocument();
    expect(within(ctms).getByTestId('standard-status')).toHaveTextContent('Published');
    // A click anywhere on the row opens the editor.
    await u.click(within(ctms).getByText('Pharma Zwei'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/artifact/view-edit-standard?standardId=std-ctms000001',
    );
  });

  it('searches once typing pauses and filters by status, catalogue and organisation', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'artifact/list-standards': list, 'list-organisations': organisations });
    renderScreen(<ListStandardsPage />);
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    await waitFor(() => {
      expect(screen.getByLabelText('Organisation')).toHaveTextContent('Pharma Zwei');
    });
    await u.selectOptions(screen.getByLabelText('Status'), 'published');
    await u.selectOptions(screen.getByLabelText('Catalogue version'), '3.3');
    await u.selectOptions(screen.getByLabelText('Organisation'), 'sponsor-1');
    await u.type(screen.getByLabelText('Search'), 'ctms');
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/list-standards').at(-1)).toEqual({
        status: 'published',
        catalogueVersion: '3.3',
        organisationId: 'sponsor-1',
        search: 'ctms',
        limit: '25',
      });
    });
    expect(
      bodiesOf(calls, 'artifact/list-standards').filter(
        (b) => typeof (b as { search?: string }).search === 'string',
      ),
    ).toHaveLength(1);
  });

  it('begins filtered to the organisation a link names (a held document’s system without a standard)', async () => {
    const calls = serve({ 'artifact/list-standards': list, 'list-organisations': organisations });
    const first = renderScreen(
      <ListStandardsPage />,
      '/admin/artifact/list-of-mapping-standards?organisationId=sponsor-1',
    );
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    expect(bodiesOf(calls, 'artifact/list-standards')).toEqual([
      { organisationId: 'sponsor-1', limit: '25' },
    ]);
    await waitFor(() => {
      expect(screen.getByLabelText('Organisation')).toHaveValue('sponsor-1');
    });
    first.unmount();

    // An OrgAdmin sees their own organisation's standards, whatever the link says.
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const own = serve({ 'artifact/list-standards': list });
    renderScreen(
      <ListStandardsPage />,
      '/admin/artifact/list-of-mapping-standards?organisationId=sponsor-1',
    );
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    expect(bodiesOf(own, 'artifact/list-standards')).toEqual([{ limit: '25' }]);
  });

  it('offers "New standard" to an OrgAdmin without an organisation filter, and to an Auditor nothing', async () => {
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve({ 'artifact/list-standards': list, 'list-organisations': organisations });
    const first = renderScreen(<ListStandardsPage />);
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    expect(screen.getByRole('link', { name: 'New standard' })).toHaveAttribute(
      'href',
      '/admin/artifact/create-new-standard',
    );
    expect(screen.queryByLabelText('Organisation')).toBeNull();
    expect(bodiesOf(calls, 'list-organisations')).toEqual([]);
    first.unmount();

    signedInAs({ role: 'Auditor', organisationId: 'site-1' });
    renderScreen(<ListStandardsPage />);
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    expect(screen.queryByRole('link', { name: 'New standard' })).toBeNull();
    expect(
      screen.getByText(
        'You can read the mapping standards; only administrators create and change them.',
      ),
    ).toBeInTheDocument();
  });

  it('says what an empty list means, and when it could not be loaded', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve({
      'artifact/list-standards': () => (fail ? failure(500, 'INTERNAL', 'boom') : standardPage([])),
      'list-organisations': organisations,
    });
    renderScreen(<ListStandardsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The mapping standards could not be loaded.',
    );
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(/There are no mapping standards yet\. Create the first/),
    ).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Status'), 'retired');
    expect(
      await screen.findByText(
        'No mapping standard matches these filters. Change or clear them to see more.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the mapping standards list opened from a link (the dashboard’s old drafts)', () => {
  const location = () => new URL(screen.getByTestId('location').textContent, 'http://localhost');

  it('starts from the filters in the address, shows them and the total, and keeps them there', async () => {
    const u = userEvent.setup();
    const calls = serve({
      'artifact/list-standards': standardPage([EISF], null, 9),
      'list-organisations': organisations,
    });
    renderScreen(
      <ListStandardsPage />,
      '/admin/artifact/list-of-mapping-standards?status=draft&draftBefore=2025-01-05',
    );
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    expect(bodiesOf(calls, 'artifact/list-standards')).toEqual([
      { status: 'draft', draftBefore: '2025-01-05', limit: '25' },
    ]);
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(screen.getByTestId('chip-draftBefore')).toHaveTextContent(
      'Draft started before 05-Jan-2025',
    );
    expect(screen.getByText('Showing 1 of 9')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Catalogue version'), '3.3');
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/list-standards').at(-1)).toEqual({
        status: 'draft',
        catalogueVersion: '3.3',
        draftBefore: '2025-01-05',
        limit: '25',
      });
    });
    expect(Object.fromEntries(location().searchParams)).toEqual({
      status: 'draft',
      catalogueVersion: '3.3',
      draftBefore: '2025-01-05',
    });

    await u.click(
      screen.getByRole('button', { name: 'Remove the filter: Draft started before 05-Jan-2025' }),
    );
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/list-standards').at(-1)).toEqual({
        status: 'draft',
        catalogueVersion: '3.3',
        limit: '25',
      });
    });
    expect(screen.queryByTestId('chip-draftBefore')).toBeNull();
    expect(bodiesOf(calls, 'artifact/list-standards')).toHaveLength(3);
  });

  it('shows a system it has no field for as a chip, and ignores what the contract refuses', async () => {
    const calls = serve({
      'artifact/list-standards': standardPage([EISF]),
      'list-organisations': organisations,
    });
    renderScreen(
      <ListStandardsPage />,
      '/admin/artifact/list-of-mapping-standards?systemId=sys-eisf&draftBefore=2025-13-01&status=old',
    );
    await screen.findByTestId('standard-row-Klinikum eISF mapping');
    expect(bodiesOf(calls, 'artifact/list-standards')).toEqual([
      { systemId: 'sys-eisf', limit: '25' },
    ]);
    expect(screen.getByTestId('chip-systemId')).toHaveTextContent('System: Klinikum eISF');
    expect(screen.queryByTestId('chip-draftBefore')).toBeNull();
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });
});
