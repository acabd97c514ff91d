import { jitteredBackoff } from './backoff';
import { createHash } from 'node:crypto';
import { auditViewsOf } from '@ccsc/contract/audit-views';
import {
  AUDIT_POSITION,
  type AuditEntry,
  type AuditReader,
  type AuditTrail,
  type AuditViewItem,
  type AuditViewRange,
  type AuditViewScope,
  type AuditViewWindow,
  type ChainVerdict,
} from '../core/ports/audit-trail';
import { type Clock, systemClock } from '../core/ports/clock';

/**
 * The audit trail as a hash chain. Every record has a sequence number (1, 2, 3, ...), the server
 * time, the hash of its predecessor and its own hash: SHA-256 over the canonical JSON of all of
 * that. A record changed, removed or slipped in afterwards breaks the chain at that point, which
 * `verifyChain` finds.
 *
 * Appending is optimistic: read the head (the highest sequence number), write head + 1 only if no
 * record has that number yet (a conditional put), and start again when a concurrent append took
 * it. So two appends can never both claim the same predecessor, and nothing is ever updated:
 * the table is written with puts of new keys only.
 *
 * Each stored item also carries the attributes of the table's sparse indexes (its views, see
 * `indexAttributesOf`), written with it in the same put. They are derived from the content and
 * are not part of it: the hash does not cover them and `verifyChain` leaves them out, so the
 * chain stays what it always was, and records written before the indexes existed still verify.
 */

/** The predecessor hash of record 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** All records share one partition, ordered by the zero-padded sequence number in the sort key. */
export const AUDIT_CHAIN_PK = 'AUDIT#chain';
const SEQ_DIGITS = 12;
export const sortKeyOf = (seq: number): string => String(seq).padStart(SEQ_DIGITS, '0');

/** What a stored record holds besides its key and its own hash: exactly what is hashed. */
export interface ChainedContent {
  seq: number;
  /** Server time (ISO 8601) when the record was written. */
  at: string;
  prevHash: string;
  action: string;
  outcome: AuditEntry['outcome'];
  actor: AuditEntry['actor'];
  target?: AuditEntry['target'];
  /** Absent in records written before it existed; their hash never covered it. */
  organisationId?: string | null;
  source: AuditEntry['source'];
  requestId: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  reason?: string;
}

export interface ChainedRecord extends ChainedContent {
  hash: string;
}

// ---------- the views' indexes ----------

/**
 * The audit table's sparse indexes (TABLES.audit in data-model.ts): a record in a security view
 * has `gSec` = the view and, when it is about an organisation, `gSecOrg` = `<org>#<view>`; an
 * administrative change has `gChg` = `CHANGE` and, when about an organisation, `gChgOrg` =
 * `<org>`. Every one sorts by `gAt` = `<at>#<zero-padded seq>`, newest last. A record can be in
 * a security view and a change at once (an administrator's MFA reset), hence two families.
 */
export const AUDIT_INDEXES = {
  security: { index: 'security', attribute: 'gSec' },
  securityByOrg: { index: 'securityByOrg', attribute: 'gSecOrg' },
  changes: { index: 'changes', attribute: 'gChg' },
  changesByOrg: { index: 'changesByOrg', attribute: 'gChgOrg' },
} as const;
export const AUDIT_INDEX_SORT_KEY = 'gAt';
export const AUDIT_CHANGE_KEY = 'CHANGE';
/** Every attribute the indexes add to a stored item; none of them is hashed. */
export const INDEX_ATTRIBUTES: readonly string[] = [
  ...Object.values(AUDIT_INDEXES).map((i) => i.attribute),
  AUDIT_INDEX_SORT_KEY,
];

/** A record's position in every index: its server time, then its sequence number. */
export const indexPositionOf = (at: string, seq: number): string => `${at}#${sortKeyOf(seq)}`;

/** The index attributes of a record: none for a record in no view. */
export const indexAttributesOf = (
  record: Pick<ChainedContent, 'seq' | 'at' | 'action' | 'outcome' | 'actor' | 'organisationId'>,
): Record<string, string> => {
  const org =
    typeof record.organisationId === 'string' && record.organisationId !== ''
      ? record.organisationId
      : null;
  const attributes: Record<string, string> = {};
  for (const view of auditViewsOf(record)) {
    if (view === 'changes') {
      attributes[AUDIT_INDEXES.changes.attribute] = AUDIT_CHANGE_KEY;
      if (org !== null) attributes[AUDIT_INDEXES.changesByOrg.attribute] = org;
    } else {
      attributes[AUDIT_INDEXES.security.attribute] = view;
      if (org !== null) attributes[AUDIT_INDEXES.securityByOrg.attribute] = `${org}#${view}`;
    }
  }
  if (Object.keys(attributes).length > 0) {
    attributes[AUDIT_INDEX_SORT_KEY] = indexPositionOf(record.at, record.seq);
  }
  return attributes;
};

/** The item a record is stored as: its key, its content and hash, its index attributes. */
export const storedItemOf = (record: ChainedRecord): Record<string, unknown> => ({
  pk: AUDIT_CHAIN_PK,
  sk: sortKeyOf(record.seq),
  ...record,
  ...indexAttributesOf(record),
});

/** One index partition: which index, and the value of its partition attribute. */
export interface AuditIndexKey {
  index: string;
  attribute: string;
  value: string;
}

/** Where a view's records are: the hub-wide index, or the organisation's. */
export const viewIndexKey = ({ view, organisationId }: AuditViewScope): AuditIndexKey => {
  const { index, attribute } =
    view === 'changes'
      ? organisationId === null
        ? AUDIT_INDEXES.changes
        : AUDIT_INDEXES.changesByOrg
      : organisationId === null
        ? AUDIT_INDEXES.security
        : AUDIT_INDEXES.securityByOrg;
  const value =
    view === 'changes'
      ? (organisationId ?? AUDIT_CHANGE_KEY)
      : organisationId === null
        ? view
        : `${organisationId}#${view}`;
  return { index, attribute, value };
};

/** Bounds on `gAt`, both inclusive (a key condition's BETWEEN, >= or <=); null: none. */
export interface IndexBounds {
  lo: string | null;
  hi: string | null;
}

/**
 * The `gAt` bounds of a range, or null when it holds nothing. `to` is exclusive, yet serves as
 * an inclusive bound: no position equals a bare time (a position goes on with `#<seq>`), and a
 * record at exactly `to` sorts after it. A page after the position `<at>#<seq>` ends at
 * `<at>#<seq - 1>`, inclusive. DynamoDB refuses a BETWEEN whose bounds are reversed, hence null.
 */
export const indexBoundsOf = (range: AuditViewRange | AuditViewWindow): IndexBounds | null => {
  const lo = range.from === null ? null : range.from.toISOString();
  let hi = range.to === null ? null : range.to.toISOString();
  const after = 'after' in range ? range.after : null;
  if (after !== null) {
    const match = AUDIT_POSITION.exec(after);
    if (match === null) throw new Error(`not an audit index position: ${after}`);
    const below = indexPositionOf(String(match[1]), Number(match[2]) - 1);
    if (hi === null || below < hi) hi = below;
  }
  if (lo !== null && hi !== null && lo > hi) return null;
  return { lo, hi };
};

/** The storage a chain needs; DynamoDB in production (dynamodb-audit-trail.ts), memory in tests. */
export interface AuditChainTable {
  /** The record with the highest sequence number, or null for an empty chain. */
  head(): Promise<Record<string, unknown> | null>;
  /** Writes the record unless one with its sequence number exists; false when one does. */
  putIfAbsent(record: ChainedRecord): Promise<boolean>;
  /**
   * Writes all the records (at most APPEND_BATCH) at once if none of their sequence numbers
   * exists yet, else none; false when one does.
   */
  putAllIfAbsent(records: readonly ChainedRecord[]): Promise<boolean>;
  /** Every record in sequence order, a page at a time. */
  scan(): AsyncIterable<Record<string, unknown>[]>;
  /**
   * Up to `limit` records with a sequence number below `beforeSeq` (from the head when null),
   * highest first. Fewer than `limit` means there are no more.
   */
  readBackward(beforeSeq: number | null, limit: number): Promise<Record<string, unknown>[]>;
  /**
   * Up to `limit` items of one index partition within the bounds, highest `gAt` first. Fewer
   * than `limit` means there are no more.
   */
  queryIndex(
    key: AuditIndexKey,
    bounds: IndexBounds,
    limit: number,
  ): Promise<Record<string, unknown>[]>;
  /** How many items of one index partition lie within the bounds. */
  countIndex(key: AuditIndexKey, bounds: IndexBounds): Promise<number>;
}

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

const contentOf = (entry: AuditEntry, seq: number, at: Date, prevHash: string): ChainedContent => {
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

// ---------- appending ----------

export interface HashChainOptions {
  clock?: Clock;
  /** Appends that lose the race for a sequence number are retried this many times in all. */
  maxAttempts?: number;
  /** Waits a little (growing, with jitter) between attempts; injectable for tests. */
  backoff?: (attempt: number) => Promise<void>;
  /**
   * The chain's name in this process (its table's): appends to the same chain from anywhere in
   * the process are combined (see HashChainedAuditTrail), so they never race one another.
   */
  combineKey?: string;
}

/** Records written at once by appendAll: one DynamoDB transaction (which takes 100 items). */
export const APPEND_BATCH = 50;

/** Losing appends retry after jitteredBackoff, at most 1 s apart. */
const defaultBackoff = (attempt: number) => jitteredBackoff(attempt, 1000);

/** Appends waiting for a chain's writer in this process, by the chain's combineKey. */
interface Submission {
  entries: readonly AuditEntry[];
  resolve: () => void;
  reject: (err: unknown) => void;
}
const waiting = new Map<string, { queue: Submission[]; writing: boolean }>();

const headOf = (item: Record<string, unknown> | null): { seq: number; hash: string } | null => {
  if (item === null) return null;
  const { seq, hash } = item;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || typeof hash !== 'string') {
    throw new Error('the audit chain head is not a chained record');
  }
  return { seq, hash };
};

export class HashChainedAuditTrail implements AuditTrail {
  private readonly clock: Clock;
  private readonly maxAttempts: number;
  private readonly backoff: (attempt: number) => Promise<void>;
  private readonly combineKey: string | undefined;

  constructor(
    private readonly table: AuditChainTable,
    options: HashChainOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.maxAttempts = options.maxAttempts ?? 20;
    this.backoff = options.backoff ?? defaultBackoff;
    this.combineKey = options.combineKey;
  }

  append(entry: AuditEntry): Promise<void> {
    return this.appendAll([entry]);
  }

  /**
   * Batches of consecutive records, each chained on the head it read and written at once.
   *
   * Every append reads the chain's head and writes the next sequence number on the condition
   * that it is still free, so appends made at the same moment race, and all but one try again.
   * Within one process (a Lambda container; the whole offline console) they do not race: with a
   * combineKey, appends made while one is being written wait, and are then written together, up
   * to APPEND_BATCH records in one transaction (each caller's records consecutive). Only
   * appends from other processes still race; the backoff spreads them out.
   */
  appendAll(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const key = this.combineKey;
    if (key === undefined) return this.write(entries);
    return new Promise<void>((resolve, reject) => {
      const chain = waiting.get(key) ?? { queue: [], writing: false };
      waiting.set(key, chain);
      chain.queue.push({ entries, resolve, reject });
      if (!chain.writing) void this.drain(chain);
    });
  }

  private async drain(chain: { queue: Submission[]; writing: boolean }): Promise<void> {
    chain.writing = true;
    try {
      while (chain.queue.length > 0) {
        const taken: Submission[] = [];
        let count = 0;
        for (const next of chain.queue) {
          if (taken.length > 0 && count + next.entries.length > APPEND_BATCH) break;
          taken.push(next);
          count += next.entries.length;
        }
        chain.queue.splice(0, taken.length);
        try {
          await this.write(taken.flatMap((s) => s.entries));
          for (const s of taken) s.resolve();
        } catch (err) {
          if (taken.length === 1) {
            taken[0]?.reject(err);
            continue;
          }
          // One caller's records must not fail another's: each on its own.
          for (const s of taken) {
            await this.write(s.entries).then(s.resolve, s.reject);
          }
        }
      }
    } finally {
      chain.writing = false;
    }
  }

  private async write(entries: readonly AuditEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += APPEND_BATCH) {
      const batch = entries.slice(i, i + APPEND_BATCH);
      if (batch.length === 1) {
        await this.appendOne(batch[0] as AuditEntry);
        continue;
      }
      await this.appendBatch(batch);
    }
  }

  private async appendOne(entry: AuditEntry): Promise<void> {
    for (let attempt = 0; attempt < this.maxAttempts; attempt += 1) {
      const head = headOf(await this.table.head());
      const content = contentOf(
        entry,
        (head?.seq ?? 0) + 1,
        this.clock.now(),
        head?.hash ?? GENESIS_HASH,
      );
      if (await this.table.putIfAbsent({ ...content, hash: hashContent(content) })) return;
      await this.backoff(attempt);
    }
    throw new Error(`audit append for ${entry.action} lost the race ${this.maxAttempts} times`);
  }

  private async appendBatch(batch: readonly AuditEntry[]): Promise<void> {
    for (let attempt = 0; attempt < this.maxAttempts; attempt += 1) {
      const head = headOf(await this.table.head());
      const at = this.clock.now();
      const records = chainRecords(
        batch.map((entry) => ({ entry, at })),
        head,
      );
      if (await this.table.putAllIfAbsent(records)) return;
      await this.backoff(attempt);
    }
    throw new Error(
      `audit append of ${String(batch.length)} records lost the race ${this.maxAttempts} times`,
    );
  }
}

// ---------- verifying ----------

export type { ChainVerdict } from '../core/ports/audit-trail';

/** What a stored item holds besides its hashed content: its keys, its hash, its index keys. */
const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'hash', ...INDEX_ATTRIBUTES]);

/** Walks the whole chain in order and reports the first broken link. */
export const verifyChain = async (table: AuditChainTable): Promise<ChainVerdict> => {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  const broken = (reason: string): ChainVerdict => ({
    ok: false,
    records: expectedSeq - 1,
    brokenAt: expectedSeq,
    reason,
  });
  for await (const page of table.scan()) {
    for (const item of page) {
      if (item.seq !== expectedSeq) {
        return broken(`expected record ${expectedSeq}, found ${String(item.seq)}`);
      }
      if (item.sk !== undefined && item.sk !== sortKeyOf(expectedSeq)) {
        return broken(`record ${expectedSeq} is stored under the key ${JSON.stringify(item.sk)}`);
      }
      if (item.prevHash !== prevHash) {
        return broken(`record ${expectedSeq} does not name its predecessor's hash`);
      }
      const content = Object.fromEntries(
        Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.has(k)),
      ) as unknown as ChainedContent;
      const hash = hashContent(content);
      if (item.hash !== hash) {
        return broken(`record ${expectedSeq} was altered (its hash does not match its content)`);
      }
      prevHash = hash;
      expectedSeq += 1;
    }
  }
  return { ok: true, records: expectedSeq - 1, headHash: prevHash };
};

// ---------- reading ----------

/** The read side of a chain: records newest first, and its verification. Nothing that writes. */
export class HashChainedAuditReader implements AuditReader {
  constructor(private readonly table: AuditChainTable) {}

  readNewestFirst(beforeSeq: number | null, limit: number): Promise<Record<string, unknown>[]> {
    return this.table.readBackward(beforeSeq, limit);
  }

  verify(): Promise<ChainVerdict> {
    return verifyChain(this.table);
  }

  async readView(
    scope: AuditViewScope,
    range: AuditViewRange,
    limit: number,
  ): Promise<AuditViewItem[]> {
    const bounds = indexBoundsOf(range);
    if (bounds === null || limit <= 0) return [];
    const items = await this.table.queryIndex(viewIndexKey(scope), bounds, limit);
    return items.map((item) => {
      const position = item[AUDIT_INDEX_SORT_KEY];
      if (typeof position !== 'string' || !AUDIT_POSITION.test(position)) {
        // Only an item the index holds by this attribute comes back: never without it.
        throw new Error(`an audit index item has no position: ${String(item.sk)}`);
      }
      return { position, item };
    });
  }

  async countView(scope: AuditViewScope, window: AuditViewWindow): Promise<number> {
    const bounds = indexBoundsOf(window);
    if (bounds === null) return 0;
    return this.table.countIndex(viewIndexKey(scope), bounds);
  }
}
