import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { activateOrganisation } from '../registry/activate-organisation.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['activate-organisation'],
  refusalsAudited(
    {
      action: 'organisation.activated',
      target: (i) => ({ type: 'organisation', id: i.organisationId }),
    },
    activateOrganisation,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
