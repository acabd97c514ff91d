import type { routes } from '@ccsc/contract/routes';
import { mayAdministerRegistry, mayEditOrganisation } from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import { claimKeys, type OrganisationRecord, type RegistrySnapshot } from '../core/ports/registry';
import {
  auditEntry,
  changedStamps,
  checkRevision,
  differences,
  nameClaim,
  newIdOf,
  organisationInSight,
  organisationSubject,
  type OrganisationWriteDeps,
} from './organisation-writes';
import { linksOf, registryActor, toOrganisation } from './registry-view';

/**
 * Why an organisation's kind may not change: the studies and connections that use it in the
 * role of its kind (a sponsor's studies, the studies a CRO acts for, a site's connections), in
 * any state, since they would no longer make sense. Null when nothing does.
 */
const kindInUse = (record: OrganisationRecord, snapshot: RegistrySnapshot): string | null => {
  const links = linksOf(snapshot);
  const id = record.organisationId;
  const studies = (links.studiesOf.get(id) ?? []).filter((s) =>
    record.kind === 'sponsor' ? s.sponsorOrganisationId === id : s.croOrganisationId === id,
  );
  if (record.kind !== 'site' && studies.length > 0) {
    const named = studies.slice(0, 5).map((s) => s.protocolNumber);
    const more = studies.length > named.length ? `, and ${String(studies.length - 5)} more` : '';
    return (
      `${record.name} is the ${record.kind === 'sponsor' ? 'sponsor' : 'CRO'} of ` +
      `${String(studies.length)} ${studies.length === 1 ? 'study' : 'studies'} ` +
      `(${named.join(', ')}${more}), so its kind cannot change.`
    );
  }
  const sites = (links.connectionsOf.get(id) ?? []).filter((c) => c.siteOrganisationId === id);
  if (record.kind === 'site' && sites.length > 0) {
    return (
      `${record.name} is the site of ${String(sites.length)} ` +
      `connection${sites.length === 1 ? '' : 's'}, so its kind cannot change.`
    );
  }
  return null;
};

/**
 * update-organisation: an organisation's details. A PlatformAdmin, or the organisation's own
 * OrgAdmin (not its kind: only a PlatformAdmin, and never while a study or connection uses it in
 * that role); someone who sees it but may not change it gets 403, someone who does not see it
 * 404. A new name or country gives up the old name claim and takes the new one (409 on `name`
 * when taken). Only what changed is written and audited.
 */
export const updateOrganisation: Core<
  (typeof routes)['update-organisation'],
  OrganisationWriteDeps
> = async ({ organisationId, revision, changes }, ctx, deps) => {
  const { record, snapshot } = await organisationInSight(deps, ctx, organisationId);
  const actor = registryActor(ctx.caller);
  if (!mayEditOrganisation(actor, organisationId)) {
    throw new ForbiddenError("You may change only your own organisation's details.");
  }
  if (changes.kind !== undefined && changes.kind !== record.kind && !mayAdministerRegistry(actor)) {
    throw new ForbiddenError("Only a PlatformAdmin changes an organisation's kind.");
  }
  checkRevision('organisation', record, revision);
  const { before, after } = differences(record, {
    name: changes.name,
    kind: changes.kind,
    country: changes.country,
    identifiers: changes.identifiers,
    contactEmail: changes.contactEmail,
  });
  if (Object.keys(after).length === 0) return { organisation: toOrganisation(record) };
  if (after.kind !== undefined) {
    const inUse = kindInUse(record, snapshot);
    if (inUse !== null) throw new ConflictError(inUse);
  }

  const writeId = newIdOf(deps)();
  const updated: OrganisationRecord = {
    ...record,
    ...after,
    ...changedStamps(record, writeId, ctx, deps.clock.now()),
  };
  const oldKey = claimKeys.organisationName(record.country, record.name);
  const renamed = claimKeys.organisationName(updated.country, updated.name) !== oldKey;
  await deps.writes.apply(
    organisationSubject(organisationId),
    {
      writeId,
      puts: [
        { item: { type: 'organisation', record: updated }, expectedRevision: record.revision },
      ],
      ...(renamed
        ? { claims: [nameClaim(updated.country, updated.name)], releases: [oldKey] }
        : {}),
    },
    [
      auditEntry(
        ctx,
        {
          action: 'organisation.updated',
          target: { type: 'organisation', id: organisationId, label: updated.name },
          before,
          after,
        },
        organisationId,
      ),
    ],
  );
  return { organisation: toOrganisation(updated) };
};
