import { routes } from '@ccsc/contract';
import { importSystems } from '../features/organisations/import-systems.core';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../ports/clock';
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
