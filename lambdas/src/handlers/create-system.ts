import { routes } from '@ccsc/contract';
import { createSystem } from '../features/organisations/create-system.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['create-system'], createSystem, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
