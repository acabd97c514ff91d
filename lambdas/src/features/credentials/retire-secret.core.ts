import type { routes } from '@ccsc/contract';
import { ConflictError } from '../../core/errors';
import type { Core } from '../../core/request';
import type { MachineClients } from '../../ports/machine-clients';
import type { CredentialRecord } from '../../ports/credentials';
import {
  auditEntry,
  credentialTarget,
  credentialToManage,
  type CredentialDeps,
  toCredential,
} from './credential-records';

/** Deletes every secret of the client but the newest: the end of a rotation. */
export const retireOlderSecrets = async (clients: MachineClients, clientId: string) => {
  const ids = await clients.secretIds(clientId);
  for (const id of ids.slice(0, -1)) await clients.deleteSecret(clientId, id);
};

/**
 * retire-api-credential-secret: ends a revealed rotation's grace period now — the old secret is
 * deleted and only the new one works. 409 when no revealed rotation is under way.
 */
export const retireSecret: Core<
  (typeof routes)['retire-api-credential-secret'],
  CredentialDeps
> = async (input, ctx, deps) => {
  const record = await credentialToManage(deps, ctx.caller, input.apiId);
  if (record.revision !== input.revision) {
    throw new ConflictError(
      'The credential was changed by someone else meanwhile. Reload, check, and try again.',
    );
  }
  if (record.status !== 'active' || record.rotation?.revealedAt == null) {
    throw new ConflictError(
      'No rotation is in its grace period: the new secret has not been revealed yet.',
    );
  }
  const now = deps.clock.now();
  await retireOlderSecrets(deps.clients, record.clientId);
  const updated: CredentialRecord = { ...record, rotation: null, revision: record.revision + 1 };
  await deps.credentials.replace(updated, record.revision);
  const snapshot = await deps.registry.snapshot();
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'api-credential.old-secret-retired',
        target: credentialTarget(record, snapshot.systems.get(record.systemId)?.name ?? ''),
        before: { retiresAt: record.rotation.retiresAt },
        after: { clientId: record.clientId, retiredAt: now.toISOString() },
      },
      record.organisationId,
    ),
  );
  return { credential: toCredential(updated, snapshot, now) };
};
