import type { routes } from '@ccsc/contract/routes';
import { mayAdministerRegistry } from '@ccsc/contract/registry-access';
import { ForbiddenError } from '../core/errors';
import type { Core } from '../core/request';
import type { OrganisationRecord } from '../core/ports/registry';
import {
  auditEntry,
  createdStamps,
  nameClaim,
  newIdOf,
  organisationSubject,
  type OrganisationWriteDeps,
} from './organisation-writes';
import { registryActor, toOrganisation } from './registry-view';

/** What an organisation's audit records show of it. */
export const organisationDetails = (record: OrganisationRecord) => ({
  name: record.name,
  kind: record.kind,
  country: record.country,
  identifiers: record.identifiers,
  contactEmail: record.contactEmail,
  status: record.status,
});

/**
 * create-organisation (PlatformAdmin): registers an organisation, active. Its name is its
 * country's once (the name claim: 409 on `name` when taken, whatever the case or spacing).
 */
export const createOrganisation: Core<
  (typeof routes)['create-organisation'],
  OrganisationWriteDeps
> = async (input, ctx, deps) => {
  if (!mayAdministerRegistry(registryActor(ctx.caller))) {
    throw new ForbiddenError('Only a PlatformAdmin registers organisations.');
  }
  const newId = newIdOf(deps);
  const writeId = newId();
  const record: OrganisationRecord = {
    organisationId: newId(),
    name: input.name,
    kind: input.kind,
    country: input.country,
    identifiers: input.identifiers ?? [],
    contactEmail: input.contactEmail ?? null,
    status: 'active',
    ...createdStamps(writeId, ctx, deps.clock.now()),
  };
  await deps.writes.apply(
    organisationSubject(record.organisationId),
    {
      writeId,
      puts: [{ item: { type: 'organisation', record }, expectedRevision: null }],
      claims: [nameClaim(record.country, record.name)],
    },
    [
      auditEntry(
        ctx,
        {
          action: 'organisation.created',
          target: { type: 'organisation', id: record.organisationId, label: record.name },
          after: organisationDetails(record),
        },
        record.organisationId,
      ),
    ],
  );
  return { organisation: toOrganisation(record) };
};
