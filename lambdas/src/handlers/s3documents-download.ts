import { documentRoutes as routes } from '@ccsc/contract/documents';
import { downloadDocument } from '../documents/console.core';
import { consoleDocumentDeps } from '../wiring/document-writes';
import { handle } from '../wiring/handler';

export const handler = handle(
  routes['s3documents/download'],
  downloadDocument,
  consoleDocumentDeps,
);
