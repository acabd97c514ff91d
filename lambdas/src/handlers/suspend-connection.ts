import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { suspendConnection } from '../registry/connection-steps.core';
import { refusalsAudited } from '../registry/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../core/ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['suspend-connection'],
  refusalsAudited(
    { action: 'connection.suspended', target: (i) => ({ type: 'connection', id: i.connectionId }) },
    suspendConnection,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
