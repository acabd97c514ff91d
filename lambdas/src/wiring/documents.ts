import { DynamoDocumentStore } from '../adapters/dynamodb-documents';
import { S3DocumentFiles } from '../adapters/s3-document-files';
import { DynamoImportStore } from '../adapters/dynamodb-document-imports';
import { S3Exports } from '../adapters/s3-exports';
import { dynamodb } from '../adapters/clients/dynamodb';
import { s3 } from '../adapters/clients/s3';
import type { Journal, RegisteredWorkflow } from '../core/journal';
import { lambdaLogger } from '../core/logger';
import { lambdaEnv } from '../env';
import type { CompletenessDeps } from '../features/documents/completeness.core';
import type { ConsoleDeps } from '../features/documents/console.core';
import { DOCUMENT_SEND_WRITES } from '../features/documents/document-sends';
import {
  DOCUMENT_CHANGE_WRITES,
  documentWriteJournal,
  type DocumentWriteDeps,
} from '../features/documents/document-writes';
import type { ExchangeDeps } from '../features/documents/exchange.core';
import type { ExportDeps } from '../features/documents/export-etmf.core';
import type { ImportDeps } from '../features/documents/import-etmf.core';
import type { RoutingDeps } from '../features/documents/routing';
import { systemClock } from '../ports/clock';
import type { DocumentFiles, DocumentStore } from '../ports/documents';
import { auditReader } from './audit';
import { auditTrail, writeJournal } from './dynamodb';
import { registry } from './registry';
import { standardRows } from './standards';

/** Documents (issue 17): records in the documents table, files in the documents bucket. */
export const documentStore = (): DocumentStore =>
  new DynamoDocumentStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE);

const documentFiles = (): DocumentFiles => new S3DocumentFiles(s3, lambdaEnv().DOCUMENTS_BUCKET);

/** What moves a held document on: the registry, the documents, the standards' rows. */
export const routingDeps = (): RoutingDeps => ({
  registry: registry(),
  documents: documentStore(),
  rows: standardRows(),
});

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

export const completenessDeps = (): CompletenessDeps => ({
  registry: registry(),
  documents: documentStore(),
});

export const exportDeps = (): ExportDeps => ({
  registry: registry(),
  documents: documentStore(),
  files: documentFiles(),
  exports: new S3Exports(s3, lambdaEnv().EXPORTS_BUCKET),
  audit: auditTrail(),
  clock: systemClock,
});

/** Which kinds of document write a function's journal knows (and so may finish). */
export const DOCUMENT_WRITE_KINDS = {
  /** The sender's: announcing and completing. */
  send: DOCUMENT_SEND_WRITES,
  /** A change of a received document: acknowledgement, download, retry, release. */
  change: DOCUMENT_CHANGE_WRITES,
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

/** eTMF-EMS imports: the package and the files it files in the documents bucket. */
export const importDeps = (): ImportDeps => ({
  registry: registry(),
  imports: new DynamoImportStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  files: documentFiles(),
  audit: auditTrail(),
  clock: systemClock,
});
