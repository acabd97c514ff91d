import { routes } from '@ccsc/contract';
import { createOrganisation } from '../features/organisations/create-organisation.core';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['create-organisation'],
  refusalsAudited({ action: 'organisation.created' }, createOrganisation),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
