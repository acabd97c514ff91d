import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { describe, expect, it, vi } from 'vitest';
import { filedObject, importDetail, importPage } from '../../../testing/document-fixtures';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve, signedInAs } from '../../../testing/registry-kit';
import {
  holdCalls,
  ID,
  location,
  open,
  PATH,
  setUpImportPageTests,
  unfinished,
} from './import-page-kit';
import { ImportPage } from './import-page';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));

setUpImportPageTests();

describe('an eTMF-EMS import', () => {
  it('come from the dialog, takes the focus to its heading and says the outcome', async () => {
    serve({ 's3documents/import-get': importPage(importDetail(1), [filedObject(1)]) });
    renderScreen(<ImportPage />, {
      pathname: '/admin/documents/import',
      search: `?importId=${ID}`,
      state: { importArrival: 'imported' },
    });
    await screen.findByTestId('import-state');
    const heading = screen.getByRole('heading', { level: 1, name: 'eTMF-EMS import' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(screen.getByTestId('import-arrived')).toHaveTextContent(
      'The import is complete. Filed now: 8; already filed before: 1; not filed: 3.',
    );
    expect(screen.getByTestId('import-arrived')).toHaveAttribute('role', 'status');
    // Said once: the history entry no longer says where the reader came from.
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveAttribute('data-state', 'null');
    });
    expect(location()).toBe(PATH);
  });

  it('says a rejected outcome too, and nothing when opened otherwise', async () => {
    const rejected = importDetail(1, {
      state: 'rejected',
      filed: 0,
      alreadyFiled: 0,
      notFiled: 0,
      notFiledList: [],
      rejection: 'exchange.xml does not validate against the eTMF-EMS schema.',
    });
    serve({ 's3documents/import-get': importPage(rejected, []) });
    const { unmount } = renderScreen(<ImportPage />, {
      pathname: '/admin/documents/import',
      search: `?importId=${ID}`,
      state: { importArrival: 'imported' },
    });
    expect(await screen.findByTestId('import-arrived')).toHaveTextContent(
      'The import was rejected. Filed now: 0; already filed before: 0; not filed: 0.',
    );
    expect(screen.getByTestId('import-arrived')).toHaveAttribute('role', 'alert');
    unmount();
    const heading = await open();
    expect(heading).not.toHaveFocus();
    expect(screen.queryByTestId('import-arrived')).toBeNull();
  });

  it("come from the list's Continue, continues the import at once", async () => {
    signedInAs({ role: 'PlatformAdmin' });
    let finished = false;
    const calls = serve({
      's3documents/import-get': () =>
        importPage(finished ? importDetail(1) : unfinished, [filedObject(1)]),
      's3documents/import-etmf': () => {
        finished = true;
        return success({ import: importDetail(1) });
      },
    });
    renderScreen(<ImportPage />, {
      pathname: '/admin/documents/import',
      search: `?importId=${ID}`,
      state: { importArrival: 'continue' },
    });
    expect(await screen.findByTestId('import-notice')).toHaveTextContent(
      'The import went on to its end: it is now "Completed".',
    );
    expect(bodiesOf(calls, 's3documents/import-etmf')).toEqual([{ importId: ID }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('lists the files a rejected import filed before it stopped, and says so', async () => {
    const u = userEvent.setup();
    const replaced =
      'The package was replaced after its exchange.xml was validated: the files filed so far stay filed; start a new import with the package you mean.';
    const calls = serve({
      's3documents/import-get': importPage(
        importDetail(1, {
          state: 'rejected',
          filed: 2,
          alreadyFiled: 0,
          notFiled: 0,
          notFiledList: [],
          rejection: replaced,
        }),
        [filedObject(1), filedObject(2)],
      ),
      's3documents/import-download': success({
        url: 'https://files.example.com/visit-log-2.pdf?sig=abc',
        expiresAt: '2025-03-01T10:05:00.000Z',
        fileName: 'visit-log-2.pdf',
      }),
    });
    await open();
    expect(screen.getByTestId('import-rejected')).toHaveTextContent(
      `The import was stopped: 2 files were filed before it stopped, and stay filed.${replaced}`,
    );
    expect(screen.getByRole('heading', { name: 'Files filed' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Download content/visit-log-2.pdf' }));
    expect(await screen.findByTestId('download-notice')).toHaveTextContent(
      'The download of visit-log-2.pdf has started.',
    );
    expect(bodiesOf(calls, 's3documents/import-download')).toEqual([{ importId: ID, seq: '2' }]);
  });

  it('keeps the focus on Download while it works: aria-disabled, a second click ignored', async () => {
    const u = userEvent.setup();
    const calls = serve({
      's3documents/import-get': importPage(importDetail(1), [filedObject(1), filedObject(2)]),
      's3documents/import-download': success({
        url: 'https://files.example.com/visit-log-1.pdf?sig=abc',
        expiresAt: '2025-03-01T10:05:00.000Z',
        fileName: 'visit-log-1.pdf',
      }),
    });
    const release = holdCalls('s3documents/import-download');
    await open();
    const first = screen.getByRole('button', { name: 'Download content/visit-log-1.pdf' });
    const second = screen.getByRole('button', { name: 'Download content/visit-log-2.pdf' });
    // From the keyboard: the button keeps the focus while it works, and after.
    first.focus();
    await u.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(second).toHaveAttribute('aria-disabled', 'true');
    expect(first).not.toBeDisabled();
    expect(first).toHaveFocus();
    await u.keyboard('{Enter}');
    second.focus();
    await u.keyboard('{Enter}');
    first.focus();
    release();
    expect(await screen.findByTestId('download-notice')).toHaveTextContent(
      'The download of visit-log-1.pdf has started.',
    );
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-disabled', 'false');
    expect(bodiesOf(calls, 's3documents/import-download')).toEqual([{ importId: ID, seq: '1' }]);
  });

  it('offers an Auditor no Continue, and says when a package was never uploaded', async () => {
    let state: 'importing' | 'awaiting-upload' = 'importing';
    serve({
      's3documents/import-get': () =>
        importPage(
          state === 'importing'
            ? importDetail(1, { state, completedAt: null, notFiledList: [] })
            : importDetail(1, {
                state,
                completedAt: null,
                objects: 0,
                files: 0,
                filed: 0,
                alreadyFiled: 0,
                notFiled: 0,
                batch: null,
                notFiledList: [],
              }),
          [],
        ),
    });
    const { unmount } = renderScreen(<ImportPage />, PATH);
    expect(await screen.findByTestId('import-state-note')).toHaveTextContent(
      'The import has not finished: 12 of 12 files so far.',
    );
    expect(screen.getByTestId('import-state')).toHaveTextContent('Importing — not finished');
    expect(screen.queryByRole('button', { name: 'Continue the import' })).toBeNull();
    unmount();

    state = 'awaiting-upload';
    renderScreen(<ImportPage />, PATH);
    expect(await screen.findByTestId('import-state-note')).toHaveTextContent(
      'The package has not been uploaded: nothing was imported. Start a new import from the study.',
    );
    expect(screen.queryByRole('heading', { name: 'Files filed' })).toBeNull();
  });

  it("says a refusal in the server's words with Try again; a link without an import is not sent", async () => {
    const u = userEvent.setup();
    let refuse = true;
    const calls = serve({
      's3documents/import-get': () =>
        refuse
          ? failure(404, 'NOT_FOUND', 'No import with that id is within your reach.')
          : importPage(importDetail(1), []),
    });
    renderScreen(<ImportPage />, PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No import with that id is within your reach.',
    );
    expect(screen.getByRole('link', { name: 'Back to the documents' })).toBeInTheDocument();
    refuse = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('import-counts')).toBeInTheDocument();
    expect(screen.getByText('This import filed no files.')).toHaveAttribute('role', 'status');
    expect(bodiesOf(calls, 's3documents/import-get')).toHaveLength(2);
  });

  it('asks for an import when the link names none, or not one', async () => {
    const calls = serve({});
    const { unmount } = renderScreen(<ImportPage />, '/admin/documents/import');
    expect(
      await screen.findByText("No import is chosen. Open one from its study's completeness."),
    ).toHaveAttribute('role', 'status');
    unmount();
    renderScreen(<ImportPage />, '/admin/documents/import?importId=doc-1');
    expect(await screen.findByText('This link does not name an import.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(location()).toBe('/admin/documents/import?importId=doc-1');
  });

  it('speaks German and Turkish', async () => {
    const { changeLanguage } = await import('../../../lib/i18n');
    serve({ 's3documents/import-get': importPage(importDetail(1), [filedObject(1)]) });
    await changeLanguage('de');
    try {
      renderScreen(<ImportPage />, PATH);
      expect(await screen.findByTestId('import-state')).toHaveTextContent('Abgeschlossen');
      expect(
        screen.getByRole('heading', { level: 1, name: 'eTMF-EMS-Import' }),
      ).toBeInTheDocument();
      expect(screen.getAllByTestId('not-filed-reason')[0]).toHaveTextContent(
        'Die Prüfsumme der Datei ist nicht die, die das Inventar angibt.',
      );
      expect(
        within(screen.getByTestId('filed-1')).getByRole('button', {
          name: 'Herunterladen content/visit-log-1.pdf',
        }),
      ).toBeInTheDocument();
      await changeLanguage('tr');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'eTMF-EMS içe aktarması' }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('filed-1')).toHaveTextContent('Merkez 104');
      expect(screen.getByRole('link', { name: 'Çalışmaya dön' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
