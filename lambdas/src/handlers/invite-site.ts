import { routes } from '@ccsc/contract';
import { inviteSite } from '../features/organisations/invite-site.core';
import { handle } from '../wiring/handler';
import { systemClock } from '../ports/clock';
import { registry, registryWrites } from '../wiring/registry';

export const handler = handle(routes['invite-site'], inviteSite, () => ({
  registry: registry(),
  writes: registryWrites(),
  clock: systemClock,
}));
