// The import's own routes, not the whole table: the table would bring every feature's schemas
// into the one bundle that also carries the XML and zip readers (its 300 KB budget).
import { documentImportRoutes } from '@ccsc/contract/documents';
import { runImport } from '../features/documents/import-etmf.core';
import { importDeps } from '../wiring/documents';
import { handle } from '../wiring/handler';

export const handler = handle(
  documentImportRoutes['s3documents/import-etmf'],
  runImport,
  importDeps,
);
