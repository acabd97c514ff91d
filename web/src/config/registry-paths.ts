/**
 * The registry's screens (issue 14) and the links into them: apart from paths.ts, which the entry
 * chunk carries (the login route's size budget). Only the menu (the private layout's chunk) and
 * the registry's own screens use them; app/registry-routes.tsx chooses the screen by them.
 */
export const registryPaths = {
  organisations: '/admin/organisations',
  organisation: (organisationId: string) =>
    `/admin/organisations/${encodeURIComponent(organisationId)}`,
  connections: '/admin/connections',
  /** The connection list filtered (by organisation, study or system). */
  connectionsOf: (filter: { organisationId?: string; studyId?: string; systemId?: string }) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) {
      if (typeof value === 'string') params.set(key, value);
    }
    return `/admin/connections?${params.toString()}`;
  },
} as const;
