import { DynamoDistributionStore } from '../adapters/dynamodb-distributions';
import { DynamoDocumentBatchStore } from '../adapters/dynamodb-document-batch';
import { S3Exports } from '../adapters/s3-exports';
import { dynamodb } from '../adapters/clients/dynamodb';
import { s3 } from '../adapters/clients/s3';
import { systemClock } from '../core/ports/clock';
import type { DistributionExportDeps } from '../documents/distribution/distribution-kit';
import { DOCUMENT_CHANGE_WRITES } from '../documents/document-writes';
import { lambdaEnv } from '../env';
import { auditReader } from './audit';
import { routingDeps } from './documents';
import { documentWrites } from './document-writes';
import { auditTrail } from './dynamodb';
import { eventBatchWriter } from './events';

/**
 * Safety-letter distributions (issue 35 part D): their records in the documents table beside the
 * copies they deliver; an acknowledgement is a document change (the change writes' journal).
 */
export const distributionDeps = (): DistributionExportDeps => ({
  ...routingDeps(),
  documents: new DynamoDocumentBatchStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  distributions: new DynamoDistributionStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
  audit: auditTrail(),
  auditReader: auditReader(),
  clock: systemClock,
  events: eventBatchWriter(),
  writes: documentWrites(DOCUMENT_CHANGE_WRITES),
  exports: new S3Exports(s3, lambdaEnv().EXPORTS_BUCKET),
});
