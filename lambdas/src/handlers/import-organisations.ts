import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { importOrganisations } from '../registry/import-organisations.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['import-organisations'],
  refusalsAudited({ action: 'organisation.imported', codes: ['FORBIDDEN'] }, importOrganisations),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
