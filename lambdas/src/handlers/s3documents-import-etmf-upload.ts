import { documentImportRoutes as routes } from '@ccsc/contract/documents';
import { startImport } from '../documents/import-etmf-start';
import { importDeps } from '../wiring/documents';
import { handle } from '../wiring/handler';

export const handler = handle(routes['s3documents/import-etmf-upload'], startImport, importDeps);
