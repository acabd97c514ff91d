import { routes } from '@ccsc/contract';
import { importOrganisations } from '../features/organisations/import-organisations.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['import-organisations'], importOrganisations, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
