import { lazy, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { registryPaths } from '../config/registry-paths';

/**
 * The registry's screens (issue 14): /admin/organisations, /admin/organisations/:organisationId
 * and /admin/connections. They are chosen here, in the private layout's chunk, rather than in the
 * route table (app-routes.tsx), which is part of the entry chunk: a route there, even a lazy one,
 * names its chunks in the entry and costs the login route bytes (README, "Size budget"), and so
 * would the router components (Routes, Route) a route table here would need. The route table
 * still guards these paths (signed in, configuration loaded) and lays them out: they fall to its
 * catch-all route, whose page-not-found shows for every other path.
 *
 * The three screens are one chunk, loaded on first use (every English text is there already: the
 * layout itself waits for them, lib/lazy-named.ts).
 */
const screens = () => import('../features/registry/registry-screens');
const OrganisationListPage = lazy(async () => ({
  default: (await screens()).OrganisationListPage,
}));
const OrganisationDetailPage = lazy(async () => ({
  default: (await screens()).OrganisationDetailPage,
}));
const ConnectionListPage = lazy(async () => ({ default: (await screens()).ConnectionListPage }));

export type RegistryScreen =
  | { screen: 'organisations' }
  | { screen: 'organisation'; organisationId: string }
  | { screen: 'connections' };

const segment = (text: string): string | null => {
  try {
    const decoded = decodeURIComponent(text);
    return decoded === '' || decoded.includes('/') ? null : decoded;
  } catch {
    return null;
  }
};

/** Which registry screen a path is (a trailing slash allowed, as the router allows it), or null. */
export const registryScreenOf = (pathname: string): RegistryScreen | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === registryPaths.organisations) return { screen: 'organisations' };
  if (path === registryPaths.connections) return { screen: 'connections' };
  const prefix = `${registryPaths.organisations}/`;
  if (path.startsWith(prefix)) {
    const organisationId = segment(path.slice(prefix.length));
    if (organisationId !== null) return { screen: 'organisation', organisationId };
  }
  return null;
};

/** The registry screen of the current path, or `otherwise` (the route table's own screen). */
export const RegistryRoutes = ({ otherwise }: { otherwise: ReactNode }) => {
  const { pathname, search } = useLocation();
  const match = registryScreenOf(pathname);
  switch (match?.screen) {
    case 'organisations':
      return <OrganisationListPage />;
    case 'organisation':
      // A page per organisation: going from one to another starts afresh.
      return (
        <OrganisationDetailPage key={match.organisationId} organisationId={match.organisationId} />
      );
    case 'connections':
      // Its first filters come from the link (?organisationId=…): another link starts afresh.
      return <ConnectionListPage key={search} />;
    default:
      return otherwise;
  }
};
