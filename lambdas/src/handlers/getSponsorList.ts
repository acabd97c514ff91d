import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { getSponsorList } from '../registry/get-sponsor-list.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes.getSponsorList, getSponsorList, () => ({
  registry: registry(),
}));
