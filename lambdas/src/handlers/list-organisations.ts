import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { listOrganisations } from '../registry/list-organisations.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes['list-organisations'], listOrganisations, () => ({
  registry: registry(),
}));
