import { routes } from '@ccsc/contract';
import { createStudy } from '../features/organisations/study-create.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['create-study'], createStudy, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
