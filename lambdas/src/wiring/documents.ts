import { DynamoDocumentStore } from '../adapters/dynamodb-documents';
import { S3DocumentFiles } from '../adapters/s3-document-files';
import { DynamoImportStore } from '../adapters/dynamodb-document-imports';
import { DynamoDocumentRequestStore } from '../adapters/dynamodb-document-requests';
import { S3Exports } from '../adapters/s3-exports';
import { dynamodb } from '../adapters/clients/dynamodb';
import { s3 } from '../adapters/clients/s3';
import { lambdaEnv } from '../env';
import type { CompletenessDeps } from '../documents/completeness.core';
import type { ExportDeps } from '../documents/export-etmf.core';
import type { ImportDeps } from '../documents/import-etmf-kit';
import type { RoutingDeps } from '../documents/routing';
import { systemClock } from '../core/ports/clock';
import type { DocumentFiles, DocumentStore } from '../core/ports/documents';
import { auditTrail } from './dynamodb';
import { registryReader } from './registry';
import { standardRows } from './standards';

/**
 * Documents (issue 17): records in the documents table, files in the documents bucket. What only
 * reads them imports this alone; the journaled writes are wired in ./document-writes.ts.
 */
export const documentStore = (): DocumentStore =>
  new DynamoDocumentStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE);

export const documentFiles = (): DocumentFiles =>
  new S3DocumentFiles(s3, lambdaEnv().DOCUMENTS_BUCKET);

/** What moves a held document on: the registry, the documents, the standards' rows. */
export const routingDeps = (): RoutingDeps => ({
  registry: registryReader(),
  documents: documentStore(),
  rows: standardRows(),
});

export const completenessDeps = (): CompletenessDeps => ({
  registry: registryReader(),
  documents: documentStore(),
  requests: new DynamoDocumentRequestStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  clock: systemClock,
});

export const exportDeps = (): ExportDeps => ({
  registry: registryReader(),
  documents: documentStore(),
  imports: new DynamoImportStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  files: documentFiles(),
  exports: new S3Exports(s3, lambdaEnv().EXPORTS_BUCKET),
  audit: auditTrail(),
  clock: systemClock,
});

/** What joins a file an import filed to the study (documents/import-join-run.ts). */
export const importJoinDeps = () => ({
  imports: new DynamoImportStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  registry: registryReader(),
  clock: systemClock,
});

/** eTMF-EMS imports: the package and the files it files in the documents bucket. */
export const importDeps = (): ImportDeps => ({
  registry: registryReader(),
  imports: new DynamoImportStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  files: documentFiles(),
  audit: auditTrail(),
  clock: systemClock,
});
