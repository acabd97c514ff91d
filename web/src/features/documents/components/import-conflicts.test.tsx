import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportDetail } from '@ccsc/contract/documents';
import { describe, expect, it, vi } from 'vitest';
import {
  filedObject,
  importConflict,
  importDetail,
  importPage,
} from '../../../testing/document-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, serve, signedInAs } from '../../../testing/registry-kit';
import { catalogueAnswer } from '../../../testing/standard-fixtures';
import { open, setUpImportPageTests } from './import-page-kit';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));

setUpImportPageTests();

/** An import with the official example's Medical License as an open conflict. */
const withConflict = (overrides: Partial<ImportDetail> = {}) =>
  importDetail(1, {
    conflicts: 1,
    conflictFiles: 1,
    conflictList: [importConflict(1)],
    ...overrides,
  });

const conflictCard = () => screen.getByTestId('conflict-1');

describe('an eTMF-EMS import’s conflicts', () => {
  it('shows what the package says, why it is uncertain and the verified files, read-only for an Auditor', async () => {
    serve({ 's3documents/import-get': importPage(withConflict(), [filedObject(1)]) });
    await open();
    expect(screen.getByRole('heading', { name: 'Conflicts to resolve' })).toBeInTheDocument();
    expect(screen.getByTestId('count-conflicts')).toHaveTextContent('1');
    const card = conflictCard();
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Medical License, John Smith',
    );
    expect(within(card).getByTestId('conflict-state')).toHaveTextContent('Open');
    for (const text of [
      'Artifact number05.02.01',
      'Unique ID091',
      'Name in the packageMedical License',
      'TMF Reference Model version3.0',
      'Site 101',
      'PCO-AKT-101-MED-001.pdf',
    ]) {
      expect(card).toHaveTextContent(text);
    }
    expect(within(card).getByTestId('conflict-why')).toHaveTextContent(
      'The package is TMF Reference Model 3.0',
    );
    // Its file was checked with MD5 only: said beside it.
    expect(within(card).getByTestId('weaker-note')).toHaveTextContent(
      'Weaker checksumChecked with MD5 only',
    );
    // An Auditor reads; only whoever may import decides.
    expect(within(card).queryByRole('button', { name: 'File as chosen' })).toBeNull();
  });

  it('files the whole object as a candidate a person chose, then shows it filed', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin' });
    let resolved = false;
    const calls = serve({
      's3documents/import-get': () =>
        importPage(
          resolved
            ? withConflict({
                conflicts: 0,
                conflictFiles: 0,
                filed: 9,
                conflictList: [
                  importConflict(1, {
                    state: 'filed',
                    resolvedBy: 'me@example.com',
                    resolvedAt: '2025-03-01T10:00:00.000Z',
                    filedAs: {
                      number: '05.02.07',
                      name: 'Site Staff Qualification Supporting Information',
                    },
                  }),
                ],
              })
            : withConflict(),
          [filedObject(1)],
        ),
      's3documents/import-resolve': () => {
        resolved = true;
        return success({ import: withConflict() });
      },
    });
    await open();
    const card = conflictCard();
    // Nothing chosen yet: it says so, and sends nothing.
    await u.click(within(card).getByRole('button', { name: 'File as chosen' }));
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Choose the artifact to file the object as.',
    );
    await u.click(
      within(card).getByRole('radio', {
        name: '05.02.07 Site Staff Qualification Supporting Information (by its name)',
      }),
    );
    await u.click(within(card).getByRole('button', { name: 'File as chosen' }));
    await waitFor(() => {
      expect(screen.getByTestId('conflict-notice')).toHaveTextContent(
        'PCO-AKT-101-MED-001 is filed as 05.02.07 Site Staff Qualification Supporting Information.',
      );
    });
    expect(bodiesOf(calls, 's3documents/import-resolve')).toEqual([
      { importId: importDetail(1).importId, seq: 1, action: 'file', artifactNumber: '05.02.07' },
    ]);
    await waitFor(() => {
      expect(within(conflictCard()).getByTestId('conflict-state')).toHaveTextContent('Filed');
    });
    expect(within(conflictCard()).getByTestId('conflict-resolution')).toHaveTextContent(
      'Filed as 05.02.07 Site Staff Qualification Supporting Information by me@example.com',
    );
    expect(within(conflictCard()).queryByRole('button', { name: 'File as chosen' })).toBeNull();
  });

  it('files it as another artifact of the catalogue', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'PlatformAdmin' });
    const calls = serve({
      's3documents/import-get': importPage(withConflict(), []),
      'artifact/catalogue': catalogueAnswer,
      's3documents/import-resolve': success({ import: withConflict() }),
    });
    await open();
    const card = conflictCard();
    await u.click(within(card).getByRole('radio', { name: 'Another artifact of the catalogue' }));
    const select = await within(card).findByRole('combobox', { name: 'Artifact' });
    await waitFor(() => {
      expect(select).toBeEnabled();
    });
    const option = within(select).getAllByRole('option')[1];
    const number = option?.getAttribute('value') ?? '';
    expect(number).toMatch(/^\d{2}\.\d{2}\.\d{2}$/u);
    await u.selectOptions(select, number);
    await u.click(within(card).getByRole('button', { name: 'File as chosen' }));
    await waitFor(() => {
      expect(bodiesOf(calls, 's3documents/import-resolve')).toEqual([
        { importId: importDetail(1).importId, seq: 1, action: 'file', artifactNumber: number },
      ]);
    });
  });

  it('skips it only when asked twice, and says why a refusal came', async () => {
    const u = userEvent.setup();
    signedInAs({ role: 'OrgAdmin' });
    const calls = serve({
      's3documents/import-get': importPage(withConflict(), []),
      's3documents/import-resolve': failure(
        409,
        'CONFLICT',
        'Conflict 1 (PCO-AKT-101-MED-001) was filed as 05.02.07 already, by other@example.com.',
      ),
    });
    await open();
    const card = conflictCard();
    await u.click(within(card).getByRole('button', { name: 'Skip' }));
    expect(bodiesOf(calls, 's3documents/import-resolve')).toEqual([]);
    expect(card).toHaveTextContent('A skipped object is not filed');
    await u.click(within(card).getByRole('button', { name: 'Cancel' }));
    await u.click(within(card).getByRole('button', { name: 'Skip' }));
    await u.click(within(card).getByRole('button', { name: 'Skip this object for good' }));
    await waitFor(() => {
      expect(screen.getByTestId('conflict-notice')).toHaveTextContent(
        'was filed as 05.02.07 already, by other@example.com.',
      );
    });
    expect(bodiesOf(calls, 's3documents/import-resolve')).toEqual([
      { importId: importDetail(1).importId, seq: 1, action: 'skip' },
    ]);
  });
});
