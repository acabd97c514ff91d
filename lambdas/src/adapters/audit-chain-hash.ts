import { createHash } from 'node:crypto';
import { type AuditEntry } from '../core/ports/audit-trail';
import {
  GENESIS_HASH,
  MAX_ALSO_FOR,
  type ChainedContent,
  type ChainedRecord,
} from './audit-chain-items';

/** The audit chain's canonical form and hashes, with secrets redacted before anything is hashed. */

// ---------- canonical form and hashing ----------

const canonicalValue = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonicalValue(v);
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error('audit records hold finite numbers only');
  }
  return value;
};

/** JSON with keys sorted at every level and undefined members left out: one text per content. */
export const canonicalJson = (value: unknown): string => JSON.stringify(canonicalValue(value));

export const hashContent = (content: ChainedContent): string =>
  createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');

// ---------- never a secret ----------

/** Keys whose values must never reach the trail, whatever a caller passes. */
const SECRET_KEY =
  /password|secret|token|(^|[_-])otp|totp|qr.?code|confirmation.?code|credential|authorization/i;
export const REDACTED = '[redacted]';

/**
 * Defence in depth: `before`/`after` are free-form, so any member named like a password, secret,
 * token or TOTP value is replaced by a marker before it is stored (and hashed).
 */
export const redactSecrets = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redactSecrets(v)]),
    );
  }
  return value;
};

export const contentOf = (
  entry: AuditEntry,
  seq: number,
  at: Date,
  prevHash: string,
): ChainedContent => {
  const content: ChainedContent = {
    seq,
    at: at.toISOString(),
    prevHash,
    action: entry.action,
    outcome: entry.outcome,
    actor: entry.actor,
    source: entry.source,
    requestId: entry.requestId,
  };
  if (entry.target !== undefined) content.target = entry.target;
  // Only when given: the canonical form of a record without it stays what it always was.
  if (entry.organisationId !== undefined) content.organisationId = entry.organisationId;
  const alsoFor = [...new Set(entry.alsoFor ?? [])]
    .filter((org) => org !== '' && org !== entry.organisationId)
    .sort();
  if (alsoFor.length > MAX_ALSO_FOR) {
    throw new Error(`an audit record is about at most ${String(MAX_ALSO_FOR + 1)} organisations`);
  }
  // Only when there is one: a record about one organisation hashes as it always did.
  if (alsoFor.length > 0) content.alsoFor = alsoFor;
  if (entry.before !== undefined) {
    content.before = redactSecrets(entry.before) as Record<string, unknown>;
  }
  if (entry.after !== undefined)
    content.after = redactSecrets(entry.after) as Record<string, unknown>;
  if (entry.reason !== undefined) content.reason = entry.reason;
  // Stored exactly as hashed: what DynamoDB gives back later hashes the same.
  return JSON.parse(canonicalJson(content)) as ChainedContent;
};

/**
 * The records `entries` become chained onto `head` (null: an empty chain), each with its own
 * server time: what appends write (a batch shares one time), and what a bulk load of the trail
 * writes (the bench seeds 100,000 records with it, each stored as `storedItemOf` makes it). Pure.
 */
export const chainRecords = (
  entries: readonly { entry: AuditEntry; at: Date }[],
  head: { seq: number; hash: string } | null,
): ChainedRecord[] => {
  let seq = head?.seq ?? 0;
  let prevHash = head?.hash ?? GENESIS_HASH;
  return entries.map(({ entry, at }) => {
    seq += 1;
    const content = contentOf(entry, seq, at, prevHash);
    const hash = hashContent(content);
    prevHash = hash;
    return { ...content, hash };
  });
};
