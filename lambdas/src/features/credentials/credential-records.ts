import { LINK_HOURS, type ApiCredential } from '@ccsc/contract/credentials';
import { mayManageCredentials, seesCredential } from '@ccsc/contract/credential-access';
import { API_SCOPES, type ApiScope } from '@ccsc/contract/partner-api';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import type { Caller } from '../../core/request';
import type { AuditTrail } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';
import type { CredentialRecord, CredentialStore } from '../../ports/credentials';
import type { MachineClients } from '../../ports/machine-clients';
import type { Mailer } from '../../ports/mailer';
import type { Registry, RegistrySnapshot } from '../../ports/registry';
import { auditEntry } from '../audit/audit-entry';
import { statusOf } from '../../lists/credentials';

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
  newId?: () => string;
  /** The link's secret (32 random bytes, base64url) unless a test says otherwise. */
  newToken?: () => string;
}

export { newIdOf } from '../../core/ids';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const LINK_MS = LINK_HOURS * 60 * 60 * 1000;

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

const scopeLines = (scopes: readonly ApiScope[]) =>
  scopes.map((scope) => {
    const described = API_SCOPES.find((s) => scope.endsWith(`/${s.name}`));
    return `  - ${scope}${described === undefined ? '' : `: ${described.description}`}`;
  });

const day = (iso: string) => iso.slice(0, 10);

/** The link mail: what is issued, to whom, until when the link works — never the secret. */
export const linkMail = (options: {
  to: string;
  link: string;
  kind: 'initial' | 'rotation';
  organisationName: string;
  systemName: string;
  scopes: readonly ApiScope[];
  validUntil: string;
  linkUntil: string;
  issuedBy: string;
}) => ({
  to: options.to,
  subject:
    options.kind === 'initial'
      ? `API credential for ${options.systemName}`
      : `New secret for the API credential of ${options.systemName}`,
  text: [
    options.kind === 'initial'
      ? `${options.issuedBy} issued an API credential for ${options.systemName} (${options.organisationName}) and named you as its technical contact.`
      : `${options.issuedBy} started a rotation of the API credential of ${options.systemName} (${options.organisationName}): a second secret is waiting for you. The current secret keeps working until the grace period after you reveal the new one ends.`,
    '',
    'Scopes:',
    ...scopeLines(options.scopes),
    `Valid until: ${day(options.validUntil)}`,
    '',
    `Open this link to reveal the client id and secret. It works once, until ${options.linkUntil.slice(0, 16).replace('T', ' ')} UTC:`,
    options.link,
    '',
    'The secret is shown exactly once, on that page; nobody else, the administrator included, ever sees it. If the link has expired or was used by someone else, ask your administrator to send a new one.',
  ].join('\n'),
});
