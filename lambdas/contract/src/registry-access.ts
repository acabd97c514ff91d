import type { ConnectionSide, ConnectionStatus, OrganisationKind } from './organisation-constants';
import { reachOf } from './reach';
import type { Role } from './roles';

/**
 * Who may do what in the registry (issue 14): the ONE rule the server decides every registry
 * call by (lambdas/src/features/organisations) and the web follows to offer only what the server
 * allows. Pure; on the server the caller comes from the verified token and the records from the
 * store, never from what a request claims.
 *
 * - A PlatformAdmin does everything. An Auditor of every organisation reads everything.
 * - An OrgAdmin or an Auditor of an organisation sees their own organisation, its systems, its
 *   studies (owned, or acted for as a CRO) and its connections; and of the other organisations
 *   what those connections show: the organisation, and the systems and studies the connections
 *   use.
 * - An OrgAdmin changes their own organisation's details (never its kind or status) and manages
 *   its systems. A sponsor's OrgAdmin creates and changes its studies; the OrgAdmin of the
 *   study's sponsor or CRO invites sites with a sponsor-side system. A site's OrgAdmin accepts
 *   (with its own system) or declines the invitations to the site. Either side suspends and
 *   ends; the side that suspended resumes (a PlatformAdmin's suspension only a PlatformAdmin).
 * - Creating organisations, (de)activating them and importing CSV files: PlatformAdmin only.
 * - Auditors change nothing.
 */

export interface RegistryActor {
  role: Role | null;
  organisationId: string | null;
}

/** What a rule needs to know about a connection. */
export interface ConnectionParties {
  sponsorOrganisationId: string;
  croOrganisationId: string | null;
  siteOrganisationId: string;
  status: ConnectionStatus;
  suspendedBy: ConnectionSide | null;
}

export interface StudyParties {
  sponsorOrganisationId: string;
  croOrganisationId: string | null;
}

export type ConnectionAction = 'accept' | 'decline' | 'suspend' | 'resume' | 'end';

const everything = (actor: RegistryActor) => reachOf(actor).kind === 'everything';
const isPlatformAdmin = (actor: RegistryActor) => actor.role === 'PlatformAdmin';
const ownOrgAdmin = (actor: RegistryActor, organisationId: string | null) =>
  actor.role === 'OrgAdmin' &&
  actor.organisationId !== null &&
  actor.organisationId === organisationId;
const ownOrganisation = (actor: RegistryActor, organisationId: string | null) =>
  (actor.role === 'OrgAdmin' || actor.role === 'Auditor') &&
  actor.organisationId !== null &&
  actor.organisationId === organisationId;

/** Whether a connection (or a study) involves the organisation on either side. */
export const involves = (
  parties: Pick<ConnectionParties, 'sponsorOrganisationId' | 'croOrganisationId'> & {
    siteOrganisationId?: string;
  },
  organisationId: string | null,
): boolean =>
  organisationId !== null &&
  (parties.sponsorOrganisationId === organisationId ||
    parties.croOrganisationId === organisationId ||
    parties.siteOrganisationId === organisationId);

/** The side the actor's organisation is on in a connection, or null when it is on none. */
export const sideOf = (
  actor: RegistryActor,
  parties: Pick<
    ConnectionParties,
    'sponsorOrganisationId' | 'croOrganisationId' | 'siteOrganisationId'
  >,
): ConnectionSide | null => {
  if (isPlatformAdmin(actor)) return 'platform';
  if (actor.organisationId === null) return null;
  if (
    actor.organisationId === parties.sponsorOrganisationId ||
    actor.organisationId === parties.croOrganisationId
  ) {
    return 'sponsor';
  }
  if (actor.organisationId === parties.siteOrganisationId) return 'site';
  return null;
};

// ---- Reading ----

/**
 * Whether the actor sees an organisation: everything-readers all; the others their own and those
 * their organisation's connections (any state) show (`connectedOrganisations`).
 */
export const seesOrganisation = (
  actor: RegistryActor,
  organisationId: string,
  connectedOrganisations: ReadonlySet<string>,
): boolean =>
  everything(actor) ||
  ownOrganisation(actor, organisationId) ||
  (ownOrganisation(actor, actor.organisationId) && connectedOrganisations.has(organisationId));

/** Whether the actor sees a connection: their organisation is one of its parties. */
export const seesConnection = (actor: RegistryActor, parties: ConnectionParties): boolean =>
  everything(actor) ||
  ((actor.role === 'OrgAdmin' || actor.role === 'Auditor') &&
    involves(parties, actor.organisationId));

/**
 * Whether the actor sees a study: its sponsor's or CRO's people, and a site's once the site has a
 * connection to it (`connectedStudies`).
 */
export const seesStudy = (
  actor: RegistryActor,
  studyId: string,
  study: StudyParties,
  connectedStudies: ReadonlySet<string>,
): boolean =>
  everything(actor) ||
  ((actor.role === 'OrgAdmin' || actor.role === 'Auditor') &&
    (involves(study, actor.organisationId) || connectedStudies.has(studyId)));

/**
 * Whether the actor sees a system: its own organisation's, or one a connection of theirs uses
 * (`connectedSystems`).
 */
export const seesSystem = (
  actor: RegistryActor,
  system: { systemId: string; organisationId: string },
  connectedSystems: ReadonlySet<string>,
): boolean =>
  everything(actor) ||
  ownOrganisation(actor, system.organisationId) ||
  ((actor.role === 'OrgAdmin' || actor.role === 'Auditor') &&
    connectedSystems.has(system.systemId));

// ---- Changing ----

/** Create organisations, (de)activate them, change their kind, import CSV files. */
export const mayAdministerRegistry = (actor: RegistryActor): boolean => isPlatformAdmin(actor);

/** Change an organisation's details (name, country, identifiers, contact). */
export const mayEditOrganisation = (actor: RegistryActor, organisationId: string): boolean =>
  isPlatformAdmin(actor) || ownOrgAdmin(actor, organisationId);

/** Create, change, (de)activate the systems of an organisation. */
export const mayManageSystems = (actor: RegistryActor, organisationId: string): boolean =>
  isPlatformAdmin(actor) || ownOrgAdmin(actor, organisationId);

/** Create a study for a sponsor, or change one of its studies. */
export const mayManageStudies = (
  actor: RegistryActor,
  sponsor: { organisationId: string; kind: OrganisationKind },
): boolean =>
  sponsor.kind === 'sponsor' &&
  (isPlatformAdmin(actor) || ownOrgAdmin(actor, sponsor.organisationId));

/** Invite a site to a study: its sponsor's or CRO's OrgAdmin. */
export const mayInvite = (actor: RegistryActor, study: StudyParties): boolean =>
  isPlatformAdmin(actor) ||
  ownOrgAdmin(actor, study.sponsorOrganisationId) ||
  ownOrgAdmin(actor, study.croOrganisationId);

/** Search the site directory (to invite): a PlatformAdmin, or the OrgAdmin of a sponsor or CRO. */
export const maySearchSiteDirectory = (
  actor: RegistryActor,
  ownKind: OrganisationKind | null,
): boolean =>
  isPlatformAdmin(actor) ||
  (actor.role === 'OrgAdmin' && (ownKind === 'sponsor' || ownKind === 'cro'));

/** The states each connection step starts from. */
export const CONNECTION_STEPS: Record<
  ConnectionAction,
  { from: readonly ConnectionStatus[]; to: ConnectionStatus }
> = {
  accept: { from: ['invited'], to: 'active' },
  decline: { from: ['invited'], to: 'declined' },
  suspend: { from: ['active'], to: 'suspended' },
  resume: { from: ['suspended'], to: 'active' },
  end: { from: ['invited', 'active', 'suspended'], to: 'ended' },
};

/**
 * Whether the actor may take a step on a connection as it stands (ignoring its state, which
 * `CONNECTION_STEPS` decides: the server answers a wrong state with 409, a wrong actor with 403).
 */
export const mayStep = (
  actor: RegistryActor,
  action: ConnectionAction,
  connection: ConnectionParties,
): boolean => {
  if (actor.role === 'Auditor' || actor.role === null) return false;
  const side = sideOf(actor, connection);
  if (side === null) return false;
  switch (action) {
    case 'accept':
    case 'decline':
      return side === 'site' || side === 'platform';
    case 'suspend':
    case 'end':
      return true;
    case 'resume':
      return side === 'platform' || side === connection.suspendedBy;
  }
};

/** Whether the step fits the connection's state. */
export const stepFits = (action: ConnectionAction, status: ConnectionStatus): boolean =>
  CONNECTION_STEPS[action].from.includes(status);

/** The study status changes allowed: forward only, closed is final. */
export const STUDY_TRANSITIONS: Record<string, readonly string[]> = {
  planned: ['active', 'closed'],
  active: ['closed'],
  closed: [],
};
