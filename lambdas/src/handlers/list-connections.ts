import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { listConnections } from '../registry/connection-list.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes['list-connections'], listConnections, () => ({
  registry: registry(),
}));
