import type { DashboardList, ListLink } from '@ccsc/contract/dashboard';
import { paths } from './paths';
import { registryPaths } from './registry-paths';

/**
 * The console page of each list a dashboard figure links to (issue 18). Each of these pages reads
 * its filters from its address under the names of its list call's request, so a figure's
 * `link.query` (that request, as strings) is written into the address as it is.
 */
const LIST_PAGES: Record<DashboardList, string> = {
  users: paths.admin.users,
  credentials: paths.admin.generateApiCredentials,
  connections: registryPaths.connections,
  documents: paths.admin.documents,
  standards: paths.admin.standards,
  audit: paths.admin.auditTrail,
};

/** The address of the list behind a figure: its page, with `link.query` as the search params. */
export const hrefOf = (link: ListLink): string => {
  const search = new URLSearchParams(link.query).toString();
  return search === '' ? LIST_PAGES[link.list] : `${LIST_PAGES[link.list]}?${search}`;
};
