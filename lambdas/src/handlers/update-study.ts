import { routes } from '@ccsc/contract';
import { updateStudy } from '../features/organisations/study-update.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['update-study'], updateStudy, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
