import type { RegistryStatus } from '@ccsc/contract/organisations';
import { mayAdministerRegistry } from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import { type OrganisationRecord, type RegistryChange, useKey } from '../core/ports/registry';
import {
  auditEntry,
  changedStamps,
  checkRevision,
  newIdOf,
  organisationInSight,
  organisationSubject,
  type OrganisationWriteDeps,
} from './organisation-writes';
import { inUseMessage, isOpen, linksOf, registryActor, toOrganisation } from './registry-view';

/**
 * activate-organisation and deactivate-organisation (PlatformAdmin). Deactivating is refused
 * while an open connection uses the organisation: the refusal names the connections the
 * snapshot shows, and the `unused` guard on its use count refuses it too when a connection
 * opened after that snapshot was read.
 */
export const setOrganisationStatus = async (
  status: RegistryStatus,
  { organisationId, revision }: { organisationId: string; revision: number },
  ctx: RequestContext<Caller>,
  deps: OrganisationWriteDeps,
): Promise<{ organisation: ReturnType<typeof toOrganisation> }> => {
  const { record, snapshot } = await organisationInSight(deps, ctx, organisationId);
  if (!mayAdministerRegistry(registryActor(ctx.caller))) {
    throw new ForbiddenError('Only a PlatformAdmin activates and deactivates organisations.');
  }
  checkRevision('organisation', record, revision);
  if (record.status === status) {
    throw new ConflictError(`${record.name} is already ${status}.`);
  }
  const guards: RegistryChange['guards'] = [];
  if (status === 'inactive') {
    const open = (linksOf(snapshot).connectionsOf.get(organisationId) ?? []).filter(isOpen);
    if (open.length > 0) throw new ConflictError(inUseMessage(record.name, open, snapshot));
    guards.push({
      kind: 'unused',
      key: useKey('organisation', organisationId),
      message:
        `${record.name} is now used by an open connection made meanwhile. ` +
        'Reload to see it, and end it first.',
    });
  }
  const writeId = newIdOf(deps)();
  const updated: OrganisationRecord = {
    ...record,
    status,
    ...changedStamps(record, writeId, ctx, deps.clock.now()),
  };
  await deps.writes.apply(
    organisationSubject(organisationId),
    {
      writeId,
      puts: [
        { item: { type: 'organisation', record: updated }, expectedRevision: record.revision },
      ],
      guards,
    },
    [
      auditEntry(
        ctx,
        {
          action: status === 'active' ? 'organisation.activated' : 'organisation.deactivated',
          target: { type: 'organisation', id: organisationId, label: record.name },
          before: { status: record.status },
          after: { status },
        },
        organisationId,
      ),
    ],
  );
  return { organisation: toOrganisation(updated) };
};
