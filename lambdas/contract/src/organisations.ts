/**
 * The registry (issue 14): organisations, their systems, the sponsors' studies and the
 * site–sponsor connections. The model, in one place:
 *
 * - An **organisation** is a site, a sponsor, or a CRO (a contract research organisation acting
 *   for sponsors on the studies that name it). Name, country (ISO 3166-1 alpha-2), external
 *   identifiers (label + value), contact e-mail, status active / inactive.
 * - An **organisation system** belongs to one organisation: kind, vendor, product, environment,
 *   technical contact, status. API credentials (issue 15) are issued to systems.
 * - A **study** is owned by a sponsor; protocol number unique per sponsor (in any case); it may
 *   name a CRO that acts for the sponsor on it. Status planned → active → closed (or planned →
 *   closed); closed is final.
 * - A **connection** is one study at one site (a study site): the site number, country and
 *   principal investigator, the sponsor-side system and, once accepted, the site system that
 *   exchange documents for it. The sponsor side (the study's sponsor or its CRO) invites; the
 *   site accepts (choosing its system) or declines; either side suspends; the side that suspended
 *   (or a PlatformAdmin) resumes; either side ends. invited → active ⇄ suspended → ended, or
 *   invited → declined, or invited → ended (an invitation withdrawn). Ended and declined are
 *   final. A site is invited to a study once while an earlier connection is open (invited,
 *   active, suspended); after it ended or was declined it may be invited again.
 * - Nothing anything references is deleted: organisations and systems are deactivated. An
 *   organisation, a system or a study that an **open** connection (invited, active, suspended)
 *   uses cannot be deactivated or closed: the refusal names the connections. An inactive
 *   organisation or system cannot be chosen for a new connection or an acceptance; a study
 *   that is closed takes no invitations.
 * - Every record carries a `revision`: a change names the revision it was made from and is
 *   refused (409) when someone changed the record meanwhile.
 *
 * Who may do what (registry-access.ts): a PlatformAdmin everything; an OrgAdmin their own
 * organisation's details and systems, a sponsor's (or CRO's) OrgAdmin their studies and
 * invitations, a site's OrgAdmin the answers to invitations to their site; an Auditor reads.
 * An OrgAdmin or an Auditor of an organisation sees their own organisation, and other
 * organisations only as far as a connection of theirs shows them.
 */

/*
 * The registry's contract lives in four files, so that a function needing a record or a rule
 * does not carry the route table: organisation-constants.ts (kinds, statuses, CSV columns),
 * organisation-schemas.ts (field rules, records, payloads), organisation-routes.ts and
 * connection-routes.ts (the calls). This module only re-exports them (no code of its own), so a bundle takes only what it uses.
 */

export * from './organisation-constants';
export {
  registryTextSchema,
  countrySchema,
  externalIdentifierSchema,
  protocolNumberSchema,
  siteNumberSchema,
  reasonSchema,
  revisionSchema,
  organisationSchema,
  type Organisation,
  orgSystemSchema,
  type OrgSystem,
  studySchema,
  type Study,
  connectionEventSchema,
  connectionSchema,
  type Connection,
  organisationListQuerySchema,
  systemListQuerySchema,
  studyListQuerySchema,
  connectionListQuerySchema,
  organisationInputSchema,
  type OrganisationInput,
  systemInputSchema,
  type SystemInput,
  studyInputSchema,
  type StudyInput,
  inviteSiteInputSchema,
  type InviteSiteInput,
  importRequestSchema,
  importProblemSchema,
  importResponseSchema,
} from './organisation-schemas';

export { organisationRoutes } from './organisation-routes';
