import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { updateSystem } from '../registry/update-system.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['update-system'],
  refusalsAudited(
    { action: 'system.updated', target: (i) => ({ type: 'system', id: i.systemId }) },
    updateSystem,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
