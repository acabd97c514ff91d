import type * as z from 'zod';
import {
  type AuditRecord,
  auditRecordSchema,
  type auditQuerySchema,
  type AuditView,
  auditViewsOf,
} from '@ccsc/contract/audit';
import { type Reach, reaches } from '@ccsc/contract/reach';
import type { AuditReader, AuditViewScope } from '../ports/audit-trail';

/**
 * What the audit list (list-audit-records, export-audit-records) shows and the dashboard counts
 * of it, written once: a stored item as the list shows it, the filters and the caller's reach,
 * and the views (AUDIT_VIEWS), read from their indexes newest first and counted there, so a
 * dashboard figure and the list its link opens agree by construction.
 */

/** The audit list's filters (its query without the page). */
export type AuditFilters = z.output<typeof auditQuerySchema>;

// ---------- a stored item as the list shows it ----------

/** The action of a stored item that is not an audit record (it is listed, not hidden). */
export const UNREADABLE_ACTION = 'audit.unreadable';

/** The sequence number of a stored item, from its key (what ordering and paging go by). */
export const positionOf = (item: Record<string, unknown>): number | null => {
  // A record's item in another organisation's trail is keyed `<seq>#<organisation>`.
  const position = typeof item.sk === 'string' ? Number(item.sk.split('#')[0]) : item.seq;
  return typeof position === 'number' && Number.isSafeInteger(position) && position > 0
    ? position
    : null;
};

const stringOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

/**
 * A stored item as the audit screen shows it; members a record does not have are null. An item
 * that is not an audit record at all (someone wrote it outside the chain's code) is shown as
 * what it is, never dropped and never a reason to fail the whole page: the chain's verification
 * tells whether it belongs.
 */
export const toAuditRecord = (item: Record<string, unknown>): AuditRecord => {
  const parsed = auditRecordSchema.safeParse({
    seq: item.seq,
    at: item.at,
    action: item.action,
    outcome: item.outcome,
    actor: item.actor ?? null,
    target: item.target ?? null,
    organisationId: item.organisationId ?? null,
    alsoFor: item.alsoFor ?? [],
    source: item.source,
    requestId: item.requestId,
    before: item.before ?? null,
    after: item.after ?? null,
    reason: item.reason ?? null,
    hash: item.hash,
    prevHash: item.prevHash,
  });
  if (parsed.success) return parsed.data;
  const at = auditRecordSchema.shape.at.safeParse(item.at);
  return {
    seq: positionOf(item) ?? 0,
    at: at.success ? at.data : new Date(0).toISOString(),
    action: UNREADABLE_ACTION,
    outcome: 'failure',
    actor: null,
    target: null,
    organisationId: null,
    alsoFor: [],
    source: { ip: '', userAgent: null },
    requestId: '',
    before: null,
    after: null,
    reason: 'This stored item is not a well-formed audit record; verify the chain.',
    hash: stringOr(item.hash, ''),
    prevHash: stringOr(item.prevHash, ''),
  };
};

// ---------- the filters ----------

const timeOf = (iso: string | undefined): number | null =>
  iso === undefined ? null : Date.parse(iso);

const startsWith = (value: string | null | undefined, prefix: string): boolean =>
  typeof value === 'string' && value.toLowerCase().startsWith(prefix);

/**
 * What one record must satisfy: the query's filters (its view too, so walking the chain and
 * reading the view's index give the same rows) and the caller's reach: whoever reaches
 * everything reads the whole trail; an OrgAdmin or an Auditor of one organisation the records
 * about it; nobody else any.
 */
export const auditRecordMatches = (f: AuditFilters, reach: Reach) => {
  const actor = f.actor?.toLowerCase();
  const target = f.target?.toLowerCase();
  const from = timeOf(f.from);
  const to = timeOf(f.to);
  return (r: AuditRecord): boolean => {
    if (!reaches(reach, r.organisationId) && !r.alsoFor.some((org) => reaches(reach, org)))
      return false;
    if (f.view !== undefined && !auditViewsOf(r).includes(f.view)) return false;
    if (f.outcome !== undefined && r.outcome !== f.outcome) return false;
    // An exact action is its own prefix.
    if (f.action && !r.action.startsWith(f.action)) return false;
    if (actor && !(startsWith(r.actor?.email, actor) || r.actor?.sub === f.actor)) return false;
    if (target && !(startsWith(r.target?.id, target) || startsWith(r.target?.label, target)))
      return false;
    const at = Date.parse(r.at);
    if (from !== null && at < from) return false;
    if (to !== null && at >= to) return false;
    return true;
  };
};

// ---------- views: read from their indexes ----------

/** Records read from an index per request. */
export const VIEW_READ_PAGE = 100;
/** Records one list request reads at most from a view's index, matching or not. */
export const VIEW_READ_BUDGET = 1000;

/** Which index partition holds a view's records within reach; null: none are within it. */
export const viewScopeOf = (reach: Reach, view: AuditView): AuditViewScope | null => {
  if (reach.kind === 'everything') return { view, organisationId: null };
  if (reach.kind === 'organisation') return { view, organisationId: reach.organisationId };
  return null;
};

/** Whether the filters are a view and a date range alone: what a count of its index answers. */
export const isCountable = (f: AuditFilters): f is AuditFilters & { view: AuditView } =>
  f.view !== undefined && !f.actor && !f.target && !f.action && f.outcome === undefined;

const dateOf = (iso: string | undefined): Date | null => (iso === undefined ? null : new Date(iso));

export interface ViewPage {
  records: AuditRecord[];
  /** The position of the last record read (matching or not): where the next page goes on. */
  last: string | null;
  /** Whether the view may hold more records beyond `last`. */
  more: boolean;
}

/**
 * One page of a view within reach, newest first: its index read from `after` (a position, null
 * for the first page) in pages, the other filters applied here, until `limit` records match, the
 * view ends, or VIEW_READ_BUDGET records have been read.
 */
export const readViewPage = async (
  f: AuditFilters & { view: AuditView },
  reach: Reach,
  after: string | null,
  limit: number,
  reader: Pick<AuditReader, 'readView'>,
): Promise<ViewPage> => {
  const scope = viewScopeOf(reach, f.view);
  if (scope === null) return { records: [], last: null, more: false };
  const matches = auditRecordMatches(f, reach);
  // Nothing filtered here but the view itself: every record read is one of the page.
  const exact = isCountable(f);
  const window = { from: dateOf(f.from), to: dateOf(f.to) };
  const records: AuditRecord[] = [];
  let last = after;
  let read = 0;
  while (records.length < limit && read < VIEW_READ_BUDGET) {
    const wanted = Math.min(
      VIEW_READ_PAGE,
      VIEW_READ_BUDGET - read,
      exact ? limit - records.length : VIEW_READ_PAGE,
    );
    const items = await reader.readView(scope, { ...window, after: last }, wanted);
    for (const { position, item } of items) {
      read += 1;
      last = position;
      const record = toAuditRecord(item);
      if (matches(record)) records.push(record);
      if (records.length === limit) return { records, last, more: true };
    }
    if (items.length < wanted) return { records, last, more: false };
  }
  return { records, last, more: last !== null };
};

/** Every record of a view within reach matching the filters, newest first (for the export). */
export async function* viewRecords(
  f: AuditFilters & { view: AuditView },
  reach: Reach,
  reader: Pick<AuditReader, 'readView'>,
): AsyncIterable<AuditRecord> {
  const scope = viewScopeOf(reach, f.view);
  if (scope === null) return;
  const matches = auditRecordMatches(f, reach);
  const window = { from: dateOf(f.from), to: dateOf(f.to) };
  let last: string | null = null;
  for (;;) {
    const items = await reader.readView(scope, { ...window, after: last }, VIEW_READ_PAGE);
    for (const { position, item } of items) {
      last = position;
      const record = toAuditRecord(item);
      if (matches(record)) yield record;
    }
    if (items.length < VIEW_READ_PAGE) return;
  }
}

/**
 * How many records of a view lie within reach and [from, to) (null: unbounded): a count of its
 * index, never a scan. What the dashboard shows, and the `total` of the list
 * `{ view, from, to }` for the same caller.
 */
export const auditViewCount = async (
  reach: Reach,
  view: AuditView,
  from: Date | null,
  to: Date | null,
  reader: Pick<AuditReader, 'countView'>,
): Promise<number> => {
  const scope = viewScopeOf(reach, view);
  return scope === null ? 0 : reader.countView(scope, { from, to });
};

/** The list's `total`: the view's count when the filters are a view and a range alone. */
export const auditListTotal = (
  f: AuditFilters,
  reach: Reach,
  reader: Pick<AuditReader, 'countView'>,
): Promise<number | null> =>
  isCountable(f)
    ? auditViewCount(reach, f.view, dateOf(f.from), dateOf(f.to), reader)
    : Promise.resolve(null);

/**
 * The last `limit` administrative changes within reach, newest first: one Query of the changes
 * index (the list `{ view: 'changes' }` opens on the same records).
 */
export const recentChanges = async (
  reach: Reach,
  limit: number,
  reader: Pick<AuditReader, 'readView'>,
): Promise<AuditRecord[]> =>
  (await readViewPage({ view: 'changes' }, reach, null, limit, reader)).records;
