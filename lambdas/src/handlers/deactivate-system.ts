import { routes } from '@ccsc/contract';
import { deactivateSystem } from '../features/organisations/deactivate-system.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['deactivate-system'], deactivateSystem, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
