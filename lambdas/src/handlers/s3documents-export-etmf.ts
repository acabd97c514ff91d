import { documentRoutes as routes } from '@ccsc/contract/documents';
import { exportEtmf } from '../documents/export-etmf.core';
import { exportDeps } from '../wiring/documents';
import { handle } from '../wiring/handler';

export const handler = handle(routes['s3documents/export-etmf'], exportEtmf, exportDeps);
