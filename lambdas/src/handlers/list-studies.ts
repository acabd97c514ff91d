import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { listStudies } from '../registry/study-list.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes['list-studies'], listStudies, () => ({
  registry: registry(),
}));
