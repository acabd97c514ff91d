/**
 * Document measure 4: an eTMF-EMS export of 1,000 documents in constant memory (`documents.ts`).
 */
import { performance } from 'node:perf_hooks';
import { callApi } from '../support/api';
import type { DocumentMeasure } from './documents-types';
import { partner, pdfFile, seconds, sendDocument } from './documents-kit';

// ---------- 4. an eTMF-EMS export of 1,000 documents, in constant memory ----------

const EXPORT_DOCUMENTS = 1000;
const EXPORT_FILE_BYTES = 100 * 1024;

/**
 * 1,000 documents of 100 KB sent through the API over one connection (ten at a time), then the
 * study exported as an eTMF-EMS package while this process's heap is sampled every 5 ms (the
 * console runs in this process). A package of 100 MB and more that is streamed shows as a heap
 * that grows by a few parts of 5 MiB, whatever the number of documents.
 */
export const measureEtmfExport: DocumentMeasure = async (bench) => {
  const { c, admin, log } = bench;
  const sender = bench.senders[0];
  if (sender === undefined) throw new Error('no sender');
  const found: { studyId: string | null } = { studyId: null };
  let next = 0;
  const started = performance.now();
  const loop = async () => {
    while (next < EXPORT_DOCUMENTS) {
      const n = next;
      next += 1;
      const sent = await sendDocument(
        c,
        sender,
        pdfFile(EXPORT_FILE_BYTES),
        { typeCode: 'PROT-SIG', title: `Protocol signature page for the package, ${String(n)}` },
        `bench-ems-${String(Date.now())}-${String(n)}`,
        3,
      );
      if (sent.documentId === null || sent.document?.state !== 'delivered') {
        throw new Error(`export set: ${sent.errors.join(' | ') || JSON.stringify(sent.document)}`);
      }
      if (found.studyId === null) {
        const got = await partner<{ document: { studyId: string } }>(
          c,
          sender.token,
          'GET',
          `documents/${sent.documentId}`,
        );
        found.studyId = got.data?.document.studyId ?? null;
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, loop));
  log(
    `documents: ${String(EXPORT_DOCUMENTS)} documents of ${String(EXPORT_FILE_BYTES / 1024)} KB sent for the package in ${seconds(performance.now() - started)}`,
  );
  const { studyId } = found;
  if (studyId === null) throw new Error('export set: no study');

  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const exportStarted = performance.now();
  const res = await callApi(c, 's3documents/export-etmf', {
    token: admin.idToken,
    body: { studyId },
  });
  const ms = performance.now() - exportStarted;
  clearInterval(sampler);
  if (res.status !== 200)
    throw new Error(`export-etmf: ${String(res.status)} ${JSON.stringify(res.body)}`);
  const { documents, bytes } = (res.body as { data: { documents: number; bytes: number } }).data;
  const growth = (heapPeak - heapBefore) / (1024 * 1024);
  log(
    `documents: eTMF-EMS export of ${String(documents)} documents, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${seconds(ms)}; heap growth at peak ${growth.toFixed(1)} MB`,
  );
  if (documents < EXPORT_DOCUMENTS) {
    throw new Error(
      `export-etmf: ${String(documents)} documents, ${String(EXPORT_DOCUMENTS)} sent`,
    );
  }
  return [
    {
      name: `eTMF-EMS export of ${String(documents)} documents (${(bytes / 1024 / 1024).toFixed(0)} MB), heap growth`,
      value: growth,
      unit: 'MB',
      budget: 64,
    },
  ];
};
