import { routes } from '@ccsc/contract';
import { createOrganisation } from '../features/organisations/create-organisation.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['create-organisation'], createOrganisation, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
