import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { updateStudy } from '../registry/study-update.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['update-study'],
  refusalsAudited(
    { action: 'study.updated', target: (i) => ({ type: 'study', id: i.studyId }) },
    updateStudy,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
