import { AppError, ConflictError, ValidationError } from '../core/errors';
import type { Caller, RequestContext } from '../core/request';
import { type AuditEntry, MAX_ALSO_FOR } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import {
  type Claim,
  type ConnectionRecord,
  type Registry,
  type RegistryChange,
  type RegistrySnapshot,
  type RegistryWrites,
  claimKeys,
  useKey,
} from '../core/ports/registry';
import { actorOf, sourceOf } from '../core/audit-entry';

/**
 * What the study and connection writes share: their ports, the claims and use counts that keep
 * the registry's cross-record rules safe against races the snapshot cannot see, and their audit
 * records.
 */

export interface RegistryWriteDeps {
  /** The snapshot for lists and the rules across records; `get` for the record being changed. */
  registry: Pick<Registry, 'snapshot' | 'get'>;
  writes: Pick<RegistryWrites, 'apply'>;
  clock: Clock;
  /** New record and write ids (random UUIDs unless a test says). */
  newId?: () => string;
}

export { newIdOf } from '../core/ids';

/** A 409 the form shows at the field it is about. */
export const conflictOn = (path: string, message: string): AppError =>
  new AppError('CONFLICT', message, [{ path, message }]);

/** A 400 on one field. */
export const invalidField = (path: string, message: string): ValidationError =>
  new ValidationError(message, [{ path, message }]);

/**
 * The refusal of a change made from an older revision than the stored one: says what the record
 * is now, so the caller knows what they missed.
 */
export const staleRevision = (
  what: 'study' | 'connection',
  current: { revision: number; status: string },
): ConflictError =>
  new ConflictError(
    `The ${what} was changed meanwhile: it is now ${current.status} (revision ` +
      `${String(current.revision)}). Reload it and try again.`,
  );

/** A protocol number is its sponsor's once, in any case. */
export const protocolClaim = (
  sponsorOrganisationId: string,
  protocolNumber: string,
  sponsorName: string,
): Claim => {
  const message = `${sponsorName} already has a study with the protocol number ${protocolNumber}.`;
  return {
    key: claimKeys.studyProtocol(sponsorOrganisationId, protocolNumber),
    message,
    field: 'protocolNumber',
  };
};

/** The refusal of a second open connection of a site to a study (naming the open one if known). */
export const alreadyOpenMessage = (
  siteName: string,
  protocolNumber: string,
  open?: Pick<ConnectionRecord, 'siteNumber' | 'status'>,
): string =>
  `${siteName} already has an open connection to ${protocolNumber}` +
  (open === undefined ? '' : ` (site ${open.siteNumber}, ${open.status})`) +
  '; it can be invited again once that one has ended or was declined.';

/**
 * The use counts an open connection holds: its study, the organisations on both sides (the CRO
 * when the study names one) and its systems (the site's once accepted). Counted up as it opens
 * and as the site system joins, down as it ends or is declined.
 */
export const connectionUses = (
  connection: Pick<
    ConnectionRecord,
    | 'studyId'
    | 'sponsorOrganisationId'
    | 'croOrganisationId'
    | 'siteOrganisationId'
    | 'sponsorSystemId'
    | 'siteSystemId'
  >,
  by: 1 | -1,
): NonNullable<RegistryChange['uses']> => [
  { key: useKey('study', connection.studyId), by },
  { key: useKey('organisation', connection.sponsorOrganisationId), by },
  ...(connection.croOrganisationId === null
    ? []
    : [{ key: useKey('organisation', connection.croOrganisationId), by }]),
  { key: useKey('organisation', connection.siteOrganisationId), by },
  { key: useKey('system', connection.sponsorSystemId), by },
  ...(connection.siteSystemId === null
    ? []
    : [{ key: useKey('system', connection.siteSystemId), by }]),
];

/** The `active` guard of a record a change relies on. */
export const activeGuard = (
  type: 'organisation' | 'system' | 'study',
  id: string,
  message: string,
): NonNullable<RegistryChange['guards']>[number] => ({ kind: 'active', type, id, message });

/** What an audit record of a registry change says beside who, from where and for whom. */
export type RegistryAuditFact = Pick<
  AuditEntry,
  'action' | 'target' | 'before' | 'after' | 'reason'
>;

/**
 * The audit record of one change (issue 37: each action audited exactly once). A change that
 * concerns several organisations — a connection's sponsor, CRO and site, a study's sponsor and
 * CRO — is one record about the first of them (`organisationId`) and also about the others
 * (`alsoFor`): the audit trail puts it in each one's trail, so an OrgAdmin or an Auditor of any
 * of them reads it (list-audit-records' reach), and whoever reads everything reads it once.
 * Returned as a list, as the registry's writes take their records: one entry, or none when the
 * change concerns no organisation.
 */
export const auditFor = (
  ctx: RequestContext<Caller>,
  fact: RegistryAuditFact,
  organisations: readonly (string | null)[],
): AuditEntry[] => {
  const distinct = [...new Set(organisations.filter((id): id is string => id !== null))];
  // One record, unless more organisations than one record holds (MAX_ALSO_FOR): then as few as
  // hold them all.
  const records: string[][] = [];
  for (let i = 0; i < distinct.length; i += MAX_ALSO_FOR + 1) {
    records.push(distinct.slice(i, i + MAX_ALSO_FOR + 1));
  }
  return records.map(([first = '', ...others]) => ({
    ...fact,
    outcome: 'success',
    actor: actorOf(ctx.caller),
    organisationId: first,
    ...(others.length === 0 ? {} : { alsoFor: others }),
    source: sourceOf(ctx),
    requestId: ctx.requestId,
  }));
};

/** Only the members of `after` that differ from `before`, and their earlier values. */
export const changedValues = (
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } => {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || value === before[key]) continue;
    was[key] = before[key];
    is[key] = value;
  }
  return { before: was, after: is };
};

/** What the audit records of a connection name it by: "<protocol> · <site name>". */
export const connectionTarget = (
  connection: Pick<ConnectionRecord, 'connectionId' | 'studyId' | 'siteOrganisationId'>,
  snapshot: RegistrySnapshot,
): NonNullable<AuditEntry['target']> => ({
  type: 'connection',
  id: connection.connectionId,
  label:
    `${snapshot.studies.get(connection.studyId)?.protocolNumber ?? connection.studyId} · ` +
    (snapshot.organisations.get(connection.siteOrganisationId)?.name ??
      connection.siteOrganisationId),
});

/** A new connection's facts, as its invitation's audit record shows them. */
export const connectionFacts = (connection: ConnectionRecord): Record<string, unknown> => ({
  studyId: connection.studyId,
  sponsorOrganisationId: connection.sponsorOrganisationId,
  croOrganisationId: connection.croOrganisationId,
  siteOrganisationId: connection.siteOrganisationId,
  siteNumber: connection.siteNumber,
  country: connection.country,
  principalInvestigator: connection.principalInvestigator,
  sponsorSystemId: connection.sponsorSystemId,
  siteSystemId: connection.siteSystemId,
  status: connection.status,
});
