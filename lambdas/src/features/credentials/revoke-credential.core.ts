import type { routes } from '@ccsc/contract';
import { ConflictError } from '../../core/errors';
import type { Core } from '../../core/request';
import type { CredentialRecord } from '../../ports/credentials';
import {
  auditEntry,
  credentialFacts,
  credentialTarget,
  credentialToManage,
  type CredentialDeps,
  toCredential,
} from './credential-records';

/**
 * deleteApiCredential: revokes — final. The record says `revoked` first, conditional on the
 * revision the administrator saw (the partner API refuses the client's tokens from the next call:
 * it reads this status); a change meanwhile answers 409 with nothing done. Then the Cognito client
 * is deleted (no new tokens). If Cognito cannot delete it now, the revocation stands — it is in
 * force and audited, with `clientDeleted: false` — and the credential job deletes the client
 * within the hour (it retries for the first days after a revocation). A credential revoked
 * already answers 409.
 */
export const revokeCredential: Core<
  (typeof routes)['deleteApiCredential'],
  CredentialDeps
> = async (input, ctx, deps) => {
  const record = await credentialToManage(deps, ctx.caller, input.apiId);
  if (record.status === 'revoked') throw new ConflictError('The credential is revoked already.');
  if (record.revision !== input.revision) {
    throw new ConflictError(
      'The credential was changed by someone else meanwhile. Reload, check, and try again.',
    );
  }
  const now = deps.clock.now();
  const updated: CredentialRecord = {
    ...record,
    status: 'revoked',
    link: null,
    rotation: null,
    revokedAt: now.toISOString(),
    revokedBy: ctx.caller.email,
    revision: record.revision + 1,
  };
  await deps.credentials.replace(updated, record.revision);
  const clientDeleted = await deps.clients.delete(record.clientId).then(
    () => true,
    () => false,
  );
  const snapshot = await deps.registry.snapshot();
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'api-credential.revoked',
        target: credentialTarget(record, snapshot.systems.get(record.systemId)?.name ?? ''),
        before: credentialFacts(record),
        after: { status: 'revoked', clientDeleted },
        ...(input.reason === undefined ? {} : { reason: input.reason }),
      },
      record.organisationId,
    ),
  );
  return { credential: toCredential(updated, snapshot, now) };
};
