import type * as z from 'zod';
import {
  CONNECTION_STATUSES,
  type ConnectionStatus,
  type connectionListQuerySchema,
} from '@ccsc/contract/organisations';
import { seesConnection, type RegistryActor } from '@ccsc/contract/registry-access';
import { searchKey, searchMatcher } from '../list-page';
import type {
  ConnectionRecord,
  OrganisationRecord,
  RegistrySnapshot,
  StudyRecord,
} from '../ports/registry';
import { perSnapshot } from './per-snapshot';

/**
 * What the connection list (list-connections, export-connections) shows and the dashboard counts
 * of it, written once: who sees a connection, the filters, the search. The rows are the registry
 * snapshot's connections; features/organisations/connection-index.ts starts from the smallest
 * index a query allows and filters with `connectionMatcher`.
 */

/** The connection list's filters (the page's size and cursor aside). */
export type ConnectionListFilters = z.output<typeof connectionListQuerySchema>;
/** Who asks (the verified caller): their role and organisation decide what they see. */
export type ConnectionListCaller = RegistryActor;

const keyPer = <T extends object>(build: (record: T) => string) => {
  const keys = new WeakMap<T, string>();
  return (record: T): string => {
    let key = keys.get(record);
    if (key === undefined) {
      key = build(record);
      keys.set(record, key);
    }
    return key;
  };
};

/** What a connection is found by of its own: the site number and the investigator. */
const ownKey = keyPer((c: ConnectionRecord) => searchKey([c.siteNumber, c.principalInvestigator]));
/** …of its study: the protocol number and the title. */
const studyKey = keyPer((s: StudyRecord) => searchKey([s.protocolNumber, s.title]));
/** …of its sponsor and its site: the name. */
const nameKey = keyPer((o: OrganisationRecord) => searchKey([o.name]));

/**
 * Each connection's whole search key in one string, built once per snapshot (when a search first
 * asks) from the parts' keys, which are kept per record: a change of one connection, study or
 * organisation folds only its own text again. The parts keep their separators, so a query still
 * matches the start of a word of one part only.
 */
const searchKeysOf = perSnapshot((snapshot): ReadonlyMap<ConnectionRecord, string> => {
  const keys = new Map<ConnectionRecord, string>();
  const nameOf = (organisationId: string) => {
    const organisation = snapshot.organisations.get(organisationId);
    return organisation === undefined ? '' : nameKey(organisation);
  };
  for (const c of snapshot.connections.values()) {
    const study = snapshot.studies.get(c.studyId);
    keys.set(
      c,
      ownKey(c) +
        (study === undefined ? '' : studyKey(study)) +
        nameOf(c.sponsorOrganisationId) +
        nameOf(c.siteOrganisationId),
    );
  }
  return keys;
});

/**
 * The list's predicate: the connections of `snapshot` the caller sees (a PlatformAdmin and an
 * Auditor of every organisation all; anyone else those their organisation is the sponsor, the CRO
 * or the site of) that match the filters — study, organisation (any side), system (either side),
 * status, country, and the search: the start of a word of its protocol number, study title,
 * sponsor, site, site number or investigator (core/list-page.ts's rule).
 */
export const connectionMatcher = (
  query: ConnectionListFilters,
  caller: ConnectionListCaller,
  snapshot: RegistrySnapshot,
): ((c: ConnectionRecord) => boolean) => {
  const actor = { role: caller.role, organisationId: caller.organisationId };
  const matches = searchMatcher(query.search);
  const keys = matches === null ? null : searchKeysOf(snapshot);
  const { studyId, organisationId, systemId, status, country } = query;
  return (c) =>
    (studyId === undefined || c.studyId === studyId) &&
    (organisationId === undefined ||
      c.sponsorOrganisationId === organisationId ||
      c.croOrganisationId === organisationId ||
      c.siteOrganisationId === organisationId) &&
    (systemId === undefined || c.sponsorSystemId === systemId || c.siteSystemId === systemId) &&
    (status === undefined || c.status === status) &&
    (country === undefined || c.country === country) &&
    seesConnection(actor, c) &&
    (matches === null || keys === null || matches(keys.get(c) ?? ''));
};

/** How many connections list-connections would total for this query and caller. */
export const countConnections = (
  snapshot: RegistrySnapshot,
  query: ConnectionListFilters,
  caller: ConnectionListCaller,
): number => {
  const matches = connectionMatcher(query, caller, snapshot);
  let count = 0;
  for (const c of snapshot.connections.values()) if (matches(c)) count += 1;
  return count;
};

export type ConnectionCounts = Readonly<Record<ConnectionStatus, number>>;

/**
 * Per snapshot, the counts already made, by what decides what a caller sees (role and
 * organisation): each made once, in one pass, while the snapshot's connections live.
 */
const countsBySight = perSnapshot(() => new Map<string, ConnectionCounts>());

/**
 * How many connections of each status the caller sees: for every status, exactly the `total`
 * list-connections `{ status }` answers that caller (the same predicate, `connectionMatcher`,
 * with the status as the only filter). One pass over the snapshot, kept per snapshot and sight.
 */
export const connectionCountsByStatus = (
  snapshot: RegistrySnapshot,
  caller: ConnectionListCaller,
): ConnectionCounts => {
  const sight = `${caller.role ?? ''}\u0000${caller.organisationId ?? ''}`;
  const cache = countsBySight(snapshot);
  const held = cache.get(sight);
  if (held !== undefined) return held;
  const counts = Object.fromEntries(CONNECTION_STATUSES.map((s) => [s, 0])) as Record<
    ConnectionStatus,
    number
  >;
  const sees = connectionMatcher({}, caller, snapshot);
  for (const c of snapshot.connections.values()) if (sees(c)) counts[c.status] += 1;
  cache.set(sight, counts);
  return counts;
};
