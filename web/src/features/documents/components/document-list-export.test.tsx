import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../../lib/download';
import { failure, success } from '../../../testing/fake-api';
import { bodiesOf, renderScreen, serve } from '../../../testing/registry-kit';
import { documentId, documentPage, etmfExport } from '../../../testing/document-fixtures';
import { DocumentListPage } from './document-list-page';
import { DELIVERED, setUpDocumentListTests } from './document-list-page-kit';

vi.mock('../../../lib/download', () => ({ downloadFile: vi.fn() }));
setUpDocumentListTests();

describe('the eTMF-EMS export', () => {
  const EXPORT = { name: 'Export as eTMF-EMS' };

  /** Holds the export's answer until `release()`: the server packs for many seconds. */
  const holdExports = () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const served = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes('s3documents/export-etmf')) await gate;
      return served(input, init);
    });
    return () => {
      release();
    };
  };

  it('is offered only once the list is filtered to a study, and says why', async () => {
    serve({ 's3documents/list': documentPage([DELIVERED]) });
    renderScreen(<DocumentListPage />, '/admin/documents?connectionId=con-1');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    const button = screen.getByRole('button', EXPORT);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/open one study.s documents/);
    // No study, no completeness either.
    expect(screen.queryByRole('link', { name: 'Completeness' })).toBeNull();
  });

  it("packs the study's documents: busy meanwhile, then the download and what it holds", async () => {
    const u = userEvent.setup();
    const calls = serve({
      's3documents/list': documentPage([DELIVERED]),
      's3documents/export-etmf': success(etmfExport()),
    });
    const release = holdExports();
    renderScreen(<DocumentListPage />, '/admin/documents?studyId=study-1&state=delivered');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    expect(screen.getByRole('button', EXPORT)).toHaveAccessibleDescription(
      /every received document of this study .* whatever the list.s other filters/,
    );
    await u.click(screen.getByRole('button', EXPORT));

    // Packing takes a while: the button says so and cannot be pressed again.
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(/The package is being made/)).toBeInTheDocument();
    expect(downloadFile).not.toHaveBeenCalled();

    release();
    const notice = await screen.findByTestId('export-notice');
    expect(notice).toHaveTextContent(
      'Exported 12 documents (4.5 MB) as PZ-2025-01-etmf-ems-20250203T100000.zip: the download has started. 3 documents not delivered (held, or not checked yet) were left out.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    // Only the study: the list's other filters are not the export's.
    expect(bodiesOf(calls, 's3documents/export-etmf')).toEqual([{ studyId: 'study-1' }]);
    expect(downloadFile).toHaveBeenCalledWith(
      etmfExport().url,
      'PZ-2025-01-etmf-ems-20250203T100000.zip',
    );
    // The link stays a few minutes, should the browser not have started the download.
    expect(
      within(notice).getByRole('link', {
        name: 'Download PZ-2025-01-etmf-ems-20250203T100000.zip again',
      }),
    ).toHaveAttribute('href', etmfExport().url);
    expect(screen.getByRole('button', EXPORT)).toBeEnabled();
  });

  it("exports one connection's documents when the list is filtered to it too", async () => {
    const u = userEvent.setup();
    const calls = serve({
      's3documents/list': documentPage([DELIVERED]),
      's3documents/export-etmf': success(etmfExport({ documents: 1, bytes: 800, unclassified: 0 })),
    });
    renderScreen(<DocumentListPage />, '/admin/documents?studyId=study-1&connectionId=con-1');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    expect(screen.getByRole('button', EXPORT)).toHaveAccessibleDescription(
      /every received document of this connection/,
    );
    await u.click(screen.getByRole('button', EXPORT));
    const notice = await screen.findByTestId('export-notice');
    // Nothing was left out: nothing is said of it.
    expect(notice).toHaveTextContent(
      /^Exported 1 document \(800 bytes\) as PZ-2025-01-etmf-ems-20250203T100000\.zip: the download has started\.Download/,
    );
    expect(bodiesOf(calls, 's3documents/export-etmf')).toEqual([
      { studyId: 'study-1', connectionId: 'con-1' },
    ]);
  });

  it("says a refusal in the server's words, and nothing is downloaded", async () => {
    const u = userEvent.setup();
    serve({
      's3documents/list': documentPage([DELIVERED]),
      's3documents/export-etmf': failure(
        404,
        'NOT_FOUND',
        'No study with that id is within your reach.',
      ),
    });
    renderScreen(<DocumentListPage />, '/admin/documents?studyId=study-9');
    await screen.findByTestId(`document-row-${documentId(1)}`);
    await u.click(screen.getByRole('button', EXPORT));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No study with that id is within your reach.',
    );
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('links the study to its completeness, and numbers in German', async () => {
    const u = userEvent.setup();
    const { changeLanguage } = await import('../../../lib/i18n');
    serve({
      's3documents/list': documentPage([DELIVERED]),
      's3documents/export-etmf': success(etmfExport({ documents: 1234, bytes: 4_500_000 })),
    });
    await changeLanguage('de');
    try {
      renderScreen(<DocumentListPage />, '/admin/documents?studyId=study-1');
      await screen.findByTestId(`document-row-${documentId(1)}`);
      expect(screen.getByRole('link', { name: 'Vollständigkeit' })).toHaveAttribute(
        'href',
        '/admin/documents/completeness?studyId=study-1',
      );
      // Named for what it opens: the study's imports, not an import.
      expect(screen.getByRole('link', { name: 'eTMF-EMS-Importe' })).toHaveAttribute(
        'href',
        '/admin/documents/completeness?studyId=study-1#imports',
      );
      expect(screen.queryByRole('link', { name: 'Importieren' })).toBeNull();
      await u.click(screen.getByRole('button', { name: 'Als eTMF-EMS exportieren' }));
      expect(await screen.findByTestId('export-notice')).toHaveTextContent(
        '1.234 Dokumente (4,5 MB) als PZ-2025-01-etmf-ems-20250203T100000.zip exportiert: Der Download hat begonnen. 3 nicht zugestellte Dokumente (zurückgehalten oder noch nicht geprüft) wurden ausgelassen.',
      );
    } finally {
      await changeLanguage('en');
    }
  });
});
