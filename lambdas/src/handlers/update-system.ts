import { routes } from '@ccsc/contract';
import { updateSystem } from '../features/organisations/update-system.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['update-system'], updateSystem, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
