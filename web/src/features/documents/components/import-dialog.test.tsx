import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announcedImport, uploadPath } from '../../../testing/document-fixtures';
import { success } from '../../../testing/fake-api';
import { bodiesOf, serve } from '../../../testing/registry-kit';
import {
  chooseIn,
  completed,
  holdCalls,
  ID,
  importing,
  inTurn,
  location,
  openDialog,
  opened,
  page,
  PAGE,
  recordPuts,
  setUpImportDialogTests,
  zip,
} from './import-dialog-kit';

setUpImportDialogTests();

describe('importing an eTMF-EMS package', () => {
  it('announces the package, uploads it, imports it over as many calls as it takes, then opens it', async () => {
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: success({}),
      's3documents/import-etmf': inTurn(importing(4), importing(9, 1), completed),
    });
    const puts = recordPuts();
    const { u, dialog } = await openDialog(zip());
    expect(within(dialog).getByText(/study PZ-2025-01/)).toBeInTheDocument();
    expect(within(dialog).getByText('Chosen: cro-transfer.zip (1.2 kB)')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));

    await waitFor(() => {
      expect(location()).toBe(`/admin/documents/import?importId=${ID}`);
    });
    // The page is told it comes from the dialog (it takes the focus and says the outcome).
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-state',
      '{"importArrival":"imported"}',
    );
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toEqual([
      { studyId: 'study-1', fileName: 'cro-transfer.zip', size: 1_234 },
    ]);
    // The bytes go straight to the storage, with the headers the link was signed with, and
    // without the console's credentials.
    expect(puts).toHaveLength(1);
    expect(puts[0]?.url).toBe(`https://uploads.example.com/imports/${ID}.zip?X-Amz-Signature=abc`);
    expect(puts[0]?.init).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      credentials: 'omit',
    });
    expect(puts[0]?.init.body).toBeInstanceOf(File);
    expect(calls.find((c) => c.method === 'PUT')?.authorization).toBeUndefined();
    // Called again while the answer said "importing", each time with the same import.
    expect(bodiesOf(calls, 's3documents/import-etmf')).toEqual([
      { importId: ID },
      { importId: ID },
      { importId: ID },
    ]);
  });

  it('says what it is doing, outside the busy form: uploading, then importing with the files done so far', async () => {
    let stallUpload = true;
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: () => (stallUpload ? 'no-answer' : success({})),
      's3documents/import-etmf': inTurn(importing(4, 1), 'no-answer'),
    });
    const first = await openDialog(zip('cro-transfer.zip', 1));
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Import' }));
    const status = await within(first.dialog).findByText(
      'Uploading cro-transfer.zip (1.2 kB). Keep this window open.',
    );
    expect(status).toHaveAttribute('role', 'status');
    // The form is busy; the status is not in it, so that a reader says it.
    expect(within(first.dialog).getByRole('form')).toHaveAttribute('aria-busy', 'true');
    expect(status.closest('[aria-busy="true"]')).toBeNull();
    expect(within(first.dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(within(first.dialog).getByLabelText('eTMF-EMS package (.zip)')).toBeDisabled();

    // Cancel stops it where it is; the study's imports are asked for again (it is one now).
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    // The same file again: the import announced is taken up, not announced again.
    stallUpload = false;
    const { u, dialog } = await chooseIn(zip('cro-transfer.zip', 1));
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Importing… 5 of 12 files.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(dialog).getByRole('button', { name: 'Importing…' })).toBeDisabled();
    expect(location()).toBe(PAGE);
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('closed while the package is announced, the next attempt with the same file waits for that import', async () => {
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: success({}),
      's3documents/import-etmf': completed,
    });
    const release = holdCalls('s3documents/import-etmf-upload');
    const first = await openDialog(zip('cro-transfer.zip', 7));
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Import' }));
    expect(await within(first.dialog).findByTestId('import-progress')).toHaveTextContent(
      'Starting…',
    );
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    const { u, dialog } = await chooseIn(zip('cro-transfer.zip', 7));
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    release();
    await opened();
    // One import announced, its package uploaded once, then imported.
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(bodiesOf(calls, 's3documents/import-etmf')).toEqual([{ importId: ID }]);
  });
});
