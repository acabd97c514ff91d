import type { DocumentDetail } from '@ccsc/contract/documents';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { callApi } from '../../../lib/api';
import { messageOfError } from '../../../lib/refusals';
import type { PdfFile } from '../utils/pdf-pages';

/** What the viewer shows in the page: PDFs (PDF.js) and the images a browser draws itself. */
export const VIEWABLE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const isViewable = (contentType: string): boolean =>
  (VIEWABLE_TYPES as readonly string[]).includes(contentType);

/** The widest a page is drawn (CSS pixels): a reading width, not the whole desktop. */
const MAX_WIDTH = 960;

type Shown =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'pdf'; pdf: PdfFile; page: number; intact: boolean }
  | { kind: 'image'; url: string; intact: boolean };

const hexOf = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

interface DocumentViewerProps {
  document: Pick<DocumentDetail, 'documentId' | 'title' | 'contentType' | 'sha256'>;
  /** The file was handed out (its link is a recorded download): the document is read again. */
  onOpened: () => void;
  onClose: () => void;
}

/**
 * A document's file in the page (issue 37), without downloading it to the computer: read through
 * the document's own download link (s3documents/download, so the server checks the caller's reach
 * and records the reading in the audit trail and on the document as any download), checked
 * against the SHA-256 the hub recorded, then drawn — a PDF page by page with PDF.js, an image as
 * it is. Types a browser cannot draw (Word, Excel, TIFF, XML) are offered as a download only.
 */
export const DocumentViewer = ({ document, onOpened, onClose }: DocumentViewerProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pageCount, setPageCount] = useState(0);
  const { documentId, contentType, sha256 } = document;

  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    let close: (() => void) | null = null;
    const load = async () => {
      const link = await callApi('s3documents/download', { documentId });
      onOpened();
      const response = await fetch(link.url);
      if (!response.ok) throw new Error(`The file could not be read (${String(response.status)}).`);
      const bytes = await response.arrayBuffer();
      const intact = hexOf(await crypto.subtle.digest('SHA-256', bytes)) === sha256.toLowerCase();
      if (contentType === 'application/pdf') {
        const { openPdf } = await import('../utils/pdf-pages');
        const opening = openPdf(new Uint8Array(bytes));
        close = opening.close;
        const opened = await opening.pdf;
        if (!live) return;
        setPageCount(opened.numPages);
        setShown({ kind: 'pdf', pdf: opened, page: 1, intact });
      } else {
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: contentType }));
        if (live) setShown({ kind: 'image', url: objectUrl, intact });
      }
    };
    load().catch((err: unknown) => {
      if (live) {
        setShown({ kind: 'failed', message: messageOfError(err, t('documents.viewer.failed')) });
      }
    });
    return () => {
      live = false;
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
      close?.();
    };
    // Loaded once per document shown; the callbacks' identities do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentId, contentType, sha256]);

  const pdf = shown.kind === 'pdf' ? shown.pdf : null;
  const page = shown.kind === 'pdf' ? shown.page : 0;
  useEffect(() => {
    if (pdf === null || canvas.current === null || frame.current === null) return;
    const width = Math.min(frame.current.clientWidth, MAX_WIDTH);
    let live = true;
    void import('../utils/pdf-pages').then(({ drawPage }) => {
      if (live && canvas.current !== null) return drawPage(pdf, page, canvas.current, width);
      return undefined;
    });
    return () => {
      live = false;
    };
  }, [pdf, page]);

  const turn = (to: number) => {
    if (shown.kind === 'pdf') setShown({ ...shown, page: to });
  };

  return (
    <section className="border rounded p-3 mb-4" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id={headingId} className="h5 mb-0 me-auto">
          {t('documents.viewer.heading')}
        </h2>
        {shown.kind === 'pdf' && (
          <div
            className="d-flex align-items-center gap-2"
            role="group"
            aria-label={t('documents.viewer.pages')}
          >
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={shown.page <= 1}
              onClick={() => {
                turn(shown.page - 1);
              }}
            >
              {t('documents.viewer.previous')}
            </button>
            <span className="small" aria-live="polite" data-testid="viewer-page">
              {t('documents.viewer.pageOf', { page: shown.page, count: pageCount })}
            </span>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={shown.page >= pageCount}
              onClick={() => {
                turn(shown.page + 1);
              }}
            >
              {t('documents.viewer.next')}
            </button>
          </div>
        )}
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          {t('documents.viewer.close')}
        </button>
      </div>
      {(shown.kind === 'pdf' || shown.kind === 'image') && (
        <p
          className={`small ${shown.intact ? 'text-success' : 'text-danger-emphasis fw-semibold'}`}
          data-testid="viewer-integrity"
          role={shown.intact ? undefined : 'alert'}
        >
          {shown.intact ? t('documents.viewer.intact') : t('documents.viewer.notIntact')}
        </p>
      )}
      <div ref={frame} className="text-center overflow-auto">
        {shown.kind === 'loading' && <LoadingIndicator className="my-3" />}
        {shown.kind === 'failed' && (
          <p className="text-danger-emphasis text-start" role="alert">
            {shown.message}
          </p>
        )}
        {shown.kind === 'pdf' && (
          <canvas
            ref={canvas}
            className="border mw-100"
            role="img"
            aria-label={t('documents.viewer.pageImage', {
              title: document.title,
              page: shown.page,
              count: pageCount,
            })}
            data-testid="viewer-canvas"
          />
        )}
        {shown.kind === 'image' && (
          <img
            src={shown.url}
            alt={document.title}
            className="img-fluid border"
            style={{ maxWidth: `${String(MAX_WIDTH)}px` }}
          />
        )}
      </div>
    </section>
  );
};
