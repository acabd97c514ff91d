import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { organisation, orgSystem, registryPage } from '../../../testing/registry-fixtures';
import {
  catalogueAnswer,
  giveScrollAreasHeight,
  mappingRow,
  STANDARD_ID,
  standardDetail,
  standardPage,
  standardSummary,
  xlsxOf,
} from '../../../testing/standard-fixtures';
import { CreateStandardPage } from './create-standard-page';

const KLINIKUM = organisation('site-1', 'Klinikum Eins');
const PHARMA = organisation('sponsor-1', 'Pharma Zwei', { kind: 'sponsor' });
const answers = {
  'list-organisations': registryPage('organisations', [KLINIKUM, PHARMA]),
  getOrgSysList: registryPage('systems', [
    orgSystem('sys-eisf', KLINIKUM, { name: 'Klinikum eISF' }),
    orgSystem('sys-old', KLINIKUM, { name: 'Old eTMF', status: 'inactive' }),
  ]),
  'artifact/catalogue': catalogueAnswer,
  'artifact/create-standard': success(standardDetail([mappingRow('VL')])),
};

const CSV = [
  'source_code,source_name,artifact_number,filing_level,required_metadata',
  'VL,Visit log,05.04.04,site,site',
  'CV,,05.02.04,regional,personName',
].join('\r\n');

let undoHeight: () => void;
beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
  undoHeight = giveScrollAreasHeight();
});
afterEach(() => {
  undoHeight();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fillDetails = async (u: ReturnType<typeof userEvent.setup>) => {
  const organisationSelect = screen.getByLabelText('Organisation');
  await waitFor(() => {
    expect(organisationSelect).toBeEnabled();
  });
  await u.selectOptions(organisationSelect, 'site-1');
  await u.click(await screen.findByLabelText('Klinikum eISF'));
  expect(screen.getByLabelText('Old eTMF (inactive)')).not.toBeChecked();
  await u.type(screen.getByLabelText('Name'), 'Klinikum eISF mapping');
};

describe('creating a standard from a file', () => {
  it('shows a CSV file whole with its problems before anything is saved, then creates the draft', async () => {
    const u = userEvent.setup();
    const calls = serve(answers);
    renderScreen(<CreateStandardPage />, '/admin/artifact/create-new-standard');
    await fillDetails(u);
    await u.click(screen.getByLabelText('Import a CSV or XLSX file'));
    await u.upload(
      screen.getByLabelText('Mapping file (CSV or XLSX)'),
      new File([CSV], 'mapping.csv', { type: 'text/csv' }),
    );
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByRole('heading')).toHaveTextContent(
      'Preview of mapping.csv: nothing is saved yet',
    );
    expect(within(preview).getByTestId('import-counts')).toHaveTextContent(
      '2 rows read1 row with problems2 problems1 file problem',
    );
    expect(within(preview).getByTestId('file-problems')).toHaveTextContent(
      'Line 3: Filing level "regional" is not one of trial, country, site: left empty.',
    );
    const grid = within(preview).getByRole('table', { name: 'Rows of mapping.csv' });
    const second = within(grid).getByTestId('preview-row-2');
    expect(second).toHaveTextContent('3'); // the file's line
    expect(within(second).getByText('Enter the source document type name.')).toBeInTheDocument();
    expect(within(second).getByText('Choose a filing level.')).toBeInTheDocument();
    expect(within(grid).getByTestId('preview-row-1')).toHaveTextContent('OK');
    expect(bodiesOf(calls, 'artifact/create-standard')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/admin/artifact/view-edit-standard?standardId=${STANDARD_ID}&version=1`,
      );
    });
    expect(bodiesOf(calls, 'artifact/create-standard')).toEqual([
      {
        name: 'Klinikum eISF mapping',
        description: null,
        systemIds: ['sys-eisf'],
        product: null,
        organisationId: 'site-1',
        catalogueVersion: '3.3',
        source: {
          kind: 'import',
          fileName: 'mapping.csv',
          rows: [
            mappingRow('VL', { sourceName: 'Visit log' }),
            mappingRow('CV', {
              sourceName: '',
              artifactNumber: '05.02.04',
              filingLevel: '',
              requiredMetadata: ['personName'],
            }),
          ],
        },
      },
    ]);
  });

  it('reads the first sheet of an XLSX workbook into the same preview', async () => {
    const u = userEvent.setup();
    serve(answers);
    renderScreen(<CreateStandardPage />);
    await u.click(screen.getByLabelText('Import a CSV or XLSX file'));
    const workbook = xlsxOf([
      ['Source Code', 'Source Name', 'Artifact Number', 'Filing Level', 'Required Metadata'],
      ['VL', 'Visit log', '05.04.04', 'site', 'site'],
      ['IB', "Investigator's brochure", '02.01.01', 'trial', ''],
    ]);
    await u.upload(
      screen.getByLabelText('Mapping file (CSV or XLSX)'),
      new File([workbook.slice().buffer], 'mapping.xlsx'),
    );
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getByTestId('import-counts')).toHaveTextContent(
      '2 rows read0 rows with problems0 problems0 file problems',
    );
    const grid = within(preview).getByRole('table', { name: 'Rows of mapping.xlsx' });
    expect(within(grid).getByTestId('preview-row-2')).toHaveTextContent(
      "IBInvestigator's brochure",
    );
  });

  it('refuses an artifact number the server would refuse, before sending', async () => {
    const u = userEvent.setup();
    const calls = serve(answers);
    renderScreen(<CreateStandardPage />);
    await fillDetails(u);
    await u.click(screen.getByLabelText('Import a CSV or XLSX file'));
    await u.upload(
      screen.getByLabelText('Mapping file (CSV or XLSX)'),
      new File(['source_code,source_name,artifact_number\nVL,Visit log,5.4.4\n'], 'bad.csv'),
    );
    expect(await screen.findByTestId('import-refusals')).toHaveTextContent(
      'Line 2: the artifact number must be written zz.ss.aa (e.g. 05.02.04).',
    );
    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(
      screen.getByText('Fix the rows the server would refuse in the file, then choose it again.'),
    ).toBeInTheDocument();
    expect(bodiesOf(calls, 'artifact/create-standard')).toEqual([]);
  });
});

describe('copying a standard', () => {
  it('offers the caller’s own standards and the connected partners’ in use, a partner’s at that version only', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const own = standardSummary('std-own', 'Klinikum draft', {
      latestVersion: 2,
      draftVersion: 2,
      publishedVersion: 1,
    });
    const theirs = standardSummary('std-pharma', 'Pharma eTMF', {
      organisationId: 'sponsor-1',
      organisationName: 'Pharma Zwei',
      latestVersion: 4,
      publishedVersion: 3,
      draftVersion: 4,
    });
    const calls = serve({
      ...answers,
      'artifact/list-standards': (body) =>
        body.partners === 'true' ? standardPage([theirs]) : standardPage([own]),
    });
    renderScreen(<CreateStandardPage />);
    await waitFor(() => {
      expect(screen.getByLabelText('Organisation')).toHaveValue('Klinikum Eins');
    });
    await u.type(screen.getByLabelText('Name'), 'From Pharma');
    await u.click(screen.getByLabelText(/Copy the rows of a standard/));
    const standard = screen.getByLabelText('Standard to copy');
    await waitFor(() => {
      expect(standard).toBeEnabled();
    });
    expect(within(standard).getByRole('group', { name: 'Standards you manage' })).toHaveTextContent(
      'Klinikum draft (Klinikum Eins)',
    );
    expect(
      within(standard).getByRole('group', { name: 'Partners’ standards in use' }),
    ).toHaveTextContent('Pharma eTMF (Pharma Zwei)');
    await u.selectOptions(standard, 'std-pharma');
    // A partner's standard: its version in use, nothing else.
    const version = screen.getByLabelText('Version');
    expect(
      within(version)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['3']);
    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/create-standard').at(-1)).toMatchObject({
        source: { kind: 'clone', standardId: 'std-pharma', version: 3 },
      });
    });
    expect(bodiesOf(calls, 'artifact/list-standards')).toEqual(
      expect.arrayContaining([{ limit: '100' }, { limit: '100', partners: 'true' }]),
    );
  });
});

describe('creating a standard', () => {
  it('fixes an OrgAdmin’s organisation, asks for a name, and shows the server’s refusal', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin', organisationId: 'site-1' });
    const calls = serve({
      ...answers,
      'artifact/create-standard': failure(
        409,
        'CONFLICT',
        'Klinikum Eins has a standard named "Klinikum eISF mapping" already.',
      ),
    });
    renderScreen(<CreateStandardPage />);
    await waitFor(() => {
      expect(screen.getByLabelText('Organisation')).toHaveValue('Klinikum Eins');
    });
    expect(screen.getByLabelText('Organisation')).toHaveAttribute('readonly');
    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(bodiesOf(calls, 'artifact/create-standard')).toEqual([]);
    await u.type(screen.getByLabelText('Name'), 'Klinikum eISF mapping');
    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Klinikum Eins has a standard named "Klinikum eISF mapping" already.',
    );
    // From the Reference Model template: the server makes its rows.
    await u.click(screen.getByLabelText(/Start from the TMF Reference Model/));
    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    const request = {
      name: 'Klinikum eISF mapping',
      description: null,
      systemIds: [],
      product: null,
      organisationId: 'site-1',
      catalogueVersion: '3.3',
    };
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/create-standard')).toEqual([
        { ...request, source: { kind: 'blank' } },
        { ...request, source: { kind: 'reference-model' } },
      ]);
    });
  });

  it('says nothing before the form is sent, then each problem as it stands after every change', async () => {
    const u = userEvent.setup();
    const calls = serve(answers);
    renderScreen(<CreateStandardPage />);
    const organisationSelect = screen.getByLabelText('Organisation');
    await waitFor(() => {
      expect(organisationSelect).toBeEnabled();
    });
    await u.type(screen.getByLabelText('Name'), 'x');
    await u.clear(screen.getByLabelText('Name'));
    expect(screen.queryByText('Enter a name.')).toBeNull();
    expect(organisationSelect).not.toHaveAttribute('aria-invalid');
    await u.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.');
    expect(organisationSelect).toHaveAttribute('aria-invalid', 'true');
    expect(organisationSelect).toHaveAccessibleDescription('Choose an organisation.');
    expect(organisationSelect).not.toHaveFocus();
    await u.selectOptions(organisationSelect, 'site-1');
    expect(organisationSelect).not.toHaveAttribute('aria-invalid');
    await u.type(screen.getByLabelText('Name'), 'Klinikum eISF mapping');
    expect(screen.queryByText('Enter a name.')).toBeNull();
    expect(bodiesOf(calls, 'artifact/create-standard')).toEqual([]);
  });

  it('tells an Auditor that only administrators create standards', () => {
    signedInAs({ role: 'Auditor', organisationId: null });
    serve(answers);
    renderScreen(<CreateStandardPage />);
    expect(screen.getByText('Only administrators create mapping standards.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create draft' })).toBeNull();
  });
});
