import type { AuditView } from '@ccsc/contract/audit';
import type { Role } from '@ccsc/contract/roles';

/**
 * One append-only audit record: who did what to whom, from where, with what outcome, and the
 * values that changed. The adapter adds the server time and the hash chain; nothing ever updates
 * or deletes a record.
 */
export interface AuditEntry {
  /** Dotted verb, e.g. "session.login", "session.logout", "account.locked", "mfa.reset". */
  action: string;
  outcome: 'success' | 'failure';
  /** The signed-in caller, or null for unauthenticated calls and system actions. */
  actor: { sub: string; email: string | null; role: Role | null } | null;
  /** What the action was about (a user, a credential, a standard). */
  target?: {
    type:
      | 'user'
      | 'api-credential'
      | 'standard'
      | 'organisation'
      | 'system'
      | 'study'
      | 'connection'
      | 'import'
      | 'document'
      | 'webhook-endpoint';
    id: string;
    label?: string;
  };
  /**
   * The organisation the record is about (e.g. the target user's), or null when it is about none.
   * An OrgAdmin reads only the records of their own organisation. Records written before this
   * field existed have none.
   */
  organisationId?: string | null;
  /**
   * The other organisations the record is about as well (issue 37): a connection's site beside
   * its sponsor, a study's CRO. One record, in each one's trail (their OrgAdmins and Auditors read
   * it), never a copy per organisation. At most MAX_ALSO_FOR, none of them `organisationId`.
   */
  alsoFor?: readonly string[];
  source: { ip: string; userAgent: string | null };
  requestId: string;
  /** What changed: never a password, secret or token. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Why, for failures and system actions (e.g. "5 consecutive failed sign-ins"). */
  reason?: string;
}

/**
 * The most organisations an audit record is also about (`alsoFor`): a record and its places in
 * the others' trails are one transaction of at most 100 items, kept well inside. A change about
 * more (a study's CRO moved across many sites) is several records, each about up to 1 +
 * MAX_ALSO_FOR of them (the registry's auditFor).
 */
export const MAX_ALSO_FOR = 24;

/** The audit trail port (DynamoDB audit table, hash-chained). */
export interface AuditTrail {
  append(entry: AuditEntry): Promise<void>;
  /**
   * The entries in order, as consecutive records: each batch of up to APPEND_BATCH entries is
   * written at once or not at all (an import's hundreds of entries in a few writes, not one per
   * entry). Empty: nothing.
   */
  appendAll(entries: readonly AuditEntry[]): Promise<void>;
}

/** What a walk of the whole chain found. */
export type ChainVerdict =
  | { ok: true; records: number; headHash: string }
  | {
      ok: false;
      /** Records that checked out before the broken link. */
      records: number;
      /** The sequence number where the chain breaks (the one expected, if a record is missing). */
      brokenAt: number;
      reason: string;
    };

/**
 * A record's position in the views' indexes: its server time, then its zero-padded sequence
 * number (`2025-01-15T10:00:00.000Z#000000000042`). Newest first is highest first.
 */
export const AUDIT_POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#(\d{12})$/;
export const isAuditPosition = (value: string): boolean => AUDIT_POSITION.test(value);

/** One record of a view as stored, and its position (where the next page goes on from). */
export interface AuditViewItem {
  position: string;
  item: Record<string, unknown>;
}

/** Whose records of a view: the whole hub's (null), or one organisation's. */
export interface AuditViewScope {
  view: AuditView;
  organisationId: string | null;
}

/** A view's records by server time: from inclusive, to exclusive; null: unbounded. */
export interface AuditViewWindow {
  from: Date | null;
  to: Date | null;
}

/** A window, and where the previous page of it ended (a record's index position), if any. */
export interface AuditViewRange extends AuditViewWindow {
  /** The position (`gAt`) of the last record already read: the next page starts below it. */
  after: string | null;
}

/**
 * Reading the trail back. Separate from AuditTrail, and with no way to change anything: the
 * trail stays append-only whoever holds either port.
 */
export interface AuditReader {
  /**
   * Up to `limit` stored records with a sequence number below `beforeSeq` (from the newest when
   * null), newest first. They come as stored, unchecked: what vouches for them is the chain.
   */
  readNewestFirst(beforeSeq: number | null, limit: number): Promise<Record<string, unknown>[]>;
  /** Walks the whole chain from record 1 and reports the first broken link, if any. */
  verify(): Promise<ChainVerdict>;
  /**
   * Up to `limit` stored records of a view (its index), newest first by server time, within the
   * range. Fewer than `limit` means there are no more. The index is eventually consistent: a
   * record appended a moment ago may not be in it yet.
   */
  readView(scope: AuditViewScope, range: AuditViewRange, limit: number): Promise<AuditViewItem[]>;
  /** How many records of a view lie in the window (a count of its index, never a scan). */
  countView(scope: AuditViewScope, window: AuditViewWindow): Promise<number>;
}
