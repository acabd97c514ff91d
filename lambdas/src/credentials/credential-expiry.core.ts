import type { EventDraft } from '../core/ports/events';
import type { Journal } from '../core/journal';
import type { AuditEntry } from '../core/ports/audit-trail';
import type { CredentialRecord } from '../core/ports/credentials';
import type { UserIndex } from '../core/ports/user-index';
import { type CredentialDeps, DAY_MS } from './credential-records';
import {
  expireCredentialWrite,
  noticeCredentialWrite,
  retireSecretWrite,
} from './credential-changes';
import { credentialSubject, type CredentialWriteDeps } from './credential-writes';
import { displayDate } from '../core/display-dates';

/**
 * The credential job (hourly in AWS, on a timer offline). For every credential:
 *
 * - 30 and 7 days before its expiry: one notice each to the technical contact and the
 *   organisation's OrgAdmins (enabled ones), recorded so each goes once;
 * - at its expiry: the credential `expired`, the Cognito client deleted (no new tokens; the
 *   partner API refuses the old ones already, as it reads `validUntil`);
 * - a rotation whose grace period has ended: the old secret deleted.
 *
 * Each is a journaled write (credential-changes.ts, issue 32), audited once as a system action (no
 * actor). A revoked credential's client that is still there is the reconciler's sweep's
 * (credential-sweep.ts). A credential that fails, or that another write holds, is left for the
 * next run and counted; the others go on.
 */

export interface CredentialJobDeps extends Pick<
  CredentialDeps,
  'credentials' | 'registry' | 'clock'
> {
  users: Pick<UserIndex, 'all'>;
  writes: Pick<Journal<CredentialWriteDeps>, 'run'>;
}

export interface CredentialJobOutcome {
  noticed: number;
  expired: number;
  retired: number;
  failed: number;
}

const NOTICES = [
  { key: '30-days', days: 30 },
  { key: '7-days', days: 7 },
] as const;

/**
 * Issue 35: within 14 days of its expiry a credential is an event for its organisation (its feed,
 * its administrators' notifications), once, recorded like a notice but mailing nobody itself.
 */
const EXPIRING_EVENT = { key: '14-days-event', days: 14 } as const;

const expiringEvent = (record: CredentialRecord, system: string, days: number): EventDraft => ({
  kind: 'credential.expiring',
  organisationId: record.organisationId,
  subject: { type: 'credential', id: record.apiId, name: system },
  counterpart: null,
  reason: `expires-in-${String(days)}-days`,
});

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
  requestId: `credential-expiry-${record.apiId}-${action}-${String(record.revision)}`,
  after: { clientId: record.clientId, ...after },
});

const noticeMail = (record: CredentialRecord, system: string, days: number) => ({
  subject: `The API credential of ${system} expires in ${String(days)} day${days === 1 ? '' : 's'}`,
  text: [
    `The API credential of ${system} (client id ${record.clientId}) expires on ${displayDate(record.validUntil)}.`,
    '',
    'From then on its tokens are refused. Before that date an administrator of the organisation issues a new credential in the console (Generate API Access Credentials), and the system switches to it.',
  ].join('\n'),
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

  for (const found of records) {
    if (found.status !== 'active' && found.status !== 'pending') continue;
    const system = snapshot.systems.get(found.systemId)?.name ?? found.systemId;
    const subject = credentialSubject(found.apiId);
    const left = Date.parse(found.validUntil) - now.getTime();
    try {
      if (left <= 0) {
        await deps.writes.run(expireCredentialWrite, subject, {
          apiId: found.apiId,
          fromRevision: found.revision,
          audit: systemEntry(found, 'api-credential.expired', system, {
            validUntil: found.validUntil,
          }),
        });
        outcome.expired += 1;
        continue;
      }
      let record = found;
      const retiresAt = record.rotation?.retiresAt;
      if (retiresAt != null && Date.parse(retiresAt) <= now.getTime()) {
        await deps.writes.run(retireSecretWrite, subject, {
          apiId: record.apiId,
          fromRevision: record.revision,
          audit: systemEntry(record, 'api-credential.old-secret-retired', system, { retiresAt }),
        });
        outcome.retired += 1;
        record = (await deps.credentials.get(record.apiId)) ?? record;
      }
      const due = NOTICES.filter(
        (n) => left <= n.days * DAY_MS && !record.noticesSent.includes(n.key),
      );
      const event =
        left <= EXPIRING_EVENT.days * DAY_MS && !record.noticesSent.includes(EXPIRING_EVENT.key);
      if ((due.length > 0 || event) && record.status === 'active') {
        const days = Math.ceil(left / DAY_MS);
        const to =
          due.length === 0
            ? []
            : [...new Set([record.contactEmail, ...(await adminsOf(record.organisationId))])];
        await deps.writes.run(noticeCredentialWrite, subject, {
          apiId: record.apiId,
          fromRevision: record.revision,
          notices: [...due.map((n) => n.key), ...(event ? [EXPIRING_EVENT.key] : [])],
          recipients: to,
          ...noticeMail(record, system, days),
          events: event ? [expiringEvent(record, system, days)] : [],
          audit: systemEntry(record, 'api-credential.expiry-notice', system, {
            days,
            to,
            ...(event ? { event: 'credential.expiring' } : {}),
          }),
        });
        outcome.noticed += 1;
      }
    } catch {
      // A write under way on it, or a service failing: the next run takes it up.
      outcome.failed += 1;
    }
  }
  return outcome;
};
