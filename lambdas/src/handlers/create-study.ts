import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { createStudy } from '../registry/study-create.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['create-study'],
  refusalsAudited(
    {
      action: 'study.created',
      target: (i) => ({ type: 'organisation', id: i.sponsorOrganisationId }),
    },
    createStudy,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
