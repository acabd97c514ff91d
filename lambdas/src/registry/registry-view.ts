import {
  OPEN_CONNECTION_STATUSES,
  type Connection,
  type Organisation,
  type OrgSystem,
  type Study,
} from '@ccsc/contract/organisations';
import {
  seesConnection,
  seesOrganisation,
  seesStudy,
  seesSystem,
  type RegistryActor,
} from '@ccsc/contract/registry-access';
import { reachOf } from '@ccsc/contract/reach';
import { NotFoundError } from '../core/errors';
import type { Caller } from '../core/request';
import { perSnapshot } from '../core/lists/per-snapshot';
import type {
  ConnectionRecord,
  OrganisationRecord,
  RegistrySnapshot,
  StudyRecord,
  SystemRecord,
} from '../core/ports/registry';

/**
 * What a caller sees of the registry, and the records as the API shows them. Every registry core
 * (organisations, systems, studies, connections) decides visibility here, by the one rule of
 * @ccsc/contract/registry-access, from a snapshot: the sets of organisations, systems and studies
 * the caller's organisation's connections show are built once per call, from indexes built once
 * per snapshot.
 */

/** Computed once per snapshot (lists/per-snapshot.ts, shared with the lists the dashboard counts). */
export { perSnapshot };

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

/** Who is linked to whom, per snapshot. */
export interface RegistryLinks {
  /** Each organisation's systems. */
  systemsOf: ReadonlyMap<string, readonly SystemRecord[]>;
  /** The studies each organisation owns (sponsor) or acts for (CRO). */
  studiesOf: ReadonlyMap<string, readonly StudyRecord[]>;
  /** The connections each organisation is part of (sponsor, CRO or site), in any state. */
  connectionsOf: ReadonlyMap<string, readonly ConnectionRecord[]>;
  /** The connections each system exchanges for (sponsor or site side), in any state. */
  connectionsOfSystem: ReadonlyMap<string, readonly ConnectionRecord[]>;
  /** Each study's connections, in any state. */
  connectionsOfStudy: ReadonlyMap<string, readonly ConnectionRecord[]>;
}

export const linksOf = perSnapshot((snapshot): RegistryLinks => {
  const systemsOf = new Map<string, SystemRecord[]>();
  const studiesOf = new Map<string, StudyRecord[]>();
  const connectionsOf = new Map<string, ConnectionRecord[]>();
  const connectionsOfSystem = new Map<string, ConnectionRecord[]>();
  const connectionsOfStudy = new Map<string, ConnectionRecord[]>();
  for (const system of snapshot.systems.values()) push(systemsOf, system.organisationId, system);
  for (const study of snapshot.studies.values()) {
    push(studiesOf, study.sponsorOrganisationId, study);
    if (
      study.croOrganisationId !== null &&
      study.croOrganisationId !== study.sponsorOrganisationId
    ) {
      push(studiesOf, study.croOrganisationId, study);
    }
  }
  for (const connection of snapshot.connections.values()) {
    const parties = new Set([
      connection.sponsorOrganisationId,
      connection.siteOrganisationId,
      ...(connection.croOrganisationId === null ? [] : [connection.croOrganisationId]),
    ]);
    for (const organisationId of parties) push(connectionsOf, organisationId, connection);
    push(connectionsOfSystem, connection.sponsorSystemId, connection);
    if (
      connection.siteSystemId !== null &&
      connection.siteSystemId !== connection.sponsorSystemId
    ) {
      push(connectionsOfSystem, connection.siteSystemId, connection);
    }
    push(connectionsOfStudy, connection.studyId, connection);
  }
  return { systemsOf, studiesOf, connectionsOf, connectionsOfSystem, connectionsOfStudy };
});

export const isOpen = (connection: ConnectionRecord): boolean =>
  OPEN_CONNECTION_STATUSES.includes(connection.status);

/** The registry actor of a verified caller (never what a request claims). */
export const registryActor = (caller: Caller): RegistryActor => ({
  role: caller.role,
  organisationId: caller.organisationId,
});

/** What one caller sees of one snapshot. */
export interface RegistryView {
  readonly snapshot: RegistrySnapshot;
  readonly actor: RegistryActor;
  /** Reads every record (a PlatformAdmin, an Auditor of every organisation). */
  readonly everything: boolean;
  /** The other organisations, systems and studies the caller's organisation's connections show. */
  readonly connectedOrganisations: ReadonlySet<string>;
  readonly connectedSystems: ReadonlySet<string>;
  readonly connectedStudies: ReadonlySet<string>;
  organisation(organisationId: string): boolean;
  system(system: Pick<SystemRecord, 'systemId' | 'organisationId'>): boolean;
  study(
    study: Pick<StudyRecord, 'studyId' | 'sponsorOrganisationId' | 'croOrganisationId'>,
  ): boolean;
  connection(connection: ConnectionRecord): boolean;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The caller's view: for an OrgAdmin or an Auditor of an organisation, what their organisation's
 * connections (in any state) show — the organisations on every side, the systems on either side
 * and, for a site, the studies — and, for a sponsor or a CRO, its partner on each study it owns
 * or acts for, with that partner's systems. Read from the per-snapshot index, so it costs the caller's own connections,
 * not the registry's.
 */
export const viewOf = (caller: Caller, snapshot: RegistrySnapshot): RegistryView => {
  const actor = registryActor(caller);
  const everything = reachOf(actor).kind === 'everything';
  const organisations = new Set<string>();
  const systems = new Set<string>();
  const studies = new Set<string>();
  const own = actor.organisationId;
  if (!everything && own !== null && (actor.role === 'OrgAdmin' || actor.role === 'Auditor')) {
    for (const c of linksOf(snapshot).connectionsOf.get(own) ?? []) {
      organisations.add(c.sponsorOrganisationId);
      organisations.add(c.siteOrganisationId);
      if (c.croOrganisationId !== null) organisations.add(c.croOrganisationId);
      systems.add(c.sponsorSystemId);
      if (c.siteSystemId !== null) systems.add(c.siteSystemId);
      // A site sees the studies it is connected to; a sponsor or CRO sees the studies it owns or
      // acts for now (never one a CRO was taken off, through its old connections).
      if (c.siteOrganisationId === own) studies.add(c.studyId);
    }
    // The partners of the studies the organisation owns or acts for (sponsor and CRO): each
    // sees the other and its systems, which an invitation for the study may name.
    for (const study of linksOf(snapshot).studiesOf.get(own) ?? []) {
      const partner: string | null =
        study.sponsorOrganisationId === own ? study.croOrganisationId : study.sponsorOrganisationId;
      if (partner === null || partner === own) continue;
      organisations.add(partner);
      for (const system of linksOf(snapshot).systemsOf.get(partner) ?? []) {
        systems.add(system.systemId);
      }
    }
  }
  const connectedOrganisations = everything ? NONE : organisations;
  const connectedSystems = everything ? NONE : systems;
  const connectedStudies = everything ? NONE : studies;
  return {
    snapshot,
    actor,
    everything,
    connectedOrganisations,
    connectedSystems,
    connectedStudies,
    organisation: (organisationId) =>
      seesOrganisation(actor, organisationId, connectedOrganisations),
    system: (system) => seesSystem(actor, system, connectedSystems),
    study: (study) => seesStudy(actor, study.studyId, study, connectedStudies),
    connection: (connection) => seesConnection(actor, connection),
  };
};

// ---- Not found: a record the caller may not see answers exactly like a missing one ----

export const organisationNotFound = () => new NotFoundError('The organisation does not exist.');
export const systemNotFound = () => new NotFoundError('The system does not exist.');
export const studyNotFound = () => new NotFoundError('The study does not exist.');
export const connectionNotFound = () => new NotFoundError('The connection does not exist.');

// ---- Records as the API shows them ----

const stamps = (record: {
  revision: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}) => ({
  revision: record.revision,
  createdAt: record.createdAt,
  createdBy: record.createdBy,
  updatedAt: record.updatedAt,
  updatedBy: record.updatedBy,
});

/** An organisation's name in a snapshot (its id if the snapshot does not hold it yet). */
export const organisationName = (snapshot: RegistrySnapshot, organisationId: string): string =>
  snapshot.organisations.get(organisationId)?.name ?? organisationId;

export const systemName = (snapshot: RegistrySnapshot, systemId: string): string =>
  snapshot.systems.get(systemId)?.name ?? systemId;

export const toOrganisation = (record: OrganisationRecord): Organisation => ({
  organisationId: record.organisationId,
  name: record.name,
  kind: record.kind,
  country: record.country,
  identifiers: record.identifiers.map(({ label, value }) => ({ label, value })),
  contactEmail: record.contactEmail,
  status: record.status,
  ...stamps(record),
});

export const toSystem = (record: SystemRecord, snapshot: RegistrySnapshot): OrgSystem => ({
  systemId: record.systemId,
  organisationId: record.organisationId,
  organisationName: organisationName(snapshot, record.organisationId),
  name: record.name,
  kind: record.kind,
  vendor: record.vendor,
  product: record.product,
  environment: record.environment,
  technicalContactEmail: record.technicalContactEmail,
  status: record.status,
  ...stamps(record),
});

export const toStudy = (record: StudyRecord, snapshot: RegistrySnapshot): Study => ({
  studyId: record.studyId,
  sponsorOrganisationId: record.sponsorOrganisationId,
  sponsorName: organisationName(snapshot, record.sponsorOrganisationId),
  croOrganisationId: record.croOrganisationId,
  croName:
    record.croOrganisationId === null ? null : organisationName(snapshot, record.croOrganisationId),
  protocolNumber: record.protocolNumber,
  title: record.title,
  phase: record.phase,
  status: record.status,
  ...stamps(record),
});

export const toConnection = (record: ConnectionRecord, snapshot: RegistrySnapshot): Connection => {
  const study = snapshot.studies.get(record.studyId);
  return {
    connectionId: record.connectionId,
    studyId: record.studyId,
    protocolNumber: study?.protocolNumber ?? record.studyId,
    studyTitle: study?.title ?? '',
    sponsorOrganisationId: record.sponsorOrganisationId,
    sponsorName: organisationName(snapshot, record.sponsorOrganisationId),
    croOrganisationId: record.croOrganisationId,
    siteOrganisationId: record.siteOrganisationId,
    siteName: organisationName(snapshot, record.siteOrganisationId),
    siteNumber: record.siteNumber,
    country: record.country,
    principalInvestigator: record.principalInvestigator,
    sponsorSystemId: record.sponsorSystemId,
    sponsorSystemName: systemName(snapshot, record.sponsorSystemId),
    siteSystemId: record.siteSystemId,
    siteSystemName: record.siteSystemId === null ? null : systemName(snapshot, record.siteSystemId),
    status: record.status,
    suspendedBy: record.suspendedBy,
    history: record.history.map((event) => ({ ...event })),
    ...stamps(record),
  };
};

/**
 * Names connections for a refusal: "ABC-123 at Charité Berlin (site 101)", at most `max` of them
 * and how many more.
 */
export const describeConnections = (
  connections: readonly ConnectionRecord[],
  snapshot: RegistrySnapshot,
  max = 5,
): string => {
  const named = connections.slice(0, max).map((c) => {
    const protocol = snapshot.studies.get(c.studyId)?.protocolNumber ?? c.studyId;
    return `${protocol} at ${organisationName(snapshot, c.siteOrganisationId)} (site ${c.siteNumber})`;
  });
  const more = connections.length - named.length;
  return more > 0 ? `${named.join('; ')}; and ${String(more)} more` : named.join('; ');
};

/**
 * The refusal when open connections use a record (deactivating an organisation or a system,
 * closing a study): names them, so the caller knows which to end first.
 */
export const inUseMessage = (
  subject: string,
  open: readonly ConnectionRecord[],
  snapshot: RegistrySnapshot,
): string =>
  `${subject} is used by ${String(open.length)} open connection${open.length === 1 ? '' : 's'}: ` +
  `${describeConnections(open, snapshot)}. End ${open.length === 1 ? 'it' : 'them'} first.`;
