import { DEFAULT_GRACE_DAYS } from '@ccsc/contract/credentials';
import { type routes } from '@ccsc/contract/routes';
import { ConflictError } from '../core/errors';
import { linkOrigin, newLinkToken } from '../core/links';
import type { Core } from '../core/request';
import {
  auditEntry,
  credentialTarget,
  credentialToManage,
  type CredentialDeps,
  repeats,
  statusOf,
  toCredential,
} from './credential-records';
import {
  CHANGED_MEANWHILE,
  CREDENTIAL_BUSY,
  credentialSubject,
  linkCredentialWrite,
} from './credential-writes';

/**
 * resendApiCredential: a pending credential gets a new link (the old stops working: the record
 * holds one link). An active one is rotated without downtime: a rotation link goes to the contact;
 * revealing it adds a second secret, and the first is deleted `graceDays` (default 7) later, or at
 * once for 0. Refused (409) for a revoked, expired or broken credential, and while a revealed
 * rotation's grace period still runs (end it first: retire-api-credential-secret).
 *
 * One journaled write (credential-writes.ts): the record's new link, then its mail, then the
 * audit record. The same call again (same caller, same revision) after its answer was lost
 * answers the credential as that call left it, without another mail.
 */
export const resendCredential: Core<
  (typeof routes)['resendApiCredential'],
  CredentialDeps
> = async (input, ctx, deps) => {
  await deps.writes.settle(credentialSubject(input.apiId), CREDENTIAL_BUSY);
  const record = await credentialToManage(deps, ctx.caller, input.apiId);
  const now = deps.clock.now();
  const snapshot = await deps.registry.snapshot();
  if (repeats(record, ctx.caller, 'link', input.revision)) {
    return { credential: toCredential(record, snapshot, now) };
  }
  const status = statusOf(record, now);
  if (status === 'revoked' || status === 'expired' || status === 'broken') {
    throw new ConflictError(`The credential is ${status}: issue a new one instead.`);
  }
  if (record.revision !== input.revision) throw new ConflictError(CHANGED_MEANWHILE);
  if (record.rotation?.retiresAt != null && Date.parse(record.rotation.retiresAt) > now.getTime()) {
    throw new ConflictError(
      'A rotation is in its grace period (two secrets work): end it before starting another.',
    );
  }
  const kind = record.status === 'pending' ? 'initial' : 'rotation';
  const graceDays = input.graceDays ?? DEFAULT_GRACE_DAYS;
  const systemName = snapshot.systems.get(record.systemId)?.name ?? record.systemId;
  await deps.writes.run(
    linkCredentialWrite,
    credentialSubject(record.apiId),
    {
      apiId: record.apiId,
      fromRevision: record.revision,
      kind,
      graceDays,
      mail: {
        origin: linkOrigin(ctx, deps.allowedOrigins),
        organisationName: snapshot.organisations.get(record.organisationId)?.name ?? '',
        systemName,
        issuedBy: ctx.caller.email,
      },
      audit: auditEntry(
        ctx,
        {
          action:
            kind === 'initial' ? 'api-credential.link-resent' : 'api-credential.rotation-started',
          target: credentialTarget(record, systemName),
          after: {
            clientId: record.clientId,
            contactEmail: record.contactEmail,
            ...(kind === 'rotation' ? { graceDays } : {}),
          },
        },
        record.organisationId,
      ),
    },
    { busyMessage: CREDENTIAL_BUSY, transient: { token: (deps.newToken ?? newLinkToken)() } },
  );
  const updated = await deps.credentials.get(record.apiId);
  if (updated === null) throw new Error(`credential ${record.apiId}: changed, then not found`);
  return { credential: toCredential(updated, snapshot, now) };
};
