import { documentImportRoutes, documentRoutes as routes } from '@ccsc/contract/documents';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { declareOperation as op } from '../core/operation';
import * as completeness from './completeness.core';
import * as documents from './console.core';
import * as receiving from './exchange-receiving';
import * as exchange from './exchange.core';
import * as exportEtmf from './export-etmf.core';
import * as importReads from './import-etmf-reads';
import * as importStart from './import-etmf-start';
import * as importEtmf from './import-etmf.core';

// The documents' operations, console and partner: one line each.
export const s3documentsList = /* @__PURE__ */ op(
  routes,
  's3documents/list',
  documents.listDocuments,
  'records',
);
export const s3documentsGet = /* @__PURE__ */ op(
  routes,
  's3documents/get',
  documents.getDocument,
  'records',
);
export const s3documentsDownload = /* @__PURE__ */ op(
  routes,
  's3documents/download',
  documents.downloadDocument,
  'records',
);
export const s3documentsRetry = /* @__PURE__ */ op(
  routes,
  's3documents/retry',
  documents.retryDocument,
  'records',
);
export const s3documentsExportEtmf = /* @__PURE__ */ op(
  routes,
  's3documents/export-etmf',
  exportEtmf.exportEtmf,
  'exporting',
);
export const artifactStudyCompleteness = /* @__PURE__ */ op(
  routes,
  'artifact/study-completeness',
  completeness.studyCompleteness,
  'completeness',
);
export const s3documentsImportEtmfUpload = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-etmf-upload',
  importStart.startImport,
  'importing',
);
export const s3documentsImportEtmf = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-etmf',
  importEtmf.runImport,
  'importing',
);
export const s3documentsImports = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/imports',
  importReads.listImports,
  'importing',
);
export const s3documentsImportGet = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-get',
  importReads.getImport,
  'importing',
);
export const s3documentsImportDownload = /* @__PURE__ */ op(
  documentImportRoutes,
  's3documents/import-download',
  importReads.downloadImported,
  'importing',
);
export const partnerSendDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-send-document',
  exchange.sendDocument,
  'send',
);
export const partnerCompleteDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-complete-document',
  exchange.completeDocument,
  'send',
);
export const partnerGetDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-get-document',
  exchange.getSentDocument,
  'exchange',
);
export const partnerListDocuments = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-list-documents',
  receiving.listReceivedDocuments,
  'exchange',
);
export const partnerAcknowledgeDocument = /* @__PURE__ */ op(
  partnerRoutes,
  'partner-acknowledge-document',
  receiving.acknowledgeDocument,
  'change',
);
