import { organisationRoutes as routes } from '@ccsc/contract/organisations';
import { searchSiteDirectory } from '../registry/site-directory-search.core';
import { handle } from '../wiring/handler';
import { registry } from '../wiring/registry';

export const handler = handle(routes['search-site-directory'], searchSiteDirectory, () => ({
  registry: registry(),
}));
