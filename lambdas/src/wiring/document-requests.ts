import { randomUUID } from 'node:crypto';
import { DynamoDocumentRequestStore } from '../adapters/dynamodb-document-requests';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import type { DocumentRequestStore } from '../core/ports/document-requests';
import type { RefusalDeps } from '../core/refusals-audited';
import type { RequestDeps } from '../documents/request-access';
import {
  JournaledRequestWrites,
  requestWriteJournal,
  type RequestWriteDeps,
} from '../documents/request-writes';
import { lambdaEnv } from '../env';
import { auditReader } from './audit';
import { documentStore } from './documents';
import { auditTrail, writeJournal } from './dynamodb';
import { eventWriter } from './events';
import { registryReader } from './registry';

/** Expected documents and document requests (issue 35), in the documents table. */
export const requestStore = (): DocumentRequestStore =>
  new DynamoDocumentRequestStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE);

/** What a `request.write` needs: its operations', and the reconciler's to finish one. */
export const requestWriteDeps = (): RequestWriteDeps => ({
  requests: requestStore(),
  audit: auditTrail(),
  auditReader: auditReader(),
  events: eventWriter(),
  clock: systemClock,
  logger: lambdaLogger,
});

/** The requests' kit; `audit` records the changes' refusals (core/refusals-audited.ts). */
export const requestDeps = (): RequestDeps & RefusalDeps => ({
  audit: auditTrail(),
  registry: registryReader(),
  documents: documentStore(),
  requests: requestStore(),
  writes: new JournaledRequestWrites(
    requestWriteJournal({ journal: writeJournal() }, requestWriteDeps()),
  ),
  clock: systemClock,
  newId: randomUUID,
});
