import type { routes } from '@ccsc/contract/routes';
import { maySearchSiteDirectory } from '@ccsc/contract/registry-access';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import type { OrganisationRecord, Registry, RegistrySnapshot } from '../core/ports/registry';
import { byKey, pageOf, searchKey, searchMatcher, sortKey } from '../core/list-page';
import { perSnapshot, registryActor } from './registry-view';

export interface SearchSiteDirectoryDeps {
  registry: Pick<Registry, 'snapshot'>;
}

interface DirectoryEntry {
  site: OrganisationRecord;
  /** Name order. */
  key: string;
  /** Found by: the start of a word of the name or of an identifier's value, or the country. */
  search: string;
}

type DirectoryKind = 'site' | 'cro';

/** The active sites and CROs by name, each kind's built once per snapshot. */
const directoryOf = perSnapshot((snapshot): Record<DirectoryKind, readonly DirectoryEntry[]> => ({
  site: entriesOf(snapshot, 'site'),
  cro: entriesOf(snapshot, 'cro'),
}));

function entriesOf(snapshot: RegistrySnapshot, kind: DirectoryKind): readonly DirectoryEntry[] {
  return [...snapshot.organisations.values()]
    .filter((o) => o.kind === kind && o.status === 'active')
    .map((site) => ({
      site,
      key: sortKey(site.name, site.organisationId),
      search: searchKey([site.name, site.country, ...site.identifiers.map((i) => i.value)]),
    }))
    .sort(byKey);
}

/**
 * search-site-directory: the active sites a sponsor side may invite, by name (with `kind: 'cro'`:
 * the active CROs a sponsor may name on its studies). A PlatformAdmin, or
 * the OrgAdmin of a sponsor or a CRO, finds any active site here (not only those a connection
 * already shows them) — but sees only what an invitation needs: the name, the country and the
 * identifiers, never contacts, systems or studies.
 */
export const searchSiteDirectory: Core<
  (typeof routes)['search-site-directory'],
  SearchSiteDirectoryDeps
> = async ({ limit, cursor, ...query }, ctx, deps) => {
  const snapshot = await deps.registry.snapshot();
  const own =
    ctx.caller.organisationId === null
      ? undefined
      : snapshot.organisations.get(ctx.caller.organisationId);
  const kind = query.kind ?? 'site';
  const actor = registryActor(ctx.caller);
  if (kind === 'site' && !maySearchSiteDirectory(actor, own?.kind ?? null)) {
    throw new ForbiddenError(
      'Only the administrators of a sponsor or a CRO search the site directory to invite sites.',
    );
  }
  if (
    kind === 'cro' &&
    !(actor.role === 'PlatformAdmin' || (actor.role === 'OrgAdmin' && own?.kind === 'sponsor'))
  ) {
    throw new ForbiddenError(
      'Only the administrators of a sponsor search the CRO directory to name a CRO on a study.',
    );
  }
  const matches = searchMatcher(query.search);
  const found = directoryOf(snapshot)[kind].filter(
    (entry) =>
      (query.country === undefined || entry.site.country === query.country) &&
      (matches === null || matches(entry.search)),
  );
  const page = pageOf('site-directory', query, { limit, cursor }, found);
  return {
    sites: page.items.map(({ site }) => ({
      organisationId: site.organisationId,
      name: site.name,
      country: site.country,
      identifiers: site.identifiers.map(({ label, value }) => ({ label, value })),
    })),
    count: page.count,
    total: page.total,
    nextCursor: page.nextCursor,
  };
};
