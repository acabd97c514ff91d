import type { AuditEntry } from '../../ports/audit-trail';
import type { CredentialRecord } from '../../ports/credentials';
import type { UserIndex } from '../../ports/user-index';
import { type CredentialDeps, DAY_MS } from './credential-records';
import { retireOlderSecrets } from './retire-secret.core';

/**
 * The credential job (hourly in AWS, on a timer offline). For every credential:
 *
 * - 30 and 7 days before its expiry: one notice each to the technical contact and the
 *   organisation's OrgAdmins (enabled ones), recorded so each goes once;
 * - at its expiry: the Cognito client deleted (no new tokens; the partner API refuses the old ones
 *   already, as it reads `validUntil`), the credential `expired`;
 * - a rotation whose grace period has ended: the old secret deleted;
 * - a credential revoked in the last three days: its client deleted, in case the revocation
 *   could not (Cognito unavailable then).
 *
 * Each change is audited as a system action (no actor). A credential that fails is left for the
 * next run and counted; the others go on.
 */

export interface CredentialJobDeps extends Pick<
  CredentialDeps,
  'credentials' | 'clients' | 'registry' | 'mailer' | 'audit' | 'clock'
> {
  users: Pick<UserIndex, 'all'>;
}

export interface CredentialJobOutcome {
  noticed: number;
  expired: number;
  retired: number;
  failed: number;
}

/** How long after a revocation the job makes sure its Cognito client is gone. */
export const REVOKED_CLIENT_RETRY_MS = 3 * DAY_MS;

const NOTICES = [
  { key: '30-days', days: 30 },
  { key: '7-days', days: 7 },
] as const;

const systemEntry = (
  record: CredentialRecord,
  action: string,
  label: string,
  after: Record<string, unknown>,
): AuditEntry => ({
  action,
  outcome: 'success',
  actor: null,
  target: { type: 'api-credential', id: record.apiId, label },
  organisationId: record.organisationId,
  source: { ip: 'scheduled-job', userAgent: 'credential-expiry' },
  requestId: `credential-expiry-${record.apiId}-${action}`,
  after: { clientId: record.clientId, ...after },
});

export const runCredentialJob = async (deps: CredentialJobDeps): Promise<CredentialJobOutcome> => {
  const now = deps.clock.now();
  const outcome: CredentialJobOutcome = { noticed: 0, expired: 0, retired: 0, failed: 0 };
  const [records, snapshot] = await Promise.all([deps.credentials.all(), deps.registry.snapshot()]);
  let admins: Map<string, string[]> | null = null;
  const adminsOf = async (organisationId: string) => {
    admins ??= (await deps.users.all()).reduce((map, u) => {
      if (u.role === 'OrgAdmin' && u.enabled && u.organisationId !== null) {
        map.set(u.organisationId, [...(map.get(u.organisationId) ?? []), u.email]);
      }
      return map;
    }, new Map<string, string[]>());
    return admins.get(organisationId) ?? [];
  };

  for (const record of records) {
    // A revocation whose client Cognito could not delete then: deleted now (deleting a client
    // that is gone is nothing), for the first days after it.
    if (record.status === 'revoked') {
      const since = now.getTime() - Date.parse(record.revokedAt ?? '');
      if (since < 0 || since > REVOKED_CLIENT_RETRY_MS) continue;
      try {
        if (await deps.clients.delete(record.clientId)) {
          const system = snapshot.systems.get(record.systemId)?.name ?? record.systemId;
          await deps.audit.append(
            systemEntry(record, 'api-credential.client-deleted', system, {
              revokedAt: record.revokedAt,
            }),
          );
        }
      } catch {
        outcome.failed += 1;
      }
      continue;
    }
    if (record.status !== 'active' && record.status !== 'pending') continue;
    const system = snapshot.systems.get(record.systemId)?.name ?? record.systemId;
    const left = Date.parse(record.validUntil) - now.getTime();
    try {
      if (left <= 0) {
        await deps.clients.delete(record.clientId);
        await deps.credentials.replace(
          {
            ...record,
            status: 'expired',
            link: null,
            rotation: null,
            revision: record.revision + 1,
          },
          record.revision,
        );
        await deps.audit.append(
          systemEntry(record, 'api-credential.expired', system, { validUntil: record.validUntil }),
        );
        outcome.expired += 1;
        continue;
      }
      let current = record;
      const retiresAt = record.rotation?.retiresAt;
      if (retiresAt != null && Date.parse(retiresAt) <= now.getTime()) {
        await retireOlderSecrets(deps.clients, record.clientId);
        current = { ...current, rotation: null, revision: current.revision + 1 };
        await deps.credentials.replace(current, record.revision);
        await deps.audit.append(
          systemEntry(record, 'api-credential.old-secret-retired', system, { retiresAt }),
        );
        outcome.retired += 1;
      }
      const due = NOTICES.filter(
        (n) => left <= n.days * DAY_MS && !current.noticesSent.includes(n.key),
      );
      if (due.length > 0 && record.status === 'active') {
        const days = Math.ceil(left / DAY_MS);
        const to = [...new Set([record.contactEmail, ...(await adminsOf(record.organisationId))])];
        for (const address of to) {
          await deps.mailer.send({
            to: address,
            subject: `The API credential of ${system} expires in ${String(days)} day${days === 1 ? '' : 's'}`,
            text: [
              `The API credential of ${system} (client id ${record.clientId}) expires on ${record.validUntil.slice(0, 10)}.`,
              '',
              'From then on its tokens are refused. Before that date an administrator of the organisation issues a new credential in the console (Generate API Access Credentials), and the system switches to it.',
            ].join('\n'),
          });
        }
        const sent = [...current.noticesSent, ...due.map((n) => n.key)];
        const next = { ...current, noticesSent: sent, revision: current.revision + 1 };
        await deps.credentials.replace(next, current.revision);
        await deps.audit.append(
          systemEntry(record, 'api-credential.expiry-notice', system, { days, to }),
        );
        outcome.noticed += 1;
      }
    } catch {
      outcome.failed += 1;
    }
  }
  return outcome;
};
