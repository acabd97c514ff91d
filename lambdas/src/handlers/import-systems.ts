import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { importSystems } from '../registry/import-systems.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['import-systems'],
  refusalsAudited({ action: 'systems.imported', codes: ['FORBIDDEN'] }, importSystems),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
