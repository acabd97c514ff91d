import { standardRoutes as routes } from '@ccsc/contract/standards';
import { downloadStandard } from '../standards/download-standard.core';
import { handle } from '../wiring/handler';
import { downloadDeps } from '../wiring/standards';

export const handler = handle(routes['artifact/download'], downloadStandard, downloadDeps);
