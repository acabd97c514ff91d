import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { createSystem } from '../registry/create-system.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['create-system'],
  refusalsAudited(
    { action: 'system.created', target: (i) => ({ type: 'organisation', id: i.organisationId }) },
    createSystem,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
