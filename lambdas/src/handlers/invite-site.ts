import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { inviteSite } from '../registry/invite-site.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['invite-site'],
  refusalsAudited(
    { action: 'connection.invited', target: (i) => ({ type: 'study', id: i.studyId }) },
    inviteSite,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
