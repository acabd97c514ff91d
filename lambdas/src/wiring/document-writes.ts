import type { Journal, RegisteredWorkflow } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import type { ConsoleDeps } from '../documents/console.core';
import { DOCUMENT_COMPLETE_WRITES, DOCUMENT_SEND_WRITES } from '../documents/document-sends';
import {
  DOCUMENT_CHANGE_WRITES,
  documentWriteJournal,
  type DocumentWriteDeps,
} from '../documents/document-writes';
import type { ExchangeDeps } from '../documents/exchange.core';
import { DOCUMENT_SCAN_WRITES } from '../documents/scan-verdict';
import { DOCUMENT_RETURN_WRITES } from '../documents/document-returns';
import type { ReturnDeps } from '../documents/returns.core';
import { systemClock } from '../core/ports/clock';
import { auditReader } from './audit';
import { documentFiles, documentStore, routingDeps } from './documents';
import { auditTrail, writeJournal } from './dynamodb';
import { eventWriter } from './events';
import { lambdaEnv } from '../env';
import { registryReader } from './registry';
import { standardRows } from './standards';

/** What every journaled document write needs (document-writes.ts, document-sends.ts). */
export const documentWriteDeps = (): DocumentWriteDeps => ({
  ...routingDeps(),
  contentPolicy: lambdaEnv().DOCUMENT_CONTENT_POLICY,
  documents: documentStore(),
  files: documentFiles(),
  audit: auditTrail(),
  auditReader: auditReader(),
  events: eventWriter(),
  clock: systemClock,
  logger: lambdaLogger,
});

/**
 * Every kind of document write the release job finishes (a function, so no other bundle keeps
 * them). Not a return's (issue 35): the document follow-ups' job finishes those.
 */
export const allDocumentWrites = (): readonly RegisteredWorkflow<DocumentWriteDeps>[] => [
  ...DOCUMENT_SEND_WRITES,
  ...DOCUMENT_COMPLETE_WRITES,
  ...DOCUMENT_CHANGE_WRITES,
  ...DOCUMENT_SCAN_WRITES,
];

/**
 * The journal document writes run through, knowing the kinds given: each function its own (and
 * may take every step of those: infra's permissions), every kind for the reconciler.
 */
export const documentWrites = (
  workflows: readonly RegisteredWorkflow<DocumentWriteDeps>[],
): Journal<DocumentWriteDeps> =>
  documentWriteJournal({ journal: writeJournal() }, documentWriteDeps(), workflows);

export const consoleDocumentDeps = (): ConsoleDeps => ({
  ...routingDeps(),
  documents: documentStore(),
  files: documentFiles(),
  clock: systemClock,
  writes: documentWrites(DOCUMENT_CHANGE_WRITES),
});

/**
 * The partner exchange, its journal knowing the kinds given: a send its own, a completion the
 * send's and its own, an acknowledgement the changes'.
 */
export const exchangeDeps = (
  workflows: readonly RegisteredWorkflow<DocumentWriteDeps>[] = [],
): ExchangeDeps => ({
  registry: registryReader(),
  documents: documentStore(),
  files: documentFiles(),
  rows: standardRows(),
  clock: systemClock,
  writes: documentWriteJournal({ journal: writeJournal() }, documentWriteDeps(), workflows),
});

/** A document sent back (issue 35): its functions carry the return's write alone. */
export const returnDeps = (): ReturnDeps => ({
  registry: registryReader(),
  documents: documentStore(),
  writes: documentWriteJournal(
    { journal: writeJournal() },
    documentWriteDeps(),
    DOCUMENT_RETURN_WRITES,
  ),
});
