import { MAX_IMPORT_BYTES } from '@ccsc/contract/documents';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { announcedImport, uploadPath } from '../../../testing/document-fixtures';
import { type ApiAnswer, failure, success } from '../../../testing/fake-api';
import { bodiesOf, serve } from '../../../testing/registry-kit';
import {
  completed,
  gatewayTimeout,
  ID,
  importing,
  inTurn,
  location,
  openDialog,
  opened,
  page,
  PAGE,
  setUpImportDialogTests,
  zip,
} from './import-dialog-kit';

setUpImportDialogTests();

describe('importing an eTMF-EMS package', () => {
  it('says a refusal and a failed upload, and Try again goes on from the step that failed', async () => {
    let refuse = true;
    let uploadFails = true;
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': () =>
        refuse
          ? failure(403, 'FORBIDDEN', 'Only the sponsor side of study PZ-2025-01 imports into it.')
          : announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: () => (uploadFails ? 'network-error' : success({})),
      's3documents/import-etmf': completed,
    });
    const { u, dialog } = await openDialog(zip());
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the sponsor side of study PZ-2025-01 imports into it.',
    );

    refuse = false;
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The package could not be uploaded. Check the connection and try again.',
      );
    });
    expect(bodiesOf(calls, 's3documents/import-etmf')).toEqual([]);

    uploadFails = false;
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(location()).toBe(`/admin/documents/import?importId=${ID}`);
    });
    // Announced once more after the refusal only; the upload tried twice; then imported.
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    expect(bodiesOf(calls, 's3documents/import-etmf')).toEqual([{ importId: ID }]);
  });

  it('asks for a new link when the storage refuses the upload (403); keeps it when it fails otherwise', async () => {
    let storage: ApiAnswer = { status: 403, body: '' };
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: () => storage,
      's3documents/import-etmf': completed,
    });
    const { u, dialog } = await openDialog(zip());
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The storage refused the upload link (HTTP 403): it may have expired. Try again asks for a new one.',
    );
    storage = { status: 500, body: '' };
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The package could not be uploaded: the storage answered HTTP 500.',
      );
    });
    // The 403 forgot the link: announced again.
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(2);
    storage = success({});
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await opened();
    // The 500 kept it: not announced a third time.
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3);
  });

  it("starts over when the server says the package expired, in the server's words", async () => {
    let gone = true;
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: success({}),
      's3documents/import-etmf': () =>
        gone
          ? failure(409, 'CONFLICT', 'The uploaded package has expired; start a new import.')
          : completed,
    });
    const { u, dialog } = await openDialog(zip());
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The uploaded package has expired; start a new import. Try again starts a new import of this file.',
    );
    // Not repeated: it cannot succeed.
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(1);
    gone = false;
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await opened();
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(2);
  });

  it('repeats a call the gateway cut off (504) after a pause, saying so, and goes on', async () => {
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: success({}),
      's3documents/import-etmf': inTurn(importing(4), gatewayTimeout, completed),
    });
    const { u, dialog } = await openDialog(zip());
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByTestId('import-progress')).toHaveTextContent(
      'Importing… 4 of 12 files. The server did not answer as expected: trying again in a moment.',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await opened();
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(3);
  });

  it("gives up after failures in a row with the server's words and Try again; and when another session holds the import", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: ApiAnswer = failure(
      409,
      'CONFLICT',
      'Another call is importing this package; try again in a moment.',
    );
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: success({}),
      's3documents/import-etmf': () => answer,
    });
    const { u, dialog } = await openDialog(
      zip(),
      userEvent.setup({ applyAccept: false, advanceTimers: vi.advanceTimersByTime }),
    );
    /** Lets the pauses pass until the dialog says something went wrong. */
    const failed = async () => {
      for (let i = 0; i < 60 && within(dialog).queryByRole('alert') === null; i += 1) {
        await vi.advanceTimersByTimeAsync(5_000);
      }
      return within(dialog).getByRole('alert');
    };
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await failed()).toHaveTextContent(
      'Another call is importing this package; try again in a moment.',
    );
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(6);

    // Now the import answers, but does not move: another session is at it.
    answer = importing(4);
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await failed()).toHaveTextContent(
      "The import is making no progress: another session seems to be importing this package. It can be continued later from the import's page.",
    );
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(6 + 13);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(location()).toBe(PAGE);
  });

  it('refuses a file that is not a .zip, or too large, before sending anything', async () => {
    const calls = serve(page);
    const { u, dialog } = await openDialog(zip('exchange.xml'));
    const input = within(dialog).getByLabelText('eTMF-EMS package (.zip)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Chosen: exchange.xml (1.2 kB) exchange.xml is not a .zip file: an eTMF-EMS package is a zip archive.',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    const huge = zip('everything.zip');
    Object.defineProperty(huge, 'size', { value: MAX_IMPORT_BYTES + 1 });
    await u.upload(input, huge);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'everything.zip has 2,000,000,001 bytes: a package may have at most 2,000,000,000 bytes.',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await u.upload(input, zip());
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(calls.map((c) => c.path)).not.toContain('s3documents/import-etmf-upload');
  });
});
