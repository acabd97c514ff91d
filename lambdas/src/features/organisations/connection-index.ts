import type * as z from 'zod';
import type { connectionListQuerySchema } from '@ccsc/contract/organisations';
import type {
  ConnectionRecord,
  OrganisationRecord,
  RegistrySnapshot,
  StudyRecord,
} from '../../ports/registry';
import { searchKey, searchMatcher } from '../../core/list-page';
import { linksOf, perSnapshot, type RegistryView } from './registry-view';

/**
 * The connection list's indexes (list-connections, export-connections; issue 14's budget: a page
 * or a search of 50,000 connections within 300 ms). The order is built once per snapshot; the
 * search keys once per record object — a snapshot that changed one connection still hands the
 * others as the same objects, so their keys are not folded again.
 */

export type ConnectionQuery = z.output<typeof connectionListQuerySchema>;

const byChange = (a: ConnectionRecord, b: ConnectionRecord): number =>
  a.updatedAt < b.updatedAt
    ? 1
    : a.updatedAt > b.updatedAt
      ? -1
      : a.connectionId < b.connectionId
        ? -1
        : a.connectionId > b.connectionId
          ? 1
          : 0;

interface ConnectionOrder {
  /** Every connection, newest change first (ties by id, so the order is total). */
  newestFirst: readonly ConnectionRecord[];
  /** Each connection's place in `newestFirst`, to put a smaller candidate list in order. */
  place: ReadonlyMap<string, number>;
}

const orderOf = perSnapshot((snapshot): ConnectionOrder => {
  const newestFirst = [...snapshot.connections.values()].sort(byChange);
  const place = new Map<string, number>();
  newestFirst.forEach((c, i) => place.set(c.connectionId, i));
  return { newestFirst, place };
});

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
 * Whether `search` finds the connection: the start of a word of its protocol number, study title,
 * sponsor, site, site number or investigator (core/list-page.ts's rule).
 */
const searchOf = (search: string | undefined, snapshot: RegistrySnapshot) => {
  const matches = searchMatcher(search);
  if (matches === null) return null;
  const keys = searchKeysOf(snapshot);
  return (c: ConnectionRecord): boolean => matches(keys.get(c) ?? '');
};

/**
 * The connections the caller sees that match the query, newest change first. It starts from the
 * smallest list an index gives (the study's, the organisation's, the system's, or the caller's own
 * organisation's connections) and filters the rest, so a narrow query costs its own rows.
 */
export const findConnections = (
  view: RegistryView,
  query: ConnectionQuery,
): readonly ConnectionRecord[] => {
  const { snapshot } = view;
  const links = linksOf(snapshot);
  const order = orderOf(snapshot);
  const candidates: (readonly ConnectionRecord[])[] = [];
  if (query.studyId !== undefined) {
    candidates.push(links.connectionsOfStudy.get(query.studyId) ?? []);
  }
  if (query.organisationId !== undefined) {
    candidates.push(links.connectionsOf.get(query.organisationId) ?? []);
  }
  if (query.systemId !== undefined) {
    candidates.push(links.connectionsOfSystem.get(query.systemId) ?? []);
  }
  if (!view.everything) {
    const own = view.actor.organisationId;
    candidates.push(own === null ? [] : (links.connectionsOf.get(own) ?? []));
  }
  const smallest = candidates.reduce<readonly ConnectionRecord[] | null>(
    (best, list) => (best === null || list.length < best.length ? list : best),
    null,
  );
  // A candidate list near the size of the whole is not worth sorting: the filter below walks the
  // whole list, already in order, as fast.
  const rows =
    smallest === null || smallest.length * 4 > order.newestFirst.length
      ? order.newestFirst
      : [...smallest].sort(
          (a, b) => (order.place.get(a.connectionId) ?? 0) - (order.place.get(b.connectionId) ?? 0),
        );
  const search = searchOf(query.search, snapshot);
  const organisationId = query.organisationId;
  const systemId = query.systemId;
  return rows.filter(
    (c) =>
      (query.studyId === undefined || c.studyId === query.studyId) &&
      (organisationId === undefined ||
        c.sponsorOrganisationId === organisationId ||
        c.croOrganisationId === organisationId ||
        c.siteOrganisationId === organisationId) &&
      (systemId === undefined || c.sponsorSystemId === systemId || c.siteSystemId === systemId) &&
      (query.status === undefined || c.status === query.status) &&
      (query.country === undefined || c.country === query.country) &&
      view.connection(c) &&
      (search === null || search(c)),
  );
};
