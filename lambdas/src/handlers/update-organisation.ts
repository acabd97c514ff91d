import { routes } from '@ccsc/contract';
import { updateOrganisation } from '../features/organisations/update-organisation.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['update-organisation'], updateOrganisation, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
