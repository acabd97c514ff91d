import type { RegistryStatus } from '@ccsc/contract/organisations';
import { mayManageSystems } from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import { type RegistryChange, type SystemRecord, useKey } from '../core/ports/registry';
import {
  auditEntry,
  changedStamps,
  checkRevision,
  newIdOf,
  systemInSight,
  systemSubject,
  type OrganisationWriteDeps,
} from './organisation-writes';
import {
  inUseMessage,
  isOpen,
  linksOf,
  organisationName,
  registryActor,
  toSystem,
} from './registry-view';
import { inactiveOrganisation } from './create-system.core';

/**
 * activate-system and deactivate-system (a PlatformAdmin, or the organisation's OrgAdmin).
 * Activating needs the organisation active (checked, and guarded in the change); deactivating is
 * refused while an open connection uses the system, naming the connections the snapshot shows,
 * with the `unused` guard for one opened after that snapshot was read.
 */
export const setSystemStatus = async (
  status: RegistryStatus,
  { systemId, revision }: { systemId: string; revision: number },
  ctx: RequestContext<Caller>,
  deps: OrganisationWriteDeps,
): Promise<{ system: ReturnType<typeof toSystem> }> => {
  const { record, snapshot } = await systemInSight(deps, ctx, systemId);
  if (!mayManageSystems(registryActor(ctx.caller), record.organisationId)) {
    throw new ForbiddenError("You may manage only your own organisation's systems.");
  }
  checkRevision('system', record, revision);
  if (record.status === status) throw new ConflictError(`${record.name} is already ${status}.`);
  const owner = organisationName(snapshot, record.organisationId);
  const guards: RegistryChange['guards'] = [];
  if (status === 'active') {
    const organisation = await deps.registry.get('organisation', record.organisationId);
    const inactive = inactiveOrganisation(owner);
    if (organisation?.status !== 'active') throw new ConflictError(inactive);
    guards.push({
      kind: 'active',
      type: 'organisation',
      id: record.organisationId,
      message: inactive,
    });
  } else {
    const open = (linksOf(snapshot).connectionsOfSystem.get(systemId) ?? []).filter(isOpen);
    if (open.length > 0) {
      throw new ConflictError(inUseMessage(`${record.name} (${owner})`, open, snapshot));
    }
    guards.push({
      kind: 'unused',
      key: useKey('system', systemId),
      message:
        `${record.name} (${owner}) is now used by an open connection made meanwhile. ` +
        'Reload to see it, and end it first.',
    });
  }
  const writeId = newIdOf(deps)();
  const updated: SystemRecord = {
    ...record,
    status,
    ...changedStamps(record, writeId, ctx, deps.clock.now()),
  };
  await deps.writes.apply(
    systemSubject(systemId),
    {
      writeId,
      puts: [{ item: { type: 'system', record: updated }, expectedRevision: record.revision }],
      guards,
    },
    [
      auditEntry(
        ctx,
        {
          action: status === 'active' ? 'system.activated' : 'system.deactivated',
          target: { type: 'system', id: systemId, label: record.name },
          before: { status: record.status },
          after: { status },
        },
        record.organisationId,
      ),
    ],
  );
  return { system: toSystem(updated, snapshot) };
};
