import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { getOrgSysList } from '../registry/get-org-sys-list.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes.getOrgSysList, getOrgSysList, () => ({
  registry: registry(),
}));
