import { auditViewsOf } from '@ccsc/contract/audit-views';
import {
  AUDIT_POSITION,
  type AuditEntry,
  type AuditViewRange,
  type AuditViewScope,
  type AuditViewWindow,
} from '../core/ports/audit-trail';

/** The audit chain as stored (audit-chain.ts): a record's key and content, its views' index attributes, the table. */

/** The predecessor hash of record 1. */
export const GENESIS_HASH = '0'.repeat(64);

/** All records share one partition, ordered by the zero-padded sequence number in the sort key. */
export const AUDIT_CHAIN_PK = 'AUDIT#chain';
/**
 * A record's place in the trails of the other organisations it is about (its `alsoFor`): an item
 * per organisation, `<seq>#<organisation>`, holding the record's content and hash unchanged and
 * only that organisation's index attributes. No record of the chain (verification walks
 * AUDIT#chain alone); written in the same transaction as its record, never alone.
 */
export const AUDIT_ALSO_PK = 'AUDIT#also';
/** The most organisations a record is also about (the port's rule). */
export { MAX_ALSO_FOR } from '../core/ports/audit-trail';
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
  /** The other organisations it is about; absent when none (and in every older record). */
  alsoFor?: string[];
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

/**
 * The index attributes of a record: none for a record in no view. `org` is whose trail the item
 * stands in (the record's own organisation unless told); `hubWide` false leaves out the hub-wide
 * indexes, which hold each record once (its AUDIT_ALSO_PK items are in organisations' only).
 */
export const indexAttributesOf = (
  record: Pick<ChainedContent, 'seq' | 'at' | 'action' | 'outcome' | 'actor' | 'organisationId'>,
  org: string | null = typeof record.organisationId === 'string' && record.organisationId !== ''
    ? record.organisationId
    : null,
  hubWide = true,
): Record<string, string> => {
  const attributes: Record<string, string> = {};
  for (const view of auditViewsOf(record)) {
    if (view === 'changes') {
      if (hubWide) attributes[AUDIT_INDEXES.changes.attribute] = AUDIT_CHANGE_KEY;
      if (org !== null) attributes[AUDIT_INDEXES.changesByOrg.attribute] = org;
    } else {
      if (hubWide) attributes[AUDIT_INDEXES.security.attribute] = view;
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

/**
 * Every item a record is stored as, written together: its own (storedItemOf), and one in the
 * trail of each organisation it is also about (AUDIT_ALSO_PK), the content and hash the same.
 */
export const storedItemsOf = (record: ChainedRecord): Record<string, unknown>[] => [
  storedItemOf(record),
  ...(record.alsoFor ?? []).map((org) => ({
    pk: AUDIT_ALSO_PK,
    sk: `${sortKeyOf(record.seq)}#${org}`,
    ...record,
    ...indexAttributesOf(record, org, false),
  })),
];

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
