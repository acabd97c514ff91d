import type * as z from 'zod';
import { reachOf, reaches, type Placed } from '@ccsc/contract/reach';
import type { standardListQuerySchema } from '@ccsc/contract/standards';
import { searchKey, searchMatcher } from '../list-page';
import {
  versionInUse,
  type RegistrySnapshot,
  type StandardRecord,
  type StandardVersionRecord,
} from '../ports/registry';

/**
 * What the standard list (artifact/list-standards) shows and the dashboard counts of it, written
 * once: who sees a standard, the filters, the search. The rows are the registry snapshot's
 * standards.
 */

/** The standard list's filters (the page's size and cursor aside). */
export type StandardListFilters = z.output<typeof standardListQuerySchema>;
/** Who asks: their role and organisation decide what they see (reach). */
export type StandardListCaller = Placed;

/** The connections that still bind their parties (a partner's standard concerns them). */
const OPEN = new Set(['invited', 'active', 'suspended']);

/**
 * The organisations `organisationId` has an open connection with (as sponsor, CRO or site): whom
 * its published standard concerns (standard-events.ts), whose standards in use it may copy.
 */
export const partnerOrganisations = (
  organisationId: string,
  snapshot: Pick<RegistrySnapshot, 'connections'>,
): Set<string> => {
  const partners = new Set<string>();
  for (const c of snapshot.connections.values()) {
    if (!OPEN.has(c.status)) continue;
    const parties = [c.sponsorOrganisationId, c.croOrganisationId, c.siteOrganisationId];
    if (!parties.includes(organisationId)) continue;
    for (const p of parties) if (p !== null && p !== organisationId) partners.add(p);
  }
  return partners;
};

/** The caller's organisation's partners; none for a caller of no organisation or of every one. */
export const partnersOf = (
  caller: StandardListCaller,
  snapshot: Pick<RegistrySnapshot, 'connections'>,
): ReadonlySet<string> => {
  const reach = reachOf(caller);
  return reach.kind === 'organisation'
    ? partnerOrganisations(reach.organisationId, snapshot)
    : new Set<string>();
};

/**
 * Whether the caller may copy `version` of a standard of `organisationId`: one they see, any
 * version; a partner's (partnersOf), its version in use only.
 */
export const mayCopyStandard = (
  caller: StandardListCaller,
  record: StandardRecord,
  version: Pick<StandardVersionRecord, 'version'>,
  snapshot: Pick<RegistrySnapshot, 'connections'>,
): boolean =>
  seesStandard(caller, record.organisationId) ||
  (partnersOf(caller, snapshot).has(record.organisationId) &&
    versionInUse(record)?.version === version.version);

/** An Auditor and an OrgAdmin read their organisation's standards; who reaches everything, all. */
export const seesStandard = (caller: StandardListCaller, organisationId: string): boolean =>
  reaches(reachOf(caller), organisationId);

/** The standard's draft (one at a time), or null. */
export const draftOf = (record: StandardRecord): StandardVersionRecord | null =>
  record.versions.find((v) => v.status === 'draft') ?? null;

const statusMatches = (record: StandardRecord, status: StandardListFilters['status']): boolean => {
  if (status === undefined) return true;
  if (status === 'draft') return draftOf(record) !== null;
  if (status === 'published') return versionInUse(record) !== null;
  return record.versions.every((v) => v.status === 'retired');
};

/**
 * The list's predicate: the standards of `snapshot` the caller sees that match the filters —
 * organisation, catalogue version, `status` (a standard with a draft, with a version in use, or
 * with every version retired), `systemId` (named by its newest version or its version in use),
 * `draftBefore` (its draft created before that day began, UTC) and the search (the start of any
 * word of its newest version's name or product, its organisation's name or a system's name).
 */
export const standardMatcher = (
  query: StandardListFilters,
  caller: StandardListCaller,
  snapshot: Pick<RegistrySnapshot, 'organisations' | 'systems' | 'connections'>,
): ((record: StandardRecord) => boolean) => {
  const match = searchMatcher(query.search);
  // `partners`: the partners' standards with a version in use, in place of the caller's own.
  const partners = query.partners === 'true' ? partnersOf(caller, snapshot) : null;
  // The start of that day, UTC: a draft created before it matches.
  const draftCutoff =
    query.draftBefore === undefined ? null : Date.parse(`${query.draftBefore}T00:00:00.000Z`);
  return (record) => {
    if (partners !== null) {
      if (!partners.has(record.organisationId) || versionInUse(record) === null) return false;
    } else if (!seesStandard(caller, record.organisationId)) {
      return false;
    }
    if (query.organisationId !== undefined && record.organisationId !== query.organisationId) {
      return false;
    }
    const wanted: string | undefined = query.catalogueVersion;
    if (wanted !== undefined && record.catalogueVersion !== wanted) return false;
    if (!statusMatches(record, query.status)) return false;
    if (draftCutoff !== null) {
      const draft = draftOf(record);
      if (draft === null || !(Date.parse(draft.createdAt) < draftCutoff)) return false;
    }
    const latest = record.versions.at(-1);
    if (query.systemId !== undefined) {
      const named = [...(latest?.systemIds ?? []), ...(versionInUse(record)?.systemIds ?? [])];
      if (!named.includes(query.systemId)) return false;
    }
    if (match === null) return true;
    return match(
      searchKey([
        latest?.name,
        latest?.product,
        snapshot.organisations.get(record.organisationId)?.name,
        ...(latest?.systemIds ?? []).map((id) => snapshot.systems.get(id)?.name),
      ]),
    );
  };
};

/** How many standards artifact/list-standards would total for this query and caller. */
export const countStandards = (
  snapshot: Pick<RegistrySnapshot, 'organisations' | 'systems' | 'standards' | 'connections'>,
  query: StandardListFilters,
  caller: StandardListCaller,
): number => {
  const matches = standardMatcher(query, caller, snapshot);
  let count = 0;
  for (const record of snapshot.standards.values()) if (matches(record)) count += 1;
  return count;
};
