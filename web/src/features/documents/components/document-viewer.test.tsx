import { createHash } from 'node:crypto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { loadTestRuntimeConfig } from '../../../testing/fake-api';
import { testConfig } from '../../../testing/render-app';
import { DocumentViewer, isViewable } from './document-viewer';

/** PDF.js itself runs in the browser (the e2e journey draws a real PDF); here its pages are faked. */
const drawn: number[] = [];
vi.mock('../utils/pdf-pages', () => ({
  openPdf: () => ({ pdf: Promise.resolve({ numPages: 3 }), close: () => undefined }),
  drawPage: (_pdf: unknown, page: number) => {
    drawn.push(page);
    return Promise.resolve({ width: 600, height: 800 });
  },
}));

const FILE = new TextEncoder().encode('%PDF-1.7 a small file');
const SHA = createHash('sha256').update(FILE).digest('hex');
const LINK = 'https://documents.example/doc-1.pdf?X-Amz-Signature=abc';

/** The API's download link, then the file it leads to; every request recorded. */
const serveFile = (file: Uint8Array, status = 200) => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push(url.replace(/\?.*$/, ''));
    if (url.includes('/ccsc/ui/s3documents/download')) {
      return Promise.resolve(
        Response.json({
          status: 'success',
          data: { url: LINK, expiresAt: '2026-12-05T10:00:00.000Z', fileName: 'doc-1.pdf' },
        }),
      );
    }
    return Promise.resolve(new Response(new Blob([file as Uint8Array<ArrayBuffer>]), { status }));
  });
  return asked;
};

const show = (contentType = 'application/pdf', sha256 = SHA) => {
  const opened = vi.fn();
  render(
    <RuntimeConfigProvider value={testConfig}>
      <DocumentViewer
        document={{
          documentId: `doc-${'1'.padStart(26, '0')}`,
          title: 'Protocol',
          contentType,
          sha256,
        }}
        onOpened={opened}
        onClose={() => undefined}
      />
    </RuntimeConfigProvider>,
  );
  return opened;
};

beforeEach(async () => {
  await loadTestRuntimeConfig();
  drawn.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the document viewer', () => {
  it('shows PDFs and the images a browser draws; the others by download', () => {
    expect(['application/pdf', 'image/png', 'image/jpeg'].filter(isViewable)).toHaveLength(3);
    expect(isViewable('image/tiff')).toBe(false);
    expect(
      isViewable('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe(false);
  });

  it('reads the file through the document’s download link, checks its SHA-256 and turns its pages', async () => {
    const asked = serveFile(FILE);
    const opened = show();
    expect(await screen.findByTestId('viewer-page')).toHaveTextContent('Page 1 of 3');
    expect(asked).toEqual(
      ['/ccsc/ui/s3documents/download', 'https://documents.example/doc-1.pdf'].map(
        (u) => expect.stringContaining(u) as string,
      ),
    );
    // The link is a recorded download: the document's page reads it again.
    expect(opened).toHaveBeenCalledOnce();
    expect(screen.getByTestId('viewer-integrity')).toHaveTextContent(
      'The file read matches the SHA-256 the hub recorded.',
    );
    expect(screen.getByRole('img', { name: 'Protocol, page 1 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('viewer-page')).toHaveTextContent('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await waitFor(() => {
      expect(drawn).toEqual([1, 2, 3]);
    });
  });

  it('says so, loudly, when the file read is not the one the hub recorded', async () => {
    serveFile(new TextEncoder().encode('something else'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'does not match the SHA-256 the hub recorded',
    );
  });

  it('says when the file cannot be read', async () => {
    serveFile(FILE, 403);
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be');
  });
});
