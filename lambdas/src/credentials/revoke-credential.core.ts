import type { routes } from '@ccsc/contract/routes';
import { ConflictError } from '../core/errors';
import type { Core } from '../core/request';
import {
  auditEntry,
  credentialFacts,
  credentialTarget,
  credentialToManage,
  type CredentialDeps,
  repeats,
  toCredential,
} from './credential-records';
import { revokeCredentialWrite } from './credential-changes';
import { CHANGED_MEANWHILE, CREDENTIAL_BUSY, credentialSubject } from './credential-writes';

/**
 * deleteApiCredential: revokes — final. One journaled write (credential-changes.ts): the record
 * says `revoked` first, conditional on the revision the administrator saw (the partner API refuses
 * the client's tokens from the next call: it reads this status); a change meanwhile answers 409
 * with nothing done. Then the Cognito client is deleted (no new tokens). If Cognito cannot delete
 * it now, the revocation stands — in force and audited, with `clientDeleted: false` — and the
 * reconciler's sweep deletes the client. A credential revoked already answers 409, except to
 * the same call again (same caller, same revision) after its answer was lost: the same answer.
 */
export const revokeCredential: Core<
  (typeof routes)['deleteApiCredential'],
  CredentialDeps
> = async (input, ctx, deps) => {
  await deps.writes.settle(credentialSubject(input.apiId), CREDENTIAL_BUSY);
  const record = await credentialToManage(deps, ctx.caller, input.apiId);
  const snapshot = await deps.registry.snapshot();
  if (repeats(record, ctx.caller, 'revoke', input.revision)) {
    return { credential: toCredential(record, snapshot, deps.clock.now()) };
  }
  if (record.status === 'revoked') throw new ConflictError('The credential is revoked already.');
  if (record.revision !== input.revision) throw new ConflictError(CHANGED_MEANWHILE);
  await deps.writes.run(
    revokeCredentialWrite,
    credentialSubject(record.apiId),
    {
      apiId: record.apiId,
      fromRevision: record.revision,
      audit: auditEntry(
        ctx,
        {
          action: 'api-credential.revoked',
          target: credentialTarget(record, snapshot.systems.get(record.systemId)?.name ?? ''),
          before: credentialFacts(record),
          ...(input.reason === undefined ? {} : { reason: input.reason }),
        },
        record.organisationId,
      ),
    },
    { busyMessage: CREDENTIAL_BUSY },
  );
  const updated = await deps.credentials.get(record.apiId);
  if (updated === null) throw new Error(`credential ${record.apiId}: revoked, then not found`);
  return { credential: toCredential(updated, snapshot, deps.clock.now()) };
};
