import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { createOrganisation } from '../registry/create-organisation.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
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
