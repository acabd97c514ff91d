import {
  claimKeys,
  type OrganisationRecord,
  type RegistrySnapshot,
  type StudyRecord,
} from '../core/ports/registry';
import { activeGuard, conflictOn, invalidField, protocolClaim } from './connection-writes';
import { linksOf, type RegistryView } from './registry-view';

export const CRO_REQUIRED = 'croOrganisationId must name an active CRO organisation.';

/** What create-study and update-study check of the records a study names. */

/**
 * The CRO a study names: an active CRO organisation. A sponsor names it by id, found through the
 * CRO directory (active CROs only; it has no connection to it yet, so it cannot see it): a
 * missing organisation, one of another kind and an inactive CRO out of the caller's sight get
 * the same answer; only one the caller sees is named as inactive (409).
 */
export const checkedCro = (view: RegistryView, croOrganisationId: string): OrganisationRecord => {
  const cro = view.snapshot.organisations.get(croOrganisationId);
  if (cro?.kind !== 'cro' || (cro.status !== 'active' && !view.organisation(cro.organisationId))) {
    throw invalidField('croOrganisationId', CRO_REQUIRED);
  }
  if (cro.status !== 'active') {
    throw conflictOn('croOrganisationId', `${cro.name} is inactive; name an active CRO.`);
  }
  return cro;
};

export const croGuard = (cro: OrganisationRecord) =>
  activeGuard('organisation', cro.organisationId, `${cro.name} was deactivated meanwhile.`);

/**
 * The protocol number's claim for the sponsor, refused at once (409 on the field) when one of the
 * sponsor's other studies has it in any case; the claim keeps it so against a race.
 */
export const claimedProtocol = (
  snapshot: RegistrySnapshot,
  sponsor: OrganisationRecord,
  protocolNumber: string,
  studyId: string | null,
) => {
  const claim = protocolClaim(sponsor.organisationId, protocolNumber, sponsor.name);
  const taken = (linksOf(snapshot).studiesOf.get(sponsor.organisationId) ?? []).some(
    (s: StudyRecord) =>
      s.sponsorOrganisationId === sponsor.organisationId &&
      s.studyId !== studyId &&
      claimKeys.studyProtocol(s.sponsorOrganisationId, s.protocolNumber) === claim.key,
  );
  if (taken) throw conflictOn('protocolNumber', claim.message);
  return claim;
};

/** The study's facts as its audit records show them. */
export const studyFacts = (study: StudyRecord): Record<string, unknown> => ({
  sponsorOrganisationId: study.sponsorOrganisationId,
  croOrganisationId: study.croOrganisationId,
  protocolNumber: study.protocolNumber,
  title: study.title,
  phase: study.phase,
  status: study.status,
});

export const studyTarget = (study: StudyRecord) =>
  ({ type: 'study', id: study.studyId, label: study.protocolNumber }) as const;
