import { connectionEvents } from './connection-events';
import type { routes } from '@ccsc/contract/routes';
import { mayInvite, sideOf } from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import { claimKeys, type ConnectionRecord } from '../core/ports/registry';
import {
  activeGuard,
  alreadyOpenMessage,
  auditFor,
  conflictOn,
  connectionFacts,
  connectionTarget,
  connectionUses,
  invalidField,
  newIdOf,
  type RegistryWriteDeps,
} from './connection-writes';
import {
  isOpen,
  linksOf,
  registryActor,
  studyNotFound,
  toConnection,
  viewOf,
} from './registry-view';

export type InviteSiteDeps = RegistryWriteDeps;

export const SITE_REQUIRED = 'siteOrganisationId must name an active site organisation.';

/**
 * invite-site: the sponsor side (the OrgAdmin of the study's sponsor or of its CRO, or a
 * PlatformAdmin) invites a site to a study with the sponsor-side system that will exchange for
 * it. The study must not be closed, the site an active site organisation, the system an active
 * one of the sponsor's or the CRO's; a site has one open connection to a study at a time (409 on
 * `siteOrganisationId`; claimed, so two invitations at once cannot both win). The connection
 * opens: its study, organisations and sponsor system each count one more use, so none of them can
 * be deactivated or closed under it.
 */
export const inviteSite: Core<(typeof routes)['invite-site'], InviteSiteDeps> = async (
  input,
  ctx,
  deps,
) => {
  const snapshot = await deps.registry.snapshot();
  const view = viewOf(ctx.caller, snapshot);
  const actor = registryActor(ctx.caller);
  const study = snapshot.studies.get(input.studyId);
  if (study === undefined || !view.study(study)) throw studyNotFound();
  if (!mayInvite(actor, study)) {
    throw new ForbiddenError(
      "Only the OrgAdmin of the study's sponsor or CRO, or a PlatformAdmin, invites sites.",
    );
  }
  if (study.status === 'closed') {
    throw new ConflictError(
      `The study ${study.protocolNumber} is closed; it takes no invitations.`,
    );
  }

  // The site: any active site (found through the site directory), never another kind.
  // A missing organisation, another kind and an inactive site out of the caller's sight (the
  // directory lists active sites only) get one answer; only a site the caller sees is named.
  const site = snapshot.organisations.get(input.siteOrganisationId);
  if (
    site?.kind !== 'site' ||
    (site.status !== 'active' && !view.organisation(site.organisationId))
  ) {
    throw invalidField('siteOrganisationId', SITE_REQUIRED);
  }
  if (site.status !== 'active') {
    throw conflictOn('siteOrganisationId', `${site.name} is inactive; it cannot be invited.`);
  }
  const open = (linksOf(snapshot).connectionsOfStudy.get(study.studyId) ?? []).find(
    (c) => c.siteOrganisationId === site.organisationId && isOpen(c),
  );
  if (open !== undefined) {
    throw conflictOn(
      'siteOrganisationId',
      alreadyOpenMessage(site.name, study.protocolNumber, open),
    );
  }

  // The sponsor-side system: the sponsor's or the CRO's, active. Another organisation's system
  // is answered like a missing one.
  const system = snapshot.systems.get(input.sponsorSystemId);
  if (
    system === undefined ||
    (system.organisationId !== study.sponsorOrganisationId &&
      system.organisationId !== study.croOrganisationId)
  ) {
    throw invalidField(
      'sponsorSystemId',
      "sponsorSystemId must name a system of the study's sponsor or of its CRO.",
    );
  }
  if (system.status !== 'active') {
    throw conflictOn('sponsorSystemId', `The system ${system.name} is inactive.`);
  }
  const sponsorSide = [study.sponsorOrganisationId, study.croOrganisationId]
    .filter((id): id is string => id !== null)
    .map((id) => snapshot.organisations.get(id))
    .filter((o) => o !== undefined);
  const inactive = sponsorSide.find((o) => o.status !== 'active');
  if (inactive !== undefined) {
    throw new ConflictError(`${inactive.name} is inactive; it cannot open connections.`);
  }

  const newId = newIdOf(deps);
  const writeId = newId();
  const now = deps.clock.now().toISOString();
  const parties = {
    sponsorOrganisationId: study.sponsorOrganisationId,
    croOrganisationId: study.croOrganisationId,
    siteOrganisationId: site.organisationId,
  };
  const connection: ConnectionRecord = {
    connectionId: newId(),
    studyId: study.studyId,
    ...parties,
    siteNumber: input.siteNumber,
    country: input.country,
    principalInvestigator: input.principalInvestigator,
    sponsorSystemId: system.systemId,
    siteSystemId: null,
    status: 'invited',
    suspendedBy: null,
    history: [
      {
        status: 'invited',
        at: now,
        by: ctx.caller.email,
        side: sideOf(actor, parties) ?? 'platform',
        reason: null,
      },
    ],
    revision: 1,
    writeId,
    createdAt: now,
    createdBy: ctx.caller.email,
    updatedAt: now,
    updatedBy: ctx.caller.email,
  };
  const meanwhile = (what: string) => `${what} was deactivated meanwhile.`;
  await deps.writes.apply(
    `connection:${connection.connectionId}`,
    {
      writeId,
      puts: [{ item: { type: 'connection', record: connection }, expectedRevision: null }],
      claims: [
        {
          key: claimKeys.openConnection(study.studyId, site.organisationId),
          message: alreadyOpenMessage(site.name, study.protocolNumber),
          field: 'siteOrganisationId',
        },
        {
          key: claimKeys.siteNumber(study.studyId, input.siteNumber),
          message: `Site number ${input.siteNumber} is already used by an open connection of ${study.protocolNumber}.`,
          field: 'siteNumber',
        },
      ],
      uses: connectionUses(connection, 1),
      guards: [
        activeGuard(
          'study',
          study.studyId,
          `The study ${study.protocolNumber} was closed meanwhile.`,
        ),
        activeGuard('organisation', site.organisationId, meanwhile(site.name)),
        activeGuard('system', system.systemId, meanwhile(`The system ${system.name}`)),
        ...sponsorSide.map((o) => activeGuard('organisation', o.organisationId, meanwhile(o.name))),
      ],
    },
    auditFor(
      ctx,
      {
        action: 'connection.invited',
        target: connectionTarget(connection, snapshot),
        after: connectionFacts(connection),
      },
      [parties.sponsorOrganisationId, parties.croOrganisationId, parties.siteOrganisationId],
    ),
    connectionEvents('connection.invited', connection, snapshot, ctx.caller.organisationId),
  );
  return { connection: toConnection(connection, snapshot) };
};
