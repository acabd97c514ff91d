import { DynamoDistributionStore } from '../adapters/dynamodb-distributions';
import { dynamodb } from '../adapters/clients/dynamodb';
import { DOCUMENT_COMPLETE_WRITES, DOCUMENT_SEND_WRITES } from '../documents/document-sends';
import { DOCUMENT_CHANGE_WRITES } from '../documents/document-writes';
import { consoleDocumentDeps, exchangeDeps, returnDeps } from './document-writes';
import { completenessDeps, exportDeps, importDeps } from './documents';
import { requestDeps } from './document-requests';
import { lambdaEnv } from '../env';

/** The documents' kits (documents/operations.ts), each built on first use by its function. */
export const records = consoleDocumentDeps;

export const exporting = exportDeps;

export const completeness = completenessDeps;

export const importing = importDeps;

export const exchange = () => exchangeDeps();

export const send = () => exchangeDeps(DOCUMENT_SEND_WRITES);

/** The completion: its content check (and file-type) is in this kit's bundle alone. */
export const complete = () => exchangeDeps([...DOCUMENT_SEND_WRITES, ...DOCUMENT_COMPLETE_WRITES]);

/** An acknowledgement: a safety letter's last copy acknowledged closes its distribution (issue 35). */
export const change = () => ({
  ...exchangeDeps(DOCUMENT_CHANGE_WRITES),
  distributions: new DynamoDistributionStore(dynamodb, lambdaEnv().DOCUMENTS_TABLE),
});

/** Sending a document back (issue 35): reject, recall and the answers to a recall request. */
export const returns = returnDeps;
/** Expected documents and document requests (issue 35): reads, and their journaled writes. */
export const requests = requestDeps;
/** Safety-letter distributions (issue 35 part D): their own functions, one kit. */
export { distributionDeps as distributing } from './distributions';
