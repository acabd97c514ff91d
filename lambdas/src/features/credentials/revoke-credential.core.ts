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
 * deleteApiCredential: revokes — final. The Cognito client is deleted first (no new tokens), then
 * the record says `revoked` (the partner API refuses the client's tokens from the next call: it
 * reads this status). In this order a failure of either step leaves the credential as it was
 * but for its client — still `active` on record, so the administrator's retry takes every step
 * again (deleting a client that is gone already is nothing) — rather than `revoked` with a live
 * client no retry could reach. A credential revoked already answers 409.
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
  await deps.clients.delete(record.clientId);
  await deps.credentials.replace(updated, record.revision);
  const snapshot = await deps.registry.snapshot();
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'api-credential.revoked',
        target: credentialTarget(record, snapshot.systems.get(record.systemId)?.name ?? ''),
        before: credentialFacts(record),
        after: { status: 'revoked' },
        ...(input.reason === undefined ? {} : { reason: input.reason }),
      },
      record.organisationId,
    ),
  );
  return { credential: toCredential(updated, snapshot, now) };
};
