// The import page's tests share these; each test file mocks '../../../lib/download' itself.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { downloadFile } from '../../../lib/download';
import { importDetail, importId } from '../../../testing/document-fixtures';
import { loadTestRuntimeConfig } from '../../../testing/fake-api';
import { renderScreen, signedInAs } from '../../../testing/registry-kit';
import { ImportPage } from './import-page';

export const ID = importId(1);
export const PATH = `/admin/documents/import?importId=${ID}`;
export const location = () => screen.getByTestId('location').textContent;

/** Each test signed in as an Auditor; timers, fetch and the mocked download restored after. */
export const setUpImportPageTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({ role: 'Auditor' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.mocked(downloadFile).mockReset();
  });
};

/** Holds the calls of `path` until released (then they go to the fake server as they came). */
export const holdCalls = (path: string) => {
  const inner = globalThis.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(`/${path}`)) await gate;
    return inner(input, init);
  });
  return () => {
    release();
  };
};

/** An import left `importing`: 3 of its 12 files gone through. */
export const unfinished = importDetail(1, {
  state: 'importing',
  completedAt: null,
  filed: 2,
  alreadyFiled: 0,
  notFiled: 1,
  notFiledList: importDetail(1).notFiledList.slice(0, 1),
});

/** The page, once the report is there (the heading shows while it loads too). */
export const open = async () => {
  renderScreen(<ImportPage />, PATH);
  await screen.findByTestId('import-state');
  return screen.getByRole('heading', { level: 1, name: 'eTMF-EMS import' });
};
