// The import dialog's tests share these.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import {
  importDetail,
  importId,
  importSummary,
  studyCompleteness,
} from '../../../testing/document-fixtures';
import { type ApiAnswer, failure, loadTestRuntimeConfig, success } from '../../../testing/fake-api';
import { renderScreen, signedInAs } from '../../../testing/registry-kit';
import { catalogueAnswer } from '../../../testing/standard-fixtures';
import { StudyCompletenessPage } from './study-completeness-page';

export const PAGE = '/admin/documents/completeness?studyId=study-1';
export const ID = importId(3);
export const location = () => screen.getByTestId('location').textContent;
/** The dialog is a chunk of its own, imported on first use: in a busy run that can take seconds. */
export const LOADING = { timeout: 10_000 };

/**
 * A package of 1,234 bytes (its content does not matter: the fake storage takes anything). Each
 * a file of its own (its time of change), unless `changed` names the one it is again: the dialog
 * takes up an import announced for the same file (same name, size and time).
 */
let files = 0;
export const zip = (name = 'cro-transfer.zip', changed = ++files) =>
  new File([new Uint8Array(1_234)], name, { type: 'application/zip', lastModified: changed });

/** The answers of s3documents/import-etmf, one per call, the last one repeated. */
export const inTurn = (...answers: ApiAnswer[]) => {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)] ?? failure(500, 'INTERNAL', 'none');
};

export const importing = (filed: number, notFiled = 0) =>
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

export const completed = success({ import: importDetail(3) });

export const page = {
  'artifact/study-completeness': success(studyCompleteness()),
  'artifact/catalogue': catalogueAnswer,
  's3documents/imports': success({ imports: [importSummary(1)] }),
};

/** Every PUT fetch was asked for, with what it was given (the fake API records no headers). */
export const recordPuts = () => {
  const inner = globalThis.fetch;
  const puts: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT' && typeof input === 'string') puts.push({ url: input, init });
    return inner(input, init);
  });
  return puts;
};

/** The dialog opened (on the page already there) and `file` chosen. */
export const chooseIn = async (file: File, u = userEvent.setup({ applyAccept: false })) => {
  await u.click(await screen.findByRole('button', { name: 'Import eTMF-EMS package' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import an eTMF-EMS package' }, LOADING);
  await u.upload(within(dialog).getByLabelText('eTMF-EMS package (.zip)'), file);
  return { u, dialog };
};

/** The completeness page, the dialog opened and `file` chosen. */
export const openDialog = async (file: File, u = userEvent.setup({ applyAccept: false })) => {
  renderScreen(<StudyCompletenessPage />, PAGE);
  return chooseIn(file, u);
};

/** Holds the calls of `path` until released (then they go to the fake server as they came). */
export const holdCalls = (path: string) => {
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
export const opened = async () => {
  await waitFor(() => {
    expect(location()).toBe(`/admin/documents/import?importId=${ID}`);
  });
};

/** A 504 as API Gateway answers it when a call runs past 29 s: no envelope of ours. */
export const gatewayTimeout: ApiAnswer = {
  status: 504,
  body: { message: 'Endpoint request timed out' },
};

/** Each test signed in as the sponsor's OrgAdmin; timers, fetch and mocks restored after. */
export const setUpImportDialogTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({ role: 'OrgAdmin', organisationId: 'sponsor-1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
};
