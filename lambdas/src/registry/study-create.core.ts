import type { routes } from '@ccsc/contract/routes';
import { mayManageStudies } from '@ccsc/contract/registry-access';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import type { StudyRecord } from '../core/ports/registry';
import {
  activeGuard,
  auditFor,
  conflictOn,
  invalidField,
  newIdOf,
  type RegistryWriteDeps,
} from './connection-writes';
import { organisationNotFound, registryActor, toStudy, viewOf } from './registry-view';
import { checkedCro, claimedProtocol, croGuard, studyFacts, studyTarget } from './study-checks';

export type CreateStudyDeps = RegistryWriteDeps;

/**
 * create-study: a planned study of an active sponsor (a PlatformAdmin for any sponsor, a sponsor's
 * OrgAdmin for their own), with the CRO that acts for the sponsor on it if any. The protocol number
 * is the sponsor's once, in any case (409 on the field).
 */
export const createStudy: Core<(typeof routes)['create-study'], CreateStudyDeps> = async (
  input,
  ctx,
  deps,
) => {
  const actor = registryActor(ctx.caller);
  // Nobody but a PlatformAdmin names another organisation here: refused before anything is read,
  // so the answer tells nothing of what exists.
  if (actor.role !== 'PlatformAdmin' && actor.organisationId !== input.sponsorOrganisationId) {
    throw new ForbiddenError('You may create studies for your own organisation only.');
  }
  const snapshot = await deps.registry.snapshot();
  const view = viewOf(ctx.caller, snapshot);
  const sponsor = snapshot.organisations.get(input.sponsorOrganisationId);
  // One out of the caller's sight answers like a missing one (never named, never a 403).
  if (sponsor === undefined || !view.organisation(sponsor.organisationId)) {
    throw organisationNotFound();
  }
  if (sponsor.kind !== 'sponsor') {
    throw invalidField(
      'sponsorOrganisationId',
      `${sponsor.name} is not a sponsor: a study belongs to its sponsor (a CRO is named on it).`,
    );
  }
  if (!mayManageStudies(actor, sponsor)) {
    throw new ForbiddenError("Only the sponsor's OrgAdmin or a PlatformAdmin creates its studies.");
  }
  if (sponsor.status !== 'active') {
    throw conflictOn('sponsorOrganisationId', `${sponsor.name} is inactive; it takes no studies.`);
  }
  const cro =
    input.croOrganisationId === undefined || input.croOrganisationId === null
      ? null
      : checkedCro(view, input.croOrganisationId);
  const claim = claimedProtocol(snapshot, sponsor, input.protocolNumber, null);

  const newId = newIdOf(deps);
  const writeId = newId();
  const now = deps.clock.now().toISOString();
  const study: StudyRecord = {
    studyId: newId(),
    sponsorOrganisationId: sponsor.organisationId,
    croOrganisationId: cro?.organisationId ?? null,
    protocolNumber: input.protocolNumber,
    title: input.title,
    phase: input.phase,
    status: 'planned',
    revision: 1,
    writeId,
    createdAt: now,
    createdBy: ctx.caller.email,
    updatedAt: now,
    updatedBy: ctx.caller.email,
  };
  await deps.writes.apply(
    `study:${study.studyId}`,
    {
      writeId,
      puts: [{ item: { type: 'study', record: study }, expectedRevision: null }],
      claims: [claim],
      guards: [
        activeGuard(
          'organisation',
          sponsor.organisationId,
          `${sponsor.name} was deactivated meanwhile.`,
        ),
        ...(cro === null ? [] : [croGuard(cro)]),
      ],
    },
    auditFor(
      ctx,
      { action: 'study.created', target: studyTarget(study), after: studyFacts(study) },
      [study.sponsorOrganisationId, study.croOrganisationId],
    ),
  );
  return { study: toStudy(study, snapshot) };
};
