import { routes } from '@ccsc/contract';
import { acceptConnection } from '../features/organisations/connection-steps.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['accept-connection'], acceptConnection, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
