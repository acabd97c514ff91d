import { routes } from '@ccsc/contract';
import { activateOrganisation } from '../features/organisations/activate-organisation.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['activate-organisation'], activateOrganisation, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
