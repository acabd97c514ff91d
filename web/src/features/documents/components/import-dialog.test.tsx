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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAGE = '/admin/documents/completeness?studyId=study-1';
const ID = importId(3);
const location = () => screen.getByTestId('location').textContent;
/** The dialog is a chunk of its own, imported on first use: in a busy run that can take seconds. */
const LOADING = { timeout: 10_000 };

/**
 * A package of 1,234 bytes (its content does not matter: the fake storage takes anything). Each
 * a file of its own (its time of change), unless `changed` names the one it is again: the dialog
 * takes up an import announced for the same file (same name, size and time).
 */
let files = 0;
const zip = (name = 'cro-transfer.zip', changed = ++files) =>
  new File([new Uint8Array(1_234)], name, { type: 'application/zip', lastModified: changed });

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

/** The dialog opened (on the page already there) and `file` chosen. */
const chooseIn = async (file: File, u = userEvent.setup({ applyAccept: false })) => {
  await u.click(await screen.findByRole('button', { name: 'Import eTMF-EMS package' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import an eTMF-EMS package' }, LOADING);
  await u.upload(within(dialog).getByLabelText('eTMF-EMS package (.zip)'), file);
  return { u, dialog };
};

/** The completeness page, the dialog opened and `file` chosen. */
const openDialog = async (file: File, u = userEvent.setup({ applyAccept: false })) => {
  renderScreen(<StudyCompletenessPage />, PAGE);
  return chooseIn(file, u);
};

/** Holds the calls of `path` until released (then they go to the fake server as they came). */
const holdCalls = (path: string) => {
  const inner = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof input === 'string' && input.endsWith(`/${path}`)) await gate;
    return inner(input, init);
  });
  return () => {
    release();
  };
};

/** The import's page was opened, as the dialog does when done (after a pause of 1 s, say). */
const opened = async () => {
  await waitFor(
    () => {
      expect(location()).toBe(`/admin/documents/import?importId=${ID}`);
    },
    { timeout: 3000 },
  );
};

/** A 504 as API Gateway answers it when a call runs past 29 s: no envelope of ours. */
const gatewayTimeout: ApiAnswer = { status: 504, body: { message: 'Endpoint request timed out' } };

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
    expect(
      await within(dialog).findByText('Importing… 5 of 12 files.', {}, { timeout: 3000 }),
    ).toHaveAttribute('role', 'status');
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
