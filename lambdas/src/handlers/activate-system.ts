import { routes } from '@ccsc/contract';
import { activateSystem } from '../features/organisations/activate-system.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['activate-system'], activateSystem, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
