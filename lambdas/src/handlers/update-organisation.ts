import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { updateOrganisation } from '../registry/update-organisation.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['update-organisation'],
  refusalsAudited(
    {
      action: 'organisation.updated',
      target: (i) => ({ type: 'organisation', id: i.organisationId }),
    },
    updateOrganisation,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
