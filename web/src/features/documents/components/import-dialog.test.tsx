import { MAX_IMPORT_BYTES } from '@ccsc/contract/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announcedImport,
  importDetail,
  importId,
  importSummary,
  studyCompleteness,
  uploadPath,
} from '../../../testing/document-fixtures';
import { type ApiAnswer, failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import { catalogueAnswer } from '../../../testing/standard-fixtures';
import { StudyCompletenessPage } from './study-completeness-page';

beforeEach(async () => {
  await loadTestRuntimeConfig();
  signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAGE = '/admin/documents/completeness?studyId=study-1';
const ID = importId(3);
const location = () => screen.getByTestId('location').textContent;
/** The dialog is a chunk of its own, imported on first use: in a busy run that can take seconds. */
const LOADING = { timeout: 10_000 };

/** A package of 1,234 bytes (its content does not matter: the fake storage takes anything). */
const zip = (name = 'cro-transfer.zip') =>
  new File([new Uint8Array(1_234)], name, { type: 'application/zip' });

/** The answers of s3documents/import-etmf, one per call, the last one repeated. */
const inTurn = (...answers: ApiAnswer[]) => {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)] ?? failure(500, 'INTERNAL', 'none');
};

const importing = (filed: number, notFiled = 0) =>
  success({
    import: importDetail(3, {
      state: 'importing',
      completedAt: null,
      filed,
      alreadyFiled: 0,
      notFiled,
      notFiledList: [],
    }),
  });

const completed = success({ import: importDetail(3) });

const page = {
  'artifact/study-completeness': success(studyCompleteness()),
  'artifact/catalogue': catalogueAnswer,
  's3documents/imports': success({ imports: [importSummary(1)] }),
};

/** Every PUT fetch was asked for, with what it was given (the fake API records no headers). */
const recordPuts = () => {
  const inner = globalThis.fetch;
  const puts: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT' && typeof input === 'string') puts.push({ url: input, init });
    return inner(input, init);
  });
  return puts;
};

/** The completeness page, the dialog opened and `file` chosen. */
const openDialog = async (file: File) => {
  const u = userEvent.setup({ applyAccept: false });
  renderScreen(<StudyCompletenessPage />, PAGE);
  await u.click(await screen.findByRole('button', { name: 'Import eTMF-EMS package' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import an eTMF-EMS package' }, LOADING);
  await u.upload(within(dialog).getByLabelText('eTMF-EMS package (.zip)'), file);
  return { u, dialog };
};

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

  it('says what it is doing: uploading, then importing with the files done so far', async () => {
    let stallUpload = true;
    serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: () => (stallUpload ? 'no-answer' : success({})),
      's3documents/import-etmf': inTurn(importing(4, 1), 'no-answer'),
    });
    const first = await openDialog(zip());
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(first.dialog).findByText(
        'Uploading cro-transfer.zip (1.2 kB). Keep this window open.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(within(first.dialog).getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    expect(within(first.dialog).getByLabelText('eTMF-EMS package (.zip)')).toBeDisabled();

    // Cancel stops it where it is; the study's imports are asked for again (it is one now).
    await first.u.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    stallUpload = false;
    const { u, dialog } = await (async () => {
      const again = userEvent.setup({ applyAccept: false });
      await again.click(screen.getByRole('button', { name: 'Import eTMF-EMS package' }));
      const opened = await screen.findByRole(
        'dialog',
        { name: 'Import an eTMF-EMS package' },
        LOADING,
      );
      await again.upload(within(opened).getByLabelText('eTMF-EMS package (.zip)'), zip());
      return { u: again, dialog: opened };
    })();
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('Importing… 5 of 12 files.', {}, { timeout: 3000 }),
    ).toHaveAttribute('role', 'status');
    expect(within(dialog).getByRole('button', { name: 'Importing…' })).toBeDisabled();
    expect(location()).toBe(PAGE);
  });

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

  it("says when the storage refuses the upload, and when the import fails, in the server's words", async () => {
    let storage: ApiAnswer = { status: 403, body: '' };
    let importAnswer: ApiAnswer = failure(409, 'CONFLICT', 'The package has not been uploaded.');
    const calls = serve({
      ...page,
      's3documents/import-etmf-upload': announcedImport(3, 'cro-transfer.zip', 1_234),
      [uploadPath(3)]: () => storage,
      's3documents/import-etmf': () => importAnswer,
    });
    const { u, dialog } = await openDialog(zip());
    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The package could not be uploaded: the storage answered HTTP 403.',
    );
    storage = success({});
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The package has not been uploaded.',
      );
    });
    importAnswer = 'network-error';
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'The package could not be imported. Try again: the import goes on where it stopped.',
      );
    });
    // The upload that succeeded is not made again; the import is asked for each time.
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    expect(bodiesOf(calls, 's3documents/import-etmf')).toHaveLength(2);
    expect(bodiesOf(calls, 's3documents/import-etmf-upload')).toHaveLength(1);
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
      'everything.zip has 2 GB: a package may have at most 2 GB.',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await u.upload(input, zip());
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(calls.map((c) => c.path)).not.toContain('s3documents/import-etmf-upload');
  });
});
