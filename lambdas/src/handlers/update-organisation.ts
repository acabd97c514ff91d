import { routes } from '@ccsc/contract';
import { updateOrganisation } from '../features/organisations/update-organisation.core';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../ports/clock';
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
