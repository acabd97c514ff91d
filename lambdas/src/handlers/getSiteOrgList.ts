import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { getSiteOrgList } from '../registry/get-site-org-list.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes.getSiteOrgList, getSiteOrgList, () => ({
  registry: registry(),
}));
