import { AppError, ConflictError } from '../errors';
import type { AuditEntry } from './audit-trail';
import {
  idOf,
  type RegistryChange,
  type RegistryRecord,
  type RegistrySnapshot,
  type RegistryType,
} from './registry';

export { idOf };

/**
 * What a registry change means, shared by every store of ports/registry.ts (DynamoDB, and the
 * in-memory one the core tests use), so both refuse the same change with the same message and
 * take the same shape of change only.
 */

type AnyRecord = RegistryRecord['record'];

const LABELS: Record<RegistryType, string> = {
  organisation: 'The organisation',
  system: 'The system',
  study: 'The study',
  connection: 'The connection',
  standard: 'The standard',
};

export const changedMeanwhile = (type: RegistryType): string =>
  `${LABELS[type]} was changed by someone else meanwhile. Reload, check, and try again.`;
export const goneMeanwhile = (type: RegistryType): string =>
  `${LABELS[type]} no longer exists. Reload, check, and try again.`;

/** Whether a record counts as active for an `active` guard (a study: not closed). */
export const isActive = (type: RegistryType, record: AnyRecord | null): boolean => {
  if (record === null) return false;
  if (!('status' in record)) return true; // a standard: its versions have their own status
  return type === 'study' ? record.status !== 'closed' : record.status === 'active';
};

/** The record as stored by a change: the revision it reaches and the write that made it. */
export const stamped = <R extends RegistryRecord>(
  put: { item: R; expectedRevision: number | null },
  writeId: string,
): R =>
  ({
    type: put.item.type,
    record: { ...put.item.record, revision: (put.expectedRevision ?? 0) + 1, writeId },
  }) as R;

/** The 409 of a claim already held (on the claim's field, for the form to show it there). */
export const claimRefusal = (claim: { message: string; field?: string }): AppError =>
  new AppError(
    'CONFLICT',
    claim.message,
    claim.field === undefined ? undefined : [{ path: claim.field, message: claim.message }],
  );

/** The claims a change makes and releases once a key both released and claimed is left held. */
export const netClaims = (change: RegistryChange) => {
  const claimed = new Set((change.claims ?? []).map((c) => c.key));
  const released = new Set(change.releases ?? []);
  return {
    claims: (change.claims ?? []).filter((c) => !released.has(c.key)),
    releases: [...released].filter((key) => !claimed.has(key)),
  };
};

/** The uses a change counts, summed per key (keys whose sum is 0 are left out). */
export const netUses = (change: RegistryChange): Map<string, number> => {
  const sums = new Map<string, number>();
  for (const use of change.uses ?? []) sums.set(use.key, (sums.get(use.key) ?? 0) + use.by);
  for (const [key, by] of sums) if (by === 0) sums.delete(key);
  return sums;
};

/** At most this many items in one DynamoDB transaction (its limit is 100). */
export const MAX_TRANSACTION_ITEMS = 100;
/** The registry's version and the change-log record ride in every commit's transaction. */
const COMMIT_OVERHEAD = 2;

/**
 * Refuses a change no store could make atomically (a programming error, a 500): the same record
 * put twice, or more items than one transaction takes.
 */
export const checkShape = (change: RegistryChange): void => {
  const items = new Set<string>();
  for (const put of change.puts) {
    const key = `${put.item.type}#${idOf(put.item)}`;
    if (items.has(key)) throw new Error(`registry: ${key} is put twice in one change`);
    items.add(key);
  }
  const { claims, releases } = netClaims(change);
  for (const claim of claims) items.add(`claim:${claim.key}`);
  for (const key of releases) items.add(`claim:${key}`);
  for (const key of netUses(change).keys()) items.add(`use:${key}`);
  for (const guard of change.guards ?? []) {
    items.add(guard.kind === 'unused' ? `use:${guard.key}` : `${guard.type}#${guard.id}`);
  }
  if (items.size + COMMIT_OVERHEAD > MAX_TRANSACTION_ITEMS) {
    throw new Error(
      `registry: a change of ${String(items.size)} items is more than one transaction takes`,
    );
  }
};

/** What a store knows now, read consistently, for judging a change. */
export interface RegistryState {
  record(type: RegistryType, id: string): AnyRecord | null;
  claimHeld(key: string): boolean;
  openUses(key: string): number;
}

/**
 * The verdict on a change against the state it meets: 'done' when a record it puts already
 * carries its write id (it was made before), else the first refusal — a record changed meanwhile,
 * then a claim held, then a guard that does not hold, each in the change's order — or null when
 * it may be made.
 */
export const verdictOf = (
  change: RegistryChange,
  state: RegistryState,
): 'done' | AppError | null => {
  const stored = change.puts.map((put) => ({
    put,
    now: state.record(put.item.type, idOf(put.item)),
  }));
  if (stored.some(({ now }) => now?.writeId === change.writeId)) return 'done';
  for (const { put, now } of stored) {
    if (put.expectedRevision === null && now !== null) {
      return new ConflictError(changedMeanwhile(put.item.type));
    }
    if (put.expectedRevision !== null && now === null) {
      return new ConflictError(goneMeanwhile(put.item.type));
    }
    if (put.expectedRevision !== null && now?.revision !== put.expectedRevision) {
      return new ConflictError(changedMeanwhile(put.item.type));
    }
  }
  for (const claim of netClaims(change).claims) {
    if (state.claimHeld(claim.key)) return claimRefusal(claim);
  }
  for (const guard of change.guards ?? []) {
    const holds =
      guard.kind === 'unused'
        ? state.openUses(guard.key) <= 0
        : isActive(guard.type, state.record(guard.type, guard.id));
    if (!holds) return new ConflictError(guard.message);
  }
  return null;
};

/** The parts of an import that are undone when a later part is refused: what they created. */
export const undoOf = (made: readonly RegistryChange[]): { type: RegistryType; id: string }[] =>
  made
    .flatMap((change) =>
      change.puts
        .filter((put) => put.expectedRevision === null)
        .map((put) => ({ type: put.item.type, id: idOf(put.item) })),
    )
    .reverse();

/**
 * Every record another record refers to, as "<type>#<id>": an organisation with a system, a
 * study (as sponsor or CRO) or a connection; a system or a study named by a connection, open or
 * closed. An undone import removes none of these: what was built on a record meanwhile keeps it.
 */
export const referencedRecords = (snapshot: RegistrySnapshot): Set<string> => {
  const refs = new Set<string>();
  const organisation = (id: string | null) => {
    if (id !== null) refs.add(`organisation#${id}`);
  };
  for (const system of snapshot.systems.values()) organisation(system.organisationId);
  for (const study of snapshot.studies.values()) {
    organisation(study.sponsorOrganisationId);
    organisation(study.croOrganisationId);
  }
  for (const c of snapshot.connections.values()) {
    organisation(c.sponsorOrganisationId);
    organisation(c.croOrganisationId);
    organisation(c.siteOrganisationId);
    refs.add(`study#${c.studyId}`);
    refs.add(`system#${c.sponsorSystemId}`);
    if (c.siteSystemId !== null) refs.add(`system#${c.siteSystemId}`);
  }
  for (const s of snapshot.standards.values()) {
    organisation(s.organisationId);
    for (const v of s.versions) for (const id of v.systemIds) refs.add(`system#${id}`);
  }
  return refs;
};

/**
 * The one record of a refused import (RegistryWrites.applyAll): who and which request from the
 * first audit entry the parts carry (null when they carry none: nothing to say who asked).
 */
export const importFailureEntry = (
  subject: string,
  parts: readonly { audit: readonly AuditEntry[] }[],
  refusal: AppError,
  undone: number,
  left: readonly { type: RegistryType; id: string }[],
): AuditEntry | null => {
  const first = parts.flatMap((p) => p.audit)[0];
  if (first === undefined) return null;
  const leftText =
    left.length === 0
      ? ''
      : ` ${String(left.length)} changed meanwhile and left: ${left
          .map((r) => `${r.type} ${r.id}`)
          .join(', ')}.`;
  return {
    action: 'registry.import',
    outcome: 'failure',
    actor: first.actor,
    target: { type: 'import', id: subject },
    organisationId: first.organisationId ?? null,
    source: first.source,
    requestId: first.requestId,
    reason: `${refusal.message} ${String(undone)} record(s) made before were removed again.${leftText}`,
  };
};
