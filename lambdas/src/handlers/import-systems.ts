import { routes } from '@ccsc/contract';
import { importSystems } from '../features/organisations/import-systems.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['import-systems'], importSystems, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
