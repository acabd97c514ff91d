import { documentImportRoutes as routes } from '@ccsc/contract/documents';
import { listImports } from '../documents/import-etmf-reads';
import { importDeps } from '../wiring/documents';
import { handle } from '../wiring/handler';

export const handler = handle(routes['s3documents/imports'], listImports, importDeps);
