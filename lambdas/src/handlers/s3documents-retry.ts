import { documentRoutes as routes } from '@ccsc/contract/documents';
import { retryDocument } from '../documents/console.core';
import { consoleDocumentDeps } from '../wiring/document-writes';
import { handle } from '../wiring/handler';

export const handler = handle(routes['s3documents/retry'], retryDocument, consoleDocumentDeps);
