import { createHash } from 'node:crypto';
import { dataOf, type PartnerClient } from './client';

/**
 * What a site system (an eISF) does through the partner API, one step a function: who am I, my
 * active connection for a study, send a document (announce it, PUT the file to the presigned URL,
 * complete it), follow it until the hub has delivered or held it.
 */

/** The calling system, its organisation and its credential (scope system.read). */
export const whoAmI = async (site: PartnerClient) => dataOf(await site.GET('/me'));

/** The active connection the site has for `studyId` (scope connections.read), or null. */
export const activeConnection = async (site: PartnerClient, studyId: string) => {
  const { connections } = dataOf(
    await site.GET('/connections', { params: { query: { status: 'active' } } }),
  );
  return connections.find((c) => c.study.studyId === studyId) ?? null;
};

export interface DocumentToSend {
  /** The same key for the same document: a repeated announce answers the first. */
  idempotencyKey: string;
  connectionId: string;
  /** A document type of the site's published mapping standard. */
  typeCode: string;
  title: string;
  version: string;
  documentDate: string;
  language: string;
  /** Whom the document is about (a CV's person), when its artifact asks for it. */
  personName?: string;
  fileName: string;
  file: Uint8Array<ArrayBuffer>;
}

/** The SHA-256 of a file, hex: announced with it, checked by the hub and by the receiver. */
export const sha256Of = (file: Uint8Array): string =>
  createHash('sha256').update(file).digest('hex');

/**
 * Sends a PDF (scope documents.send): announced with its size and SHA-256, the file PUT to the
 * presigned URL the announce answered, then completed. Answers the document as completed (it is
 * checked and scanned next: `received`, `awaiting-scan`…).
 */
export const sendDocument = async (site: PartnerClient, doc: DocumentToSend) => {
  const { file, personName, ...fields } = doc;
  const announced = dataOf(
    await site.POST('/documents', {
      body: {
        ...fields,
        ...(personName === undefined ? {} : { personName }),
        contentType: 'application/pdf',
        size: file.length,
        sha256: sha256Of(file),
      },
    }),
  );
  const { documentId } = announced.document;
  // A repeated announce of a document already uploaded answers no upload: complete it again.
  if (announced.upload !== null) {
    const put = await fetch(announced.upload.url, {
      method: announced.upload.method,
      headers: announced.upload.headers,
      body: file,
    });
    if (!put.ok) throw new Error(`The upload of ${documentId} answered ${String(put.status)}`);
  }
  return dataOf(
    await site.POST('/documents/{documentId}/complete', {
      params: { path: { documentId } },
      body: {},
    }),
  ).document;
};

/** A sent document as the hub sees it now: its state, hold, classification. */
export const sentDocument = async (site: PartnerClient, documentId: string) =>
  dataOf(await site.GET('/documents/{documentId}', { params: { path: { documentId } } })).document;

/** States a sent document passes through before the hub delivers, holds or quarantines it. */
const IN_FLIGHT = new Set(['announced', 'received', 'awaiting-scan', 'classified']);

/** Follows a sent document until it leaves the in-flight states (or `withinMs` passed). */
export const followDocument = async (
  site: PartnerClient,
  documentId: string,
  withinMs = 30_000,
  everyMs = 200,
) => {
  const giveUpAt = Date.now() + withinMs;
  let sent = await sentDocument(site, documentId);
  while (IN_FLIGHT.has(sent.state) && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    sent = await sentDocument(site, documentId);
  }
  return sent;
};
