import { routes } from '@ccsc/contract';
import { declineConnection } from '../features/organisations/connection-steps.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['decline-connection'], declineConnection, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
