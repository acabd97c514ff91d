import type { routes } from '@ccsc/contract/routes';
import { ConflictError } from '../core/errors';
import type { Core } from '../core/request';
import {
  auditEntry,
  credentialTarget,
  credentialToManage,
  type CredentialDeps,
  repeats,
  toCredential,
} from './credential-records';
import { retireSecretWrite } from './credential-changes';
import { CHANGED_MEANWHILE, CREDENTIAL_BUSY, credentialSubject } from './credential-writes';

/**
 * retire-api-credential-secret: ends a revealed rotation's grace period now — the old secret is
 * deleted and only the new one works. 409 when no revealed rotation is under way. One journaled
 * write (credential-changes.ts); the same call again after its answer was lost answers as it did.
 */
export const retireSecret: Core<
  (typeof routes)['retire-api-credential-secret'],
  CredentialDeps
> = async (input, ctx, deps) => {
  await deps.writes.settle(credentialSubject(input.apiId), CREDENTIAL_BUSY);
  const record = await credentialToManage(deps, ctx.caller, input.apiId);
  const snapshot = await deps.registry.snapshot();
  const now = deps.clock.now();
  if (repeats(record, ctx.caller, 'retire', input.revision)) {
    return { credential: toCredential(record, snapshot, now) };
  }
  if (record.revision !== input.revision) throw new ConflictError(CHANGED_MEANWHILE);
  if (record.status !== 'active' || record.rotation?.revealedAt == null) {
    throw new ConflictError(
      'No rotation is in its grace period: the new secret has not been revealed yet.',
    );
  }
  await deps.writes.run(
    retireSecretWrite,
    credentialSubject(record.apiId),
    {
      apiId: record.apiId,
      fromRevision: record.revision,
      cutOff: true,
      audit: auditEntry(
        ctx,
        {
          action: 'api-credential.old-secret-retired',
          target: credentialTarget(record, snapshot.systems.get(record.systemId)?.name ?? ''),
          before: { retiresAt: record.rotation.retiresAt },
          after: {
            clientId: record.clientId,
            retiredAt: now.toISOString(),
            tokensIssuedBeforeRefused: true,
          },
        },
        record.organisationId,
      ),
    },
    { busyMessage: CREDENTIAL_BUSY },
  );
  const updated = await deps.credentials.get(record.apiId);
  if (updated === null) throw new Error(`credential ${record.apiId}: changed, then not found`);
  return { credential: toCredential(updated, snapshot, now) };
};
