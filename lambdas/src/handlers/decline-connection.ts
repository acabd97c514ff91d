import { routes } from '@ccsc/contract';
import { declineConnection } from '../features/organisations/connection-steps.core';
import { refusalsAudited } from '../features/organisations/registry-refusals';
import { handle } from '../wiring/handler';
import { auditTrail } from '../wiring/dynamodb';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(
  routes['decline-connection'],
  refusalsAudited(
    { action: 'connection.declined', target: (i) => ({ type: 'connection', id: i.connectionId }) },
    declineConnection,
  ),
  () => ({
    audit: auditTrail(),
    registry: registry(),
    writes: registryWrites(),
    clock: systemClock,
  }),
);
