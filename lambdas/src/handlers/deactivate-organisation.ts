import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { deactivateOrganisation } from '../registry/deactivate-organisation.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['deactivate-organisation'],
  refusalsAudited(
    {
      action: 'organisation.deactivated',
      target: (i) => ({ type: 'organisation', id: i.organisationId }),
    },
    deactivateOrganisation,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
