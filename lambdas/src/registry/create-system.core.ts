import type { routes } from '@ccsc/contract/routes';
import { mayManageSystems } from '@ccsc/contract/registry-access';
import { ConflictError, ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import type { SystemRecord } from '../core/ports/registry';
import {
  auditEntry,
  createdStamps,
  newIdOf,
  organisationInSight,
  systemNameClaim,
  systemSubject,
  type OrganisationWriteDeps,
} from './organisation-writes';
import { registryActor, toSystem } from './registry-view';

/** What a system's audit records show of it. */
export const systemDetails = (record: SystemRecord) => ({
  organisationId: record.organisationId,
  name: record.name,
  kind: record.kind,
  vendor: record.vendor,
  product: record.product,
  environment: record.environment,
  technicalContactEmail: record.technicalContactEmail,
  status: record.status,
});

/** The refusal of a system for an organisation that is not active. */
export const inactiveOrganisation = (name: string) =>
  `${name} is inactive: activate the organisation before registering or activating its systems.`;

/**
 * create-system: a system of an active organisation, active (a PlatformAdmin, or the
 * organisation's OrgAdmin). An organisation out of the caller's sight answers 404 like a missing
 * one; the organisation's staying active is guarded in the change.
 */
export const createSystem: Core<(typeof routes)['create-system'], OrganisationWriteDeps> = async (
  input,
  ctx,
  deps,
) => {
  const { record: organisation, snapshot } = await organisationInSight(
    deps,
    ctx,
    input.organisationId,
  );
  if (!mayManageSystems(registryActor(ctx.caller), organisation.organisationId)) {
    throw new ForbiddenError("You may manage only your own organisation's systems.");
  }
  if (organisation.status !== 'active') {
    throw new ConflictError(inactiveOrganisation(organisation.name));
  }
  const newId = newIdOf(deps);
  const writeId = newId();
  const record: SystemRecord = {
    systemId: newId(),
    organisationId: organisation.organisationId,
    name: input.name,
    kind: input.kind,
    vendor: input.vendor,
    product: input.product,
    environment: input.environment,
    technicalContactEmail: input.technicalContactEmail,
    status: 'active',
    ...createdStamps(writeId, ctx, deps.clock.now()),
  };
  await deps.writes.apply(
    systemSubject(record.systemId),
    {
      writeId,
      puts: [{ item: { type: 'system', record }, expectedRevision: null }],
      claims: [systemNameClaim(organisation.organisationId, organisation.name, record.name)],
      guards: [
        {
          kind: 'active',
          type: 'organisation',
          id: organisation.organisationId,
          message: inactiveOrganisation(organisation.name),
        },
      ],
    },
    [
      auditEntry(
        ctx,
        {
          action: 'system.created',
          target: { type: 'system', id: record.systemId, label: record.name },
          after: systemDetails(record),
        },
        record.organisationId,
      ),
    ],
  );
  return { system: toSystem(record, snapshot) };
};
