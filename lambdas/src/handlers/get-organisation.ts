import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { getOrganisation } from '../registry/get-organisation.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes['get-organisation'], getOrganisation, () => ({
  registry: registry(),
}));
