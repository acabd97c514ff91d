import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { ConnectionRecord } from '../core/ports/registry';
import type { RegistryReadDeps } from './organisation-lists';
import { byKey, PAGE_SIZE, sortKey } from '../core/list-page';
import {
  linksOf,
  organisationNotFound,
  toConnection,
  toOrganisation,
  toStudy,
  toSystem,
  viewOf,
} from './registry-view';

/** Newest change first; the id breaks ties, so the order is the same on every call. */
const newestFirst = (a: ConnectionRecord, b: ConnectionRecord): number =>
  a.updatedAt === b.updatedAt
    ? a.connectionId < b.connectionId
      ? -1
      : 1
    : a.updatedAt < b.updatedAt
      ? 1
      : -1;

/**
 * get-organisation: one organisation with its systems (by name), its studies, owned or acted for
 * (by protocol number), and the first page of its connections (newest change first) with their
 * total, each as far as the caller sees it (registry-view.ts); 404 when the organisation does not
 * exist or lies outside the caller's sight, in the same words. Read from the snapshot and its
 * per-organisation links, so it costs the organisation's records, not the registry's.
 */
export const getOrganisation: Core<(typeof routes)['get-organisation'], RegistryReadDeps> = async (
  { organisationId },
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const view = viewOf(ctx.caller, snapshot);
  const organisation = snapshot.organisations.get(organisationId);
  if (organisation === undefined || !view.organisation(organisationId)) {
    throw organisationNotFound();
  }
  const links = linksOf(snapshot);
  const systems = (links.systemsOf.get(organisationId) ?? [])
    .filter((system) => view.system(system))
    .map((record) => ({ record, key: sortKey(record.name, record.systemId) }))
    .sort(byKey);
  const studies = (links.studiesOf.get(organisationId) ?? [])
    .filter((study) => view.study(study))
    .map((record) => ({ record, key: sortKey(record.protocolNumber, record.studyId) }))
    .sort(byKey);
  const connections = (links.connectionsOf.get(organisationId) ?? []).filter((connection) =>
    view.connection(connection),
  );
  const newest = [...connections].sort(newestFirst).slice(0, PAGE_SIZE);
  return {
    organisation: toOrganisation(organisation),
    systems: systems.map(({ record }) => toSystem(record, snapshot)),
    studies: studies.map(({ record }) => toStudy(record, snapshot)),
    connections: newest.map((connection) => toConnection(connection, snapshot)),
    connectionTotal: connections.length,
  };
};
