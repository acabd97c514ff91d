import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { organisation, registryPage } from '../../../testing/registry-fixtures';
import { OrganisationListPage } from './organisation-list-page';

const HEADER = 'name,kind,country,contactEmail,identifiers';
const BAD = `${HEADER}\nKlinikum Eins,site,DE,,\nPharma Drei,sponsor,XX,,\nStudien GmbH,lab,TR,,`;
const GOOD = `${HEADER}\nKlinikum Eins,site,DE,,\nPharma Drei,sponsor,CH,,\nStudien GmbH,cro,TR,,`;
const COLUMNS = ['name', 'kind', 'country', 'contactEmail', 'identifiers'];

const checkOf = (csv: string) =>
  csv === GOOD
    ? { rows: 3, problems: [], created: 0, columns: COLUMNS }
    : {
        rows: 3,
        problems: [
          {
            line: 3,
            column: 'country',
            message: 'Country must be an ISO 3166-1 alpha-2 code, e.g. DE.',
          },
          { line: 4, column: 'kind', message: 'kind must be site, sponsor or cro.' },
        ],
        created: 0,
        columns: COLUMNS,
      };

const answers = () => ({
  'list-organisations': registryPage('organisations', [organisation('site-1', 'Klinikum Eins')]),
  'import-organisations': (body: Record<string, unknown>) => {
    const result = checkOf(String(body.csv));
    return success(
      body.dryRun === false && result.problems.length === 0 ? { ...result, created: 3 } : result,
    );
  },
});

const openImport = async (u: ReturnType<typeof userEvent.setup>) => {
  renderScreen(<OrganisationListPage />);
  await u.click(await screen.findByRole('button', { name: 'Import organisations (CSV)' }));
  return screen.findByRole('dialog', { name: 'Import organisations from a CSV file' });
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('importing organisations from CSV', () => {
  it('says it is all or nothing and names the columns before anything is checked', async () => {
    const u = userEvent.setup();
    serve(answers());
    const dialog = await openImport(u);
    expect(within(dialog).getByTestId('import-all-or-nothing')).toHaveTextContent('All or nothing');
    expect(within(dialog).getByTestId('import-columns')).toHaveTextContent(
      'Name,Kind,Country,Contact e-mail,Identifiers',
    );
    expect(within(dialog).getByTestId('import-check')).toBeDisabled();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
  });

  it('lists every problem by line and column, and imports nothing until the file is clean', async () => {
    const u = userEvent.setup();
    const calls = serve(answers());
    const dialog = await openImport(u);
    await u.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([BAD], 'organisations.csv', { type: 'text/csv' }),
    );
    const text = within(dialog).getByLabelText('The CSV text (or paste it here)');
    await waitFor(() => {
      expect(text).toHaveValue(BAD);
    });
    await u.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    const problems = await within(dialog).findByTestId('import-problems');
    const rows = within(problems).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '3countryCountry must be an ISO 3166-1 alpha-2 code, e.g. DE.',
      '4kindkind must be site, sponsor or cro.',
    ]);
    expect(within(dialog).getByText(/2 problems in 3 rows/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
    expect(bodiesOf(calls, 'import-organisations')).toEqual([{ csv: BAD, dryRun: true }]);

    // Fixed in place: the old check no longer counts, the new one is clean.
    await u.clear(text);
    await u.click(text);
    await u.paste(GOOD);
    expect(within(dialog).queryByTestId('import-problems')).toBeNull();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(await within(dialog).findByTestId('import-clean')).toHaveTextContent(
      'No problems: 3 organisations are ready to import.',
    );
    const submit = within(dialog).getByRole('button', { name: 'Import 3 organisations' });
    expect(submit).toBeEnabled();
    await u.click(submit);
    expect(await screen.findByTestId('registry-notice')).toHaveTextContent(
      '3 organisations are imported.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesOf(calls, 'import-organisations')).toEqual([
      { csv: BAD, dryRun: true },
      { csv: GOOD, dryRun: true },
      { csv: GOOD, dryRun: false },
    ]);
    // The list shows what was imported.
    await waitFor(() => {
      expect(bodiesOf(calls, 'list-organisations').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('shows the problems the save itself finds (something changed since the check)', async () => {
    const u = userEvent.setup();
    let saving = false;
    serve({
      ...answers(),
      'import-organisations': (body) => {
        saving = body.dryRun === false;
        return success(
          saving
            ? {
                rows: 3,
                problems: [{ line: 2, column: 'name', message: 'Klinikum Eins exists in DE.' }],
                created: 0,
                columns: COLUMNS,
              }
            : checkOf(GOOD),
        );
      },
    });
    const dialog = await openImport(u);
    await u.click(within(dialog).getByLabelText('The CSV text (or paste it here)'));
    await u.paste(GOOD);
    await u.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    await u.click(await within(dialog).findByRole('button', { name: 'Import 3 organisations' }));
    expect(await within(dialog).findByTestId('import-problems')).toHaveTextContent(
      'Klinikum Eins exists in DE.',
    );
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
  });

  it('shows the server’s refusal of the file', async () => {
    const u = userEvent.setup();
    serve({
      ...answers(),
      'import-organisations': failure(400, 'VALIDATION_FAILED', 'The file is empty.'),
    });
    const dialog = await openImport(u);
    await u.type(within(dialog).getByLabelText('The CSV text (or paste it here)'), 'x');
    await u.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is empty.');
  });

  it('imports systems the same way, with their own columns', async () => {
    const u = userEvent.setup();
    const calls = serve({
      ...answers(),
      'import-systems': success({
        rows: 1,
        problems: [],
        created: 0,
        columns: ['organisationId', 'organisationName', 'name'],
      }),
    });
    renderScreen(<OrganisationListPage />);
    await u.click(await screen.findByRole('button', { name: 'Import systems (CSV)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import systems from a CSV file' });
    expect(within(dialog).getByTestId('import-columns')).toHaveTextContent(
      'Organisation ID,Organisation,Name,Kind,Vendor,Product,Environment,Technical contact e-mail',
    );
    await u.type(within(dialog).getByLabelText('The CSV text (or paste it here)'), 'a');
    await u.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(await within(dialog).findByRole('button', { name: 'Import 1 system' })).toBeEnabled();
    expect(bodiesOf(calls, 'import-systems')).toEqual([{ csv: 'a', dryRun: true }]);
  });
});
