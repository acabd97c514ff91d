import type { routes } from '@ccsc/contract/routes';
import { mayManageSystems } from '@ccsc/contract/registry-access';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import { claimKeys, type SystemRecord } from '../core/ports/registry';
import {
  auditEntry,
  changedStamps,
  checkRevision,
  differences,
  newIdOf,
  systemInSight,
  systemNameClaim,
  systemSubject,
  type OrganisationWriteDeps,
} from './organisation-writes';
import { registryActor, toSystem } from './registry-view';

/**
 * update-system: a system's details, never its organisation (a PlatformAdmin, or the
 * organisation's OrgAdmin; one who sees it through a connection but may not change it gets 403).
 * Only what changed is written and audited.
 */
export const updateSystem: Core<(typeof routes)['update-system'], OrganisationWriteDeps> = async (
  { systemId, revision, changes },
  ctx,
  deps,
) => {
  const { record, snapshot } = await systemInSight(deps, ctx, systemId);
  if (!mayManageSystems(registryActor(ctx.caller), record.organisationId)) {
    throw new ForbiddenError("You may manage only your own organisation's systems.");
  }
  checkRevision('system', record, revision);
  const { before, after } = differences(record, changes);
  if (Object.keys(after).length === 0) return { system: toSystem(record, snapshot) };
  const writeId = newIdOf(deps)();
  const updated: SystemRecord = {
    ...record,
    ...after,
    ...changedStamps(record, writeId, ctx, deps.clock.now()),
  };
  const oldKey = claimKeys.systemName(record.organisationId, record.name);
  const renamed = claimKeys.systemName(updated.organisationId, updated.name) !== oldKey;
  const organisationName =
    snapshot.organisations.get(record.organisationId)?.name ?? 'The organisation';
  await deps.writes.apply(
    systemSubject(systemId),
    {
      writeId,
      puts: [{ item: { type: 'system', record: updated }, expectedRevision: record.revision }],
      ...(renamed
        ? {
            claims: [systemNameClaim(record.organisationId, organisationName, updated.name)],
            releases: [oldKey],
          }
        : {}),
    },
    [
      auditEntry(
        ctx,
        {
          action: 'system.updated',
          target: { type: 'system', id: systemId, label: updated.name },
          before,
          after,
        },
        record.organisationId,
      ),
    ],
  );
  return { system: toSystem(updated, snapshot) };
};
