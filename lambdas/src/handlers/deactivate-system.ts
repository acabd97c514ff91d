import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { deactivateSystem } from '../registry/deactivate-system.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['deactivate-system'],
  refusalsAudited(
    { action: 'system.deactivated', target: (i) => ({ type: 'system', id: i.systemId }) },
    deactivateSystem,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
