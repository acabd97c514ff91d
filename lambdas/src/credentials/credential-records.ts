import type { ApiCredential } from '@ccsc/contract/credentials';
import { mayManageCredentials, seesCredential } from '@ccsc/contract/credential-access';
import { ForbiddenError, NotFoundError } from '../core/errors';
import type { Caller } from '../core/request';
import type { Journal } from '../core/journal';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import type { CredentialRecord, CredentialStore } from '../core/ports/credentials';
import type { MachineClients } from '../core/ports/machine-clients';
import type { Mailer } from '../core/ports/mailer';
import type { Registry, RegistrySnapshot } from '../core/ports/registry';
import type { CredentialWriteDeps } from './credential-writes';
import { auditEntry } from '../core/audit-entry';
import { statusOf } from '../core/lists/credentials';

/**
 * What the credential calls share: their ports, how a stored credential is shown (its status
 * derived, its organisation's and system's names from the registry), who may see and change it,
 * its audit records (never a secret or a token: apiId and clientId only) and its mails.
 */

export interface CredentialDeps {
  credentials: CredentialStore;
  clients: MachineClients;
  registry: Pick<Registry, 'snapshot'>;
  mailer: Mailer;
  audit: Pick<AuditTrail, 'append'>;
  clock: Clock;
  /** ALLOWED_ORIGINS: the console origins a link may point at. */
  allowedOrigins: readonly string[];
  /** Every change is a journaled write (credential-writes.ts), run through this journal. */
  writes: Pick<Journal<CredentialWriteDeps>, 'run' | 'settle'>;
  newId?: () => string;
  /** The link's secret (32 random bytes, base64url) unless a test says otherwise. */
  newToken?: () => string;
}

export { newIdOf } from '../core/ids';

export const DAY_MS = 24 * 60 * 60 * 1000;
export { LINK_MS, linkMail, linkTo } from './credential-mail';

export const CREDENTIAL_NOT_FOUND = 'No such credential.';
export const credentialNotFound = () => new NotFoundError(CREDENTIAL_NOT_FOUND);

/** The status as shown (lists/credentials.ts: the list's and the dashboard's one definition). */
export { statusOf };

export const toCredential = (
  record: CredentialRecord,
  snapshot: RegistrySnapshot,
  now: Date,
): ApiCredential => ({
  apiId: record.apiId,
  organisationId: record.organisationId,
  organisationName:
    snapshot.organisations.get(record.organisationId)?.name ?? record.organisationId,
  systemId: record.systemId,
  systemName: snapshot.systems.get(record.systemId)?.name ?? record.systemId,
  clientId: record.clientId,
  scopes: record.scopes,
  description: record.description,
  contactEmail: record.contactEmail,
  status: statusOf(record, now),
  expiresAt: record.validUntil,
  createdAt: record.createdAt,
  createdBy: record.createdBy,
  revealedAt: record.revealedAt,
  linkExpiresAt:
    record.link !== null && Date.parse(record.link.until) > now.getTime()
      ? record.link.until
      : null,
  lastUsedAt: record.lastUsedAt,
  rotation:
    record.rotation === null
      ? null
      : {
          graceDays: record.rotation.graceDays,
          revealedAt: record.rotation.revealedAt,
          retiresAt: record.rotation.retiresAt,
        },
  revokedAt: record.revokedAt,
  revokedBy: record.revokedBy,
  revision: record.revision,
});

/**
 * The credential a caller names, to change it: 404 when it does not exist or lies outside the
 * caller's sight (the same words), 403 when seen but not theirs to change.
 */
export const credentialToManage = async (
  deps: Pick<CredentialDeps, 'credentials'>,
  caller: Caller,
  apiId: string,
): Promise<CredentialRecord> => {
  const record = await deps.credentials.get(apiId);
  if (record === null || !seesCredential(caller, record.organisationId)) {
    throw credentialNotFound();
  }
  if (!mayManageCredentials(caller, record.organisationId)) {
    throw new ForbiddenError("You may manage only your own organisation's credentials.");
  }
  return record;
};

/**
 * Whether the credential's last change is exactly the one this call asks for — the same caller,
 * the same change, from the same revision: a repeat of a call whose answer was lost (issue 32),
 * answered as the first was, not with a 409.
 */
export const repeats = (
  record: CredentialRecord,
  caller: Caller,
  action: string,
  fromRevision: number,
): boolean =>
  record.lastChange?.action === action &&
  record.lastChange.by === caller.sub &&
  record.lastChange.fromRevision === fromRevision;

export const credentialTarget = (record: CredentialRecord, systemName: string) =>
  ({ type: 'api-credential', id: record.apiId, label: systemName }) as const;

/** What a credential's audit records show of it: never a secret, never a link's token or hash. */
export const credentialFacts = (record: CredentialRecord): Record<string, unknown> => ({
  systemId: record.systemId,
  clientId: record.clientId,
  scopes: record.scopes,
  contactEmail: record.contactEmail,
  status: record.status,
  validUntil: record.validUntil,
});

export { auditEntry };
