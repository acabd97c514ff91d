import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { activateSystem } from '../registry/activate-system.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['activate-system'],
  refusalsAudited(
    { action: 'system.activated', target: (i) => ({ type: 'system', id: i.systemId }) },
    activateSystem,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
