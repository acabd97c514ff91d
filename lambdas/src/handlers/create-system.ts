import { routes } from '@ccsc/contract';
import { createSystem } from '../features/organisations/create-system.core';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../ports/clock';
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
