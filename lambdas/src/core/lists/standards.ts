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
  snapshot: Pick<RegistrySnapshot, 'organisations' | 'systems'>,
): ((record: StandardRecord) => boolean) => {
  const match = searchMatcher(query.search);
  // The start of that day, UTC: a draft created before it matches.
  const draftCutoff =
    query.draftBefore === undefined ? null : Date.parse(`${query.draftBefore}T00:00:00.000Z`);
  return (record) => {
    if (!seesStandard(caller, record.organisationId)) return false;
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
  snapshot: Pick<RegistrySnapshot, 'organisations' | 'systems' | 'standards'>,
  query: StandardListFilters,
  caller: StandardListCaller,
): number => {
  const matches = standardMatcher(query, caller, snapshot);
  let count = 0;
  for (const record of snapshot.standards.values()) if (matches(record)) count += 1;
  return count;
};
