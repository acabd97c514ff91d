import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { OrganisationListPage } from './organisation-list-page';

const KLINIKUM = organisation('site-1', 'Klinikum Eins', {
  identifiers: [{ label: 'Site network', value: 'SN-1' }],
});
const PHARMA = organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor', country: 'TR' });
const CRO = organisation('cro-1', 'Studien GmbH', { kind: 'cro', status: 'inactive' });

const list = (body: Record<string, unknown>) =>
  body.cursor === 'p2'
    ? registryPage('organisations', [CRO], { total: 3 })
    : registryPage('organisations', [KLINIKUM, PHARMA], { total: 3, nextCursor: 'p2' });

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the organisation list', () => {
  it('shows each organisation: name linking to its page, kind, country by name, identifiers, status', async () => {
    serve({ 'list-organisations': list });
    renderScreen(<OrganisationListPage />);
    const row = await screen.findByTestId('organisation-row-Klinikum Eins');
    expect(within(row).getByRole('link', { name: 'Klinikum Eins' })).toHaveAttribute(
      'href',
      '/admin/organisations/site-1',
    );
    for (const text of ['Site', 'Germany', 'Site network: SN-1', 'Active']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const sponsor = screen.getByTestId('organisation-row-Pharma Zwei');
    expect(within(sponsor).getByText('Türkiye')).toBeInTheDocument();
    expect(within(sponsor).getByText('Sponsor')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
  });

  it('offers a PlatformAdmin registering and importing; an OrgAdmin and an Auditor only the export', async () => {
    serve({ 'list-organisations': list });
    const { unmount } = renderScreen(<OrganisationListPage />);
    await screen.findByTestId('organisation-row-Klinikum Eins');
    for (const name of [
      'New organisation',
      'Import organisations (CSV)',
      'Import systems (CSV)',
      'Export CSV',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    unmount();

    for (const role of ['OrgAdmin', 'Auditor'] as const) {
      signedInAs({ role, organisationId: 'site-1' });
      const rendered = renderScreen(<OrganisationListPage />);
      await screen.findByTestId('organisation-row-Klinikum Eins');
      expect(screen.queryByRole('button', { name: 'New organisation' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
      rendered.unmount();
    }
  });

  it('sends the kind, country, status and (once typing pauses) the search, from the first page', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-organisations': list });
    renderScreen(<OrganisationListPage />);
    await screen.findByTestId('organisation-row-Klinikum Eins');
    expect(bodiesOf(calls, 'list-organisations')).toEqual([{ limit: 25 }]);
    await u.selectOptions(screen.getByLabelText('Kind'), 'sponsor');
    await u.selectOptions(screen.getByLabelText('Country'), 'TR');
    await u.selectOptions(screen.getByLabelText('Status'), 'active');
    await u.type(screen.getByLabelText('Search'), 'pharma');
    await waitFor(() => {
      expect(bodiesOf(calls, 'list-organisations').at(-1)).toEqual({
        kind: 'sponsor',
        country: 'TR',
        status: 'active',
        search: 'pharma',
        limit: 25,
      });
    });
    // Every letter is not a call: the search waits for a pause.
    expect(
      bodiesOf(calls, 'list-organisations').filter(
        (b) => typeof (b as { search?: string }).search === 'string',
      ),
    ).toHaveLength(1);
  });

  it('keeps its filters in the address: a bookmarked view lists the same, a change rewrites it', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-organisations': list });
    renderScreen(<OrganisationListPage />, '/admin/organisations?kind=sponsor&country=TR&kind2=x');
    await screen.findByTestId('organisation-row-Klinikum Eins');
    expect(bodiesOf(calls, 'list-organisations')).toEqual([
      { kind: 'sponsor', country: 'TR', limit: 25 },
    ]);
    expect(screen.getByLabelText('Kind')).toHaveValue('sponsor');
    await u.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/organisations?kind=sponsor&status=inactive&country=TR',
      );
    });
    expect(bodiesOf(calls, 'list-organisations').at(-1)).toEqual({
      kind: 'sponsor',
      status: 'inactive',
      country: 'TR',
      limit: 25,
    });
  });

  it('does not send a search the server would refuse, and says why', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-organisations': list });
    renderScreen(<OrganisationListPage />);
    await screen.findByTestId('organisation-row-Klinikum Eins');
    await u.type(screen.getByLabelText('Search'), 'a<b');
    expect(screen.getByLabelText('Search')).toHaveAccessibleDescription(
      /Search with letters, digits/,
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bodiesOf(calls, 'list-organisations')).toEqual([{ limit: 25 }]);
  });

  it('pages with the cursor', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-organisations': list });
    renderScreen(<OrganisationListPage />);
    await screen.findByTestId('organisation-row-Klinikum Eins');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('organisation-row-Studien GmbH');
    expect(bodiesOf(calls, 'list-organisations').at(-1)).toEqual({ limit: 25, cursor: 'p2' });
    expect(screen.getByRole('navigation', { name: 'Pages of organisations' })).toHaveTextContent(
      'Page 2',
    );
  });

  it('exports the filtered list', async () => {
    const u = userEvent.setup();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = serve({
      'list-organisations': list,
      'export-organisations': success({
        url: 'https://x.example/o.csv',
        fileName: 'organisations.csv',
        rows: 2,
        expiresAt: '2025-01-15T10:05:00.000Z',
      }),
    });
    renderScreen(<OrganisationListPage />);
    await screen.findByTestId('organisation-row-Klinikum Eins');
    await u.selectOptions(screen.getByLabelText('Kind'), 'site');
    await u.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('link', { name: 'Download organisations.csv' })).toBeVisible();
    expect(bodiesOf(calls, 'export-organisations')).toEqual([{ kind: 'site' }]);
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    const u = userEvent.setup();
    let fail = true;
    serve({
      'list-organisations': (body) => (fail ? failure(500, 'INTERNAL', 'boom') : list(body)),
    });
    renderScreen(<OrganisationListPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The organisations could not be loaded.',
    );
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('organisation-row-Klinikum Eins')).toBeInTheDocument();
  });
});

describe('new organisation', () => {
  it('checks the fields with the server’s rules before anything is sent', async () => {
    const u = userEvent.setup();
    const calls = serve({ 'list-organisations': list });
    renderScreen(<OrganisationListPage />);
    await u.click(await screen.findByRole('button', { name: 'New organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New organisation' });
    await u.click(within(dialog).getByRole('button', { name: 'Register organisation' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3);
    await u.type(within(dialog).getByLabelText('Name'), 'Klinik <b>');
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      "Use letters, digits, spaces and . , & ' ( ) / - + : # only.",
    );
    await u.type(within(dialog).getByLabelText('Contact e-mail (optional)'), 'not-an-address');
    expect(within(dialog).getByLabelText('Contact e-mail (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Add an identifier' }));
    await u.type(within(dialog).getByLabelText('Value of identifier 1'), 'X-1');
    await u.click(within(dialog).getByRole('button', { name: 'Register organisation' }));
    expect(within(dialog).getByLabelText('Label of identifier 1')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(bodiesOf(calls, 'create-organisation')).toEqual([]);
  });

  it('registers it and opens its page; a name taken is the server’s 409 on the form', async () => {
    const u = userEvent.setup();
    let taken = true;
    const calls = serve({
      'list-organisations': list,
      'create-organisation': () =>
        taken
          ? failure(409, 'CONFLICT', 'An organisation of that name exists in DE.')
          : success({ organisation: organisation('site-9', 'Uniklinik Neun') }),
    });
    renderScreen(<OrganisationListPage />);
    await u.click(await screen.findByRole('button', { name: 'New organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New organisation' });
    await u.type(within(dialog).getByLabelText('Name'), ' Uniklinik Neun ');
    await u.selectOptions(within(dialog).getByLabelText('Kind'), 'site');
    await u.selectOptions(within(dialog).getByLabelText('Country'), 'DE');
    await u.type(within(dialog).getByLabelText('Contact e-mail (optional)'), 'Info@Example.com');
    await u.click(within(dialog).getByRole('button', { name: 'Add an identifier' }));
    await u.type(within(dialog).getByLabelText('Label of identifier 1'), 'Institution');
    await u.type(within(dialog).getByLabelText('Value of identifier 1'), 'INST-9');
    await u.click(within(dialog).getByRole('button', { name: 'Register organisation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An organisation of that name exists in DE.',
    );
    taken = false;
    await u.click(within(dialog).getByRole('button', { name: 'Register organisation' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/organisations/site-9');
    });
    expect(bodiesOf(calls, 'create-organisation').at(-1)).toEqual({
      name: 'Uniklinik Neun',
      kind: 'site',
      country: 'DE',
      identifiers: [{ label: 'Institution', value: 'INST-9' }],
      contactEmail: 'info@example.com',
    });
  });
});
