import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * PDF.js (Mozilla's viewer library, pdfjs-dist), loaded only when a PDF is shown in the page
 * (document-viewer.tsx imports this module on demand): its worker is served from the console's
 * own origin (a Vite asset), which the CSP's `script-src 'self'` allows. PDF.js 6 evaluates
 * nothing from strings, so the CSP needs no `unsafe-eval`; XFA forms are not drawn.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfFile = PDFDocumentProxy;

/**
 * The PDF of `data` (the bytes are handed to the worker: the caller's copy is emptied), and how
 * to let it go (its worker's memory) once it is no longer shown.
 */
export const openPdf = (data: Uint8Array): { pdf: Promise<PdfFile>; close: () => void } => {
  const task = getDocument({ data, enableXfa: false });
  return {
    pdf: task.promise,
    close: () => {
      void task.destroy();
    },
  };
};

/**
 * Draws page `number` (from 1) into `canvas`, `width` CSS pixels wide, sharp on the screen's
 * pixel ratio. Its size in CSS pixels is returned.
 */
export const drawPage = async (
  pdf: PdfFile,
  number: number,
  canvas: HTMLCanvasElement,
  width: number,
): Promise<{ width: number; height: number }> => {
  const page = await pdf.getPage(number);
  const natural = page.getViewport({ scale: 1 });
  const scale = width / natural.width;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const size = { width, height: Math.floor(viewport.height / ratio) };
  canvas.style.width = `${String(size.width)}px`;
  canvas.style.height = `${String(size.height)}px`;
  await page.render({ canvas, viewport }).promise;
  return size;
};
