import type { Journal, RegisteredWorkflow } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import type { ConsoleDeps } from '../documents/console.core';
import { DOCUMENT_SEND_WRITES } from '../documents/document-sends';
import {
  DOCUMENT_CHANGE_WRITES,
  documentWriteJournal,
  type DocumentWriteDeps,
} from '../documents/document-writes';
import type { ExchangeDeps } from '../documents/exchange.core';
import { DOCUMENT_SCAN_WRITES } from '../documents/scan-verdict';
import { systemClock } from '../core/ports/clock';
import { auditReader } from './audit';
import { documentFiles, documentStore, routingDeps } from './documents';
import { auditTrail, writeJournal } from './dynamodb';
import { registry } from './registry';
import { standardRows } from './standards';

/** What every journaled document write needs (document-writes.ts, document-sends.ts). */
export const documentWriteDeps = (): DocumentWriteDeps => ({
  ...routingDeps(),
  documents: documentStore(),
  files: documentFiles(),
  audit: auditTrail(),
  auditReader: auditReader(),
  clock: systemClock,
  logger: lambdaLogger,
});

/** Every kind of document write: the reconciler's. */
export const DOCUMENT_WRITES: readonly RegisteredWorkflow<DocumentWriteDeps>[] = [
  ...DOCUMENT_SEND_WRITES,
  ...DOCUMENT_CHANGE_WRITES,
  ...DOCUMENT_SCAN_WRITES,
];

/**
 * The journal document writes run through, knowing the kinds given: each function its own (and
 * may take every step of those: infra's permissions), every kind for the reconciler.
 */
export const documentWrites = (
  workflows: readonly RegisteredWorkflow<DocumentWriteDeps>[] = DOCUMENT_CHANGE_WRITES,
): Journal<DocumentWriteDeps> =>
  documentWriteJournal({ journal: writeJournal() }, documentWriteDeps(), workflows);

export const consoleDocumentDeps = (): ConsoleDeps => ({
  ...routingDeps(),
  documents: documentStore(),
  files: documentFiles(),
  clock: systemClock,
  writes: documentWrites(),
});

/** Which kinds of document write a function's journal knows (and so may finish). */
export const DOCUMENT_WRITE_KINDS = {
  /** The sender's: announcing and completing. */
  send: DOCUMENT_SEND_WRITES,
  /** A change of a received document: acknowledgement, download, retry, release. */
  change: DOCUMENT_CHANGE_WRITES,
  /** The malware scan's verdict (jobs/document-scan-result.ts, and the sweep). */
  scan: DOCUMENT_SCAN_WRITES,
} as const;
export type DocumentKinds = keyof typeof DOCUMENT_WRITE_KINDS;

/** The partner exchange: a send and a completion, or an acknowledgement, know their kinds. */
export const exchangeDeps = (kinds?: DocumentKinds): ExchangeDeps => ({
  registry: registry(),
  documents: documentStore(),
  files: documentFiles(),
  rows: standardRows(),
  clock: systemClock,
  writes: documentWrites(kinds === undefined ? [] : DOCUMENT_WRITE_KINDS[kinds]),
});
