import {
  documentImportRoutes,
  documentReturnRoutes,
  documentRoutes as routes,
} from '@ccsc/contract/documents';
import { documentRequestRoutes } from '@ccsc/contract/document-requests';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { distributionRoutes } from '@ccsc/contract/distributions';
import { declareOperation as op } from '../core/operation';
import { refusalsAudited as audited } from '../core/refusals-audited';
import * as distributionAcknowledge from './distribution/acknowledge-distribution.core';
import * as distributionCreate from './distribution/create-distribution.core';
import * as distributionReads from './distribution/distribution-reads.core';
import * as completeness from './completeness.core';
import * as docRequests from './document-requests.core';
import * as expected from './expected-documents.core';
import * as documents from './console.core';
import * as receiving from './exchange-receiving';
import * as exchange from './exchange.core';
import * as exportEtmf from './export-etmf.core';
import * as importReads from './import-etmf-reads';
import * as importStart from './import-etmf-start';
import * as importEtmf from './import-etmf.core';
import * as importResolve from './import-etmf-resolve.core';
import * as returns from './returns.core';

// The documents' operations, console and partner: one line each.
// The list's pages (its index) and its total (the counters of the caller's scope).
export const s3documentsList = /* @__PURE__ */ op(
  routes,
  's3documents/list',
  documents.listDocuments,
  'records',
  ['registry.read', 'document.read'],
);
export const s3documentsGet = /* @__PURE__ */ op(
  routes,
  's3documents/get',
  documents.getDocument,
  'records',
  ['registry.read', 'document.read'],
);
// The download recorded on the document, audited, then the presigned link. A retry or release of
// the same document found cut short is finished first: it classifies.
export const s3documentsDownload = /* @__PURE__ */ op(
  routes,
  's3documents/download',
  documents.downloadDocument,
  'records',
  [
    'registry.read',
    'document.read',
    'document.write',
    'document.download-sign',
    'audit.append',
    'journal.entry',
    'standard-rows.read',
  ],
);
export const s3documentsRetry = /* @__PURE__ */ op(
  routes,
  's3documents/retry',
  documents.retryDocument,
  'records',
  // A scan hold's retry copies the kept file to a new key (the scanner scans it again). A safety
  // letter's copy delivered by the retry: its site told to acknowledge (issue 35).
  ['document.held-release', 'document.rescan', 'events.append'],
);
// The package streamed from the kept documents into the exports bucket, then its link.
export const s3documentsExportEtmf = /* @__PURE__ */ op(
  routes,
  's3documents/export-etmf',
  exportEtmf.exportEtmf,
  'exporting',
  // An imported file is packaged once its scan tag says clean (document.scan-status).
  [
    'registry.read',
    'document.read',
    'document.download-sign',
    'document.scan-status',
    'exports.write',
    'audit.append',
  ],
);
// The counters the deliveries keep, one query.
export const artifactStudyCompleteness = /* @__PURE__ */ op(
  routes,
  'artifact/study-completeness',
  completeness.studyCompleteness,
  'completeness',
  ['registry.read', 'document.read'],
);
// eTMF-EMS import: the import and its place in the study's list, the package's upload link.
export const s3documentsImportEtmfUpload = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-etmf-upload',
  importStart.startImport,
  'importing',
  ['registry.read', 'document.write', 'document.upload-sign', 'audit.append'],
);
// The package read by ranges from incoming/, each file staged there and verified; an object's
// files kept under records/ once all of them verified; each outcome written with the progress.
export const s3documentsImportEtmf = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-etmf',
  importEtmf.runImport,
  'importing',
  [
    'registry.read',
    'document.read',
    'document.write',
    'document.stage',
    'document.keep',
    'audit.append',
  ],
);
// A conflict resolved: the object's verified stages copied under records/ and its rows written
// with the import's counts (or skipped); the same reach as the import.
export const s3documentsImportResolve = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-resolve',
  importResolve.resolveConflict,
  'importing',
  ['registry.read', 'document.read', 'document.write', 'document.keep', 'audit.append'],
);
export const s3documentsImports = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/imports',
  importReads.listImports,
  'importing',
  ['registry.read', 'document.read'],
);
export const s3documentsImportGet = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-get',
  importReads.getImport,
  'importing',
  ['registry.read', 'document.read'],
);
export const s3documentsImportDownload = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-download',
  importReads.downloadImported,
  'importing',
  ['registry.read', 'document.read', 'document.download-sign', 'audit.append'],
);
// Announce: the early check of the sender's standard, the record and its idempotency key, the
// presigned upload, the audit record.
export const partnerSendDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-send-document',
  exchange.sendDocument,
  'send',
  [
    'registry.read',
    'standard-rows.read',
    'document.read',
    'document.write',
    'document.upload-sign',
    'audit.append',
    'journal.entry',
  ],
);
// Complete: what arrived copied through a hash into records/, its content checked (file-type),
// then quarantined or awaiting the malware scan.
export const partnerCompleteDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-complete-document',
  exchange.completeDocument,
  'complete',
  // The scan status: a completion run again after GuardDuty denied its copy (malware found).
  [
    'registry.read',
    'standard-rows.read',
    'document.read',
    'document.write',
    'document.keep',
    'document.scan-status',
    'audit.append',
    'journal.entry',
  ],
);
export const partnerGetDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-get-document',
  exchange.getSentDocument,
  'exchange',
  ['registry.read', 'document.read'],
);
export const partnerListDocuments = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-list-documents',
  receiving.listReceivedDocuments,
  'exchange',
  ['registry.read', 'document.read', 'document.download-sign'],
);
// An interrupted retry or release of the document is finished first: it classifies. A safety
// letter's copy (issue 35): the sponsor told of the acknowledgement by the write, its
// distribution closed once every site acknowledged.
export const partnerAcknowledgeDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-acknowledge-document',
  receiving.acknowledgeDocument,
  'change',
  [
    'registry.read',
    'document.read',
    'document.write',
    'audit.append',
    'journal.entry',
    'standard-rows.read',
    'events.append',
    'distribution.write',
  ],
);

// Issue 35: a document sent back — rejected by its receiver, recalled by its sender, a recall
// request confirmed or declined — one journaled write each (document-returns.ts), in their own
// functions (the send's and the scan's do not carry them); each step is news for the other side.
const RETURN_GRANTS = [
  'registry.read',
  'document.read',
  'document.write',
  'audit.append',
  'journal.entry',
  'events.append',
  // A recall moves the file and deletes the old key: the links handed out before stop working.
  'document.recall-move',
] as const;
export const s3documentsReturn = /* @__PURE__ */ op(
  documentReturnRoutes,
  's3documents/return',
  returns.returnDocumentInConsole,
  'returns',
  RETURN_GRANTS,
);
export const partnerRejectDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-reject-document',
  returns.partnerRejectDocument,
  'returns',
  RETURN_GRANTS,
);
export const partnerRecallDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-recall-document',
  returns.partnerRecallDocument,
  'returns',
  RETURN_GRANTS,
);
export const partnerConfirmRecall = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-confirm-recall',
  returns.partnerConfirmRecall,
  'returns',
  RETURN_GRANTS,
);
export const partnerDeclineRecall = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-decline-recall',
  returns.partnerDeclineRecall,
  'returns',
  RETURN_GRANTS,
);
// Expected documents and document requests (issue 35): read from the registry's snapshot, the
// requests (documents table) and, for their states, the connection's documents; a change is one
// journaled write (request-writes.ts) of the documents table, then its audit records; a change
// refused (403, 404, 409, a core's 400) is on record too, as the registry's are.
const studyOf = (i: { studyId: string }) => ({ type: 'study' as const, id: i.studyId });
const REQUEST_READ = ['registry.read', 'document.read'] as const;
// A request is news for its site (request-events.ts): the write's events step, which any of them
// may run when it finishes a write on the study cut short.
const REQUEST_WRITE = [
  ...REQUEST_READ,
  'document.write',
  'audit.append',
  'journal.entry',
  'events.append',
] as const;
export const expectedDocumentsGet = /* @__PURE__ */ op(
  documentRequestRoutes,
  'expected-documents/get',
  expected.getExpectedDocuments,
  'requests',
  REQUEST_READ,
);
export const expectedDocumentsSave = /* @__PURE__ */ op(
  documentRequestRoutes,
  'expected-documents/save',
  /* @__PURE__ */ audited(
    { action: 'study.expected-documents-saved', target: studyOf },
    expected.saveExpectedDocuments,
  ),
  'requests',
  REQUEST_WRITE,
);
export const documentRequestsCreate = /* @__PURE__ */ op(
  documentRequestRoutes,
  'document-requests/create',
  /* @__PURE__ */ audited(
    { action: 'document-request.created', target: studyOf },
    docRequests.createRequests,
  ),
  'requests',
  REQUEST_WRITE,
);
export const documentRequestsCancel = /* @__PURE__ */ op(
  documentRequestRoutes,
  'document-requests/cancel',
  /* @__PURE__ */ audited(
    { action: 'document-request.cancelled', target: studyOf },
    docRequests.cancelRequest,
  ),
  'requests',
  REQUEST_WRITE,
);
export const documentRequestsList = /* @__PURE__ */ op(
  documentRequestRoutes,
  'document-requests/list',
  docRequests.listRequests,
  'requests',
  REQUEST_READ,
);
export const partnerRequests = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-requests',
  docRequests.partnerRequests,
  'requests',
  REQUEST_READ,
);
// Safety-letter distribution (issue 35 part D): each its own function (the document functions'
// bundles stay as they were). The records and list entries: distribution.write.
// Create: the copies made and delivered by routing.ts (classified with the standards' rows), the
// distribution audited once.
export const distributionsCreate = /* @__PURE__ */ op(
  distributionRoutes,
  'distributions/create',
  distributionCreate.createDistribution,
  'distributing',
  [
    'registry.read',
    'standard-rows.read',
    'document.read',
    'document.write',
    'distribution.write',
    'audit.append',
    'events.append',
  ],
);
export const distributionsList = /* @__PURE__ */ op(
  distributionRoutes,
  'distributions/list',
  distributionReads.listDistributions,
  'distributing',
  ['registry.read', 'document.read'],
);
export const distributionsGet = /* @__PURE__ */ op(
  distributionRoutes,
  'distributions/get',
  distributionReads.getDistribution,
  'distributing',
  ['registry.read', 'document.read'],
);
// Each copy acknowledged by the document's own journaled change (document.change), audited there;
// the distribution closed once every site acknowledged.
export const distributionsAcknowledge = /* @__PURE__ */ op(
  distributionRoutes,
  'distributions/acknowledge',
  distributionAcknowledge.acknowledgeDistribution,
  'distributing',
  [
    'registry.read',
    'standard-rows.read',
    'document.read',
    'document.write',
    'distribution.write',
    'audit.append',
    'journal.entry',
    'events.append',
  ],
);
export const distributionsExport = /* @__PURE__ */ op(
  distributionRoutes,
  'distributions/export',
  distributionReads.exportDistribution,
  'distributing',
  ['registry.read', 'document.read', 'exports.write', 'audit.append'],
);
export const partnerCreateDistribution = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-create-distribution',
  distributionCreate.partnerCreateDistribution,
  'distributing',
  [
    'registry.read',
    'standard-rows.read',
    'document.read',
    'document.write',
    'distribution.write',
    'audit.append',
    'events.append',
  ],
);
export const partnerListDistributions = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-list-distributions',
  distributionReads.partnerListDistributions,
  'distributing',
  ['registry.read', 'document.read'],
);
export const partnerSentDistributions = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-sent-distributions',
  distributionReads.partnerSentDistributions,
  'distributing',
  ['registry.read', 'document.read'],
);
export const partnerAcknowledgeDistribution = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-acknowledge-distribution',
  distributionAcknowledge.partnerAcknowledgeDistribution,
  'distributing',
  [
    'registry.read',
    'standard-rows.read',
    'document.read',
    'document.write',
    'distribution.write',
    'audit.append',
    'journal.entry',
    'events.append',
  ],
);
