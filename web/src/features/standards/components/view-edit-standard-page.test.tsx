import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it } from 'vitest';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, serve } from '../../../testing/registry-kit';
import {
  catalogueAnswer,
  mappingRow,
  STANDARD_ID,
  standardDetail,
} from '../../../testing/standard-fixtures';
import { open, setUpEditorTests, systems } from './view-edit-standard-kit';

setUpEditorTests();

describe('the standard editor', () => {
  it('validates as you type: problems inline on the cell, counted, and gone once fixed; saves every row', async () => {
    const u = userEvent.setup();
    const rows = [mappingRow('A'), mappingRow('B', { sourceName: '' }), mappingRow('C')];
    const calls = serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/update-standard': (body) =>
        success(
          standardDetail(body.rows as typeof rows, {
            revision: 4,
            standard: { name: 'Klinikum eISF mapping' },
          }),
        ),
    });
    await open();
    // The rows are drawn once the grid has measured its box: under load, a moment after the table.
    const name2 = await screen.findByLabelText('Source name, row 2');
    expect(name2).toHaveAttribute('aria-invalid', 'true');
    expect(name2).toHaveAccessibleDescription('Enter the source document type name.');
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent('1 problem in 1 of 3 rows');
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeDisabled();
    expect(screen.getByText('Fix the 1 problem before publishing.')).toBeInTheDocument();

    await u.type(name2, 'Type B');
    expect(name2).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent('3 rows, no problems');

    // A duplicate code marks both rows, in the reader's words.
    const code3 = screen.getByLabelText('Source code, row 3');
    await u.clear(code3);
    await u.type(code3, 'a');
    expect(code3).toHaveAccessibleDescription('The source code "a" is used by another row.');
    expect(screen.getByLabelText('Source code, row 1')).toHaveAccessibleDescription(
      'The source code "A" is used by another row.',
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await u.clear(code3);
    await u.type(code3, 'C');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('standard-notice')).toHaveTextContent('Version 1 was saved.');
    const [saved] = bodiesOf(calls, 'artifact/update-standard') as Record<string, unknown>[];
    expect(saved).toMatchObject({
      standardId: STANDARD_ID,
      version: 1,
      revision: 3,
      name: 'Klinikum eISF mapping',
      systemIds: ['sys-eisf'],
    });
    expect(
      (saved?.rows as { sourceCode: string; sourceName: string }[]).map((r) => [
        r.sourceCode,
        r.sourceName,
      ]),
    ).toEqual([
      ['A', 'Type A'],
      ['B', 'Type B'],
      ['C', 'Type C'],
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish…' })).toBeEnabled();
  });

  it('steps to the next problem, and fills a row from the artifact picker with the artifact’s defaults', async () => {
    const u = userEvent.setup();
    const rows = [
      mappingRow('A'),
      mappingRow('VL', { artifactNumber: '', filingLevel: '', requiredMetadata: [] }),
    ];
    serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open();
    await u.click(screen.getByRole('button', { name: 'Next problem' }));
    const artifact = screen.getByRole('combobox', { name: 'Artifact, row 2' });
    expect(artifact).toHaveFocus();
    expect(artifact).toHaveAccessibleDescription('Choose the TMF artifact this type maps to.');

    await u.type(artifact, 'visit log');
    const list = screen.getByRole('listbox', { name: 'Artifacts for Artifact, row 2' });
    const option = within(list).getByRole('option', { name: /^05\.04\.04 Visit Log/ });
    expect(option).toHaveTextContent('Core');
    expect(option).toHaveTextContent('Filed at: Site');
    await u.click(option);
    expect(artifact).toHaveValue('05.04.04 Visit Log');
    expect(screen.getByLabelText('Filing level, row 2')).toHaveValue('site');
    expect(screen.getByLabelText('Required metadata: Site, row 2')).toBeChecked();
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent('2 rows, no problems');
  });

  it('edits several rows together, adds, moves and deletes rows, and can show only rows with problems', async () => {
    const u = userEvent.setup();
    serve({
      'artifact/get-standard': success(
        standardDetail([mappingRow('A'), mappingRow('B'), mappingRow('C')]),
      ),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open();
    await u.click(screen.getByLabelText('Select row 1'));
    await u.click(screen.getByLabelText('Select row 3'));
    await u.click(screen.getByRole('button', { name: 'Edit 2 rows together' }));
    const dialog = await screen.findByTestId('bulk-edit-dialog');
    await u.selectOptions(within(dialog).getByLabelText('Equivalence'), 'wider');
    await u.selectOptions(within(dialog).getByLabelText('Filing level'), 'trial');
    await u.click(within(dialog).getByRole('button', { name: 'Apply to 2 rows' }));
    await waitFor(() => {
      expect(screen.queryByTestId('bulk-edit-dialog')).toBeNull();
    });
    expect(screen.getByLabelText('Equivalence, row 1')).toHaveValue('wider');
    expect(screen.getByLabelText('Equivalence, row 2')).toHaveValue('equal');
    expect(screen.getByLabelText('Equivalence, row 3')).toHaveValue('wider');
    expect(screen.getByLabelText('Filing level, row 3')).toHaveAccessibleDescription(
      '05.04.04 Visit Log is not filed at Trial level (only: Site).',
    );

    await u.click(screen.getByLabelText('Only rows with problems'));
    expect(screen.queryByLabelText('Source code, row 2')).toBeNull();
    await u.click(screen.getByLabelText('Only rows with problems'));

    // Select none, then row 1: move it down, delete it, add a row at the end.
    await u.click(screen.getByLabelText('Select all rows shown'));
    await u.click(screen.getByLabelText('Select all rows shown'));
    await u.click(screen.getByLabelText('Select row 1'));
    await u.click(screen.getByRole('button', { name: 'Move down' }));
    expect(screen.getByLabelText('Source code, row 1')).toHaveValue('B');
    expect(screen.getByLabelText('Source code, row 2')).toHaveValue('A');
    expect(screen.getByLabelText('Select row 2')).toBeChecked();
    await u.click(screen.getByRole('button', { name: 'Delete 1 row' }));
    expect(screen.getByLabelText('Source code, row 2')).toHaveValue('C');
    expect(screen.queryByLabelText('Source code, row 3')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Add row' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Source code, row 3')).toHaveFocus();
    });
    expect(screen.getByLabelText('Source code, row 3')).toHaveAccessibleDescription(
      'Enter the source document type code.',
    );
  });

  it('renders only the rows in view of a 5,000-row standard', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => mappingRow(`DOC-${String(i)}`));
    serve({
      'artifact/get-standard': success(standardDetail(rows)),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    const table = await open();
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const shown = table.querySelectorAll('tbody tr[data-position]');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(screen.getByTestId('rows-problem-count')).toHaveTextContent(
      /^5,?000 rows, no problems$/,
    );
  });

  it('says a save was refused because the standard changed meanwhile, and reloads it', async () => {
    const u = userEvent.setup();
    let loads = 0;
    const calls = serve({
      'artifact/get-standard': () => {
        loads += 1;
        return success(standardDetail([mappingRow('A')], { revision: loads === 1 ? 3 : 5 }));
      },
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
      'artifact/update-standard': failure(409, 'CONFLICT', 'The standard was changed meanwhile.'),
    });
    await open();
    await u.type(screen.getByLabelText('Comment, row 1'), 'checked');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByTestId('standard-conflict');
    expect(conflict).toHaveTextContent(
      'The standard was changed meanwhile. Reload to see the standard as it is now: your unsaved changes will be lost.',
    );
    await u.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 'artifact/get-standard')).toHaveLength(2);
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Comment, row 1')).toHaveValue('');
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const u = userEvent.setup();
    serve({
      'artifact/get-standard': success(standardDetail([mappingRow('A')])),
      'artifact/catalogue': catalogueAnswer,
      getOrgSysList: systems,
    });
    await open();
    await u.type(screen.getByLabelText('Comment, row 1'), 'x');
    await u.click(screen.getByRole('link', { name: 'Back to the mapping standards' }));
    expect(
      await screen.findByText('This draft has changes that are not saved. Leave and lose them?'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('view-edit-standard');
    await u.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/artifact/list-of-mapping-standards',
      );
    });
  });
});
