import { routes } from '@ccsc/contract';
import { suspendConnection } from '../features/organisations/connection-steps.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['suspend-connection'], suspendConnection, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
