import type { ConnectionRecord } from '../core/ports/registry';
import { connectionMatcher, type ConnectionListFilters } from '../core/lists/connections';
import { linksOf, perSnapshot, type RegistryView } from './registry-view';

/**
 * The connection list's indexes (list-connections, export-connections; issue 14's budget: a page
 * or a search of 50,000 connections within 300 ms). The order is built once per snapshot; the
 * search keys (lists/connections.ts) once per record object — a snapshot that changed one
 * connection still hands the others as the same objects, so their keys are not folded again.
 */

export type ConnectionQuery = ConnectionListFilters;

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

/**
 * The connections the caller sees that match the query, newest change first. It starts from the
 * smallest list an index gives (the study's, the organisation's, the system's, or the caller's own
 * organisation's connections) and filters that with the list's predicate, so a narrow query costs
 * its own rows.
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
  // What the list shows is the one predicate of lists/connections.ts (the dashboard counts with
  // it too); the candidates above only spare it rows it would refuse.
  return rows.filter(connectionMatcher(query, view.actor, snapshot));
};
