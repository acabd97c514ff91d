import { routes } from '@ccsc/contract';
import { deactivateOrganisation } from '../features/organisations/deactivate-organisation.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['deactivate-organisation'], deactivateOrganisation, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
