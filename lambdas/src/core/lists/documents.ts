import type { RequestOf } from '@ccsc/contract/routes';
import {
  DELIVERY_TIME_BOUNDS_SECONDS,
  DELIVERY_TIME_BUCKETS,
  DIRECTIONS,
  type Direction,
  HOLD_REASONS,
  holdKindOf,
} from '@ccsc/contract/documents';
import type { Reach } from '@ccsc/contract/reach';
import {
  type DocumentDayCounts,
  type DocumentListName,
  type DocumentRecord,
  type DocumentScope,
  type DocumentStore,
  documentScopesOf,
  HUB_SCOPE,
  organisationScope,
  wasDelivered,
} from '../ports/documents';
import type { RegistrySnapshot } from '../ports/registry';

/**
 * What the document list (s3documents/list) shows and what the dashboard counts of it, written
 * once (issue 18): who sees which documents (a scope), the list's filters, and the list's total
 * read from the counters the documents' writes keep (ports/documents.ts `documentCounts`) —
 * never by counting documents.
 *
 * A caller's scope is what their list reads: everything (the hub's index) for a PlatformAdmin or
 * an Auditor of every organisation; for anyone else of an organisation, the documents that name
 * it in the role of its kind (the site, the sponsor or the study's CRO), which is the index of
 * that kind. The counters are kept per scope, so a total of the list and a figure of the
 * dashboard are the same number.
 */

/** The list's filters: what s3documents/list takes besides the page size, the cursor and the order. */
export type DocumentFilters = Omit<RequestOf<'s3documents/list'>, 'limit' | 'cursor' | 'order'>;

/** The scope of `reach` on documents; null when it sees none. */
export const documentScopeOf = (
  reach: Reach,
  snapshot: Pick<RegistrySnapshot, 'organisations'>,
): DocumentScope | null => {
  if (reach.kind === 'everything') return HUB_SCOPE;
  if (reach.kind === 'nothing') return null;
  const kind = snapshot.organisations.get(reach.organisationId)?.kind;
  return kind === undefined ? null : organisationScope(kind, reach.organisationId);
};

/** Whether a caller of `scope` sees the document (lists it, opens it, downloads it). */
export const seesDocument = (scope: DocumentScope | null, record: DocumentRecord): boolean =>
  scope !== null && documentScopesOf(record).includes(scope);

/**
 * The list (an index of the documents table) that holds everything the filters may show a caller
 * of `scope`, and its key; null when the caller sees nothing.
 */
export const documentListFor = (
  filters: Pick<DocumentFilters, 'connectionId' | 'studyId' | 'state' | 'holdKind'>,
  scope: DocumentScope | null,
): { list: DocumentListName; key: string } | null => {
  if (scope === null) return null;
  if (filters.connectionId !== undefined) return { list: 'connection', key: filters.connectionId };
  if (filters.studyId !== undefined) return { list: 'study', key: filters.studyId };
  if (
    filters.state === 'held' ||
    filters.state === 'awaiting-scan' ||
    filters.holdKind !== undefined
  ) {
    return { list: 'held', key: '' };
  }
  if (scope === HUB_SCOPE) return { list: 'hub', key: '' };
  const at = scope.indexOf('#');
  return { list: scope.slice(0, at) as DocumentListName, key: scope.slice(at + 1) };
};

/** The list's filters as a test of one document, for a caller of `scope`. */
export const documentMatcher = (filters: DocumentFilters, scope: DocumentScope | null) => {
  const typeCode = filters.typeCode?.trim().toLowerCase();
  const from = filters.sentFrom === undefined ? undefined : `${filters.sentFrom}T00:00:00.000Z`;
  const before = filters.sentTo === undefined ? undefined : nextDayStart(filters.sentTo);
  return (r: DocumentRecord): boolean =>
    seesDocument(scope, r) &&
    (filters.studyId === undefined || r.studyId === filters.studyId) &&
    (filters.connectionId === undefined || r.connectionId === filters.connectionId) &&
    (filters.state === undefined || r.state === filters.state) &&
    (filters.holdKind === undefined ||
      (r.state === 'held' &&
        r.holdReason !== null &&
        holdKindOf(r.holdReason) === filters.holdKind)) &&
    (filters.delivered === undefined || wasDelivered(r)) &&
    (filters.direction === undefined || r.direction === filters.direction) &&
    (from === undefined || r.sentAt >= from) &&
    (before === undefined || r.sentAt < before) &&
    (filters.artifactNumber === undefined ||
      (r.classification?.artifactNumber.startsWith(filters.artifactNumber) ?? false)) &&
    (typeCode === undefined ||
      r.typeCode.toLowerCase() === typeCode ||
      r.classification?.receiver?.typeCode.toLowerCase() === typeCode);
};

/** The start of the day after `day` (YYYY-MM-DD), as an ISO time. */
export const nextDayStart = (day: string): string => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

/** The `count` days (YYYY-MM-DD, UTC) that end with `lastDay`, oldest first. */
export const daysEndingOn = (lastDay: string, count: number): string[] => {
  const last = Date.parse(`${lastDay}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
};

/** The filters named, set to something (a caller may hand a key set to undefined). */
const named = (filters: DocumentFilters): string[] =>
  Object.entries(filters)
    .filter(([, value]) => (value as unknown) !== undefined)
    .map(([name]) => name);

const only = (names: readonly string[], allowed: readonly string[]) =>
  names.every((name) => allowed.includes(name));

type CountStore = Pick<DocumentStore, 'dayCounts' | 'heldCounts'>;

/**
 * How many documents the whole list holds for a caller of `scope`, from the counters, when its
 * filters are of a counted shape:
 * - `{ state: 'held', holdKind? }` (or `{ holdKind }` alone): the held counts;
 * - `{ sentFrom, sentTo, direction?, delivered? }`: the days' sent (or delivered) counts.
 * Null for any other filters (the list then has no total). 0 for a caller who sees nothing.
 */
export const documentTotal = async (
  filters: DocumentFilters,
  scope: DocumentScope | null,
  store: CountStore,
): Promise<number | null> => {
  const names = named(filters);
  const held =
    (filters.state === 'held' || (filters.state === undefined && filters.holdKind !== undefined)) &&
    only(names, ['state', 'holdKind']);
  const days =
    filters.sentFrom !== undefined &&
    filters.sentTo !== undefined &&
    only(names, ['sentFrom', 'sentTo', 'direction', 'delivered']);
  if (!held && !days) return null;
  if (scope === null) return 0;
  if (held) {
    const counts = await store.heldCounts(scope);
    return Math.max(
      0,
      HOLD_REASONS.filter(
        (r) => filters.holdKind === undefined || holdKindOf(r) === filters.holdKind,
      ).reduce((sum, r) => sum + counts[r], 0),
    );
  }
  const rows = await store.dayCounts(scope, filters.sentFrom ?? '', filters.sentTo ?? '');
  const directions: readonly Direction[] =
    filters.direction === undefined ? DIRECTIONS : [filters.direction];
  return rows.reduce(
    (sum, row) =>
      sum +
      directions.reduce(
        (n, d) => n + (filters.delivered === undefined ? row.sent[d] : row.delivered[d]),
        0,
      ),
    0,
  );
};

/** One day of the exchange, for a caller's scope. */
export interface ActivityDay {
  day: string;
  sent: Record<Direction, number>;
  /** Of the documents sent that day, how many were delivered since. */
  delivered: Record<Direction, number>;
}

export interface DocumentActivity {
  /** Every day asked for, oldest first (a day nothing was sent on with zeros). */
  days: ActivityDay[];
  /** The days' sums. */
  sent: Record<Direction, number>;
  delivered: Record<Direction, number>;
  /** How many of the delivered took each bucket's time (DELIVERY_TIME_BOUNDS_SECONDS). */
  deliveryTimes: number[];
}

const zeros = (): Record<Direction, number> => ({ 'site-to-sponsor': 0, 'sponsor-to-site': 0 });

/**
 * The exchange of the days `fromDay` to `toDay` (UTC, both included) for a caller of `scope`,
 * from the same counters as documentTotal: a day's `sent[d]` is the total of the list
 * `{ sentFrom: day, sentTo: day, direction: d }`, the sum of `delivered` that of
 * `{ sentFrom: fromDay, sentTo: toDay, delivered: 'true' }`.
 */
export const documentActivity = async (
  scope: DocumentScope | null,
  fromDay: string,
  toDay: string,
  store: Pick<DocumentStore, 'dayCounts'>,
): Promise<DocumentActivity> => {
  const rows: DocumentDayCounts[] =
    scope === null || fromDay > toDay ? [] : await store.dayCounts(scope, fromDay, toDay);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const all: string[] = [];
  for (let day = fromDay; day <= toDay; day = nextDayStart(day).slice(0, 10)) all.push(day);
  const days = all.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      sent: row === undefined ? zeros() : { ...row.sent },
      delivered: row === undefined ? zeros() : { ...row.delivered },
    };
  });
  const sum = (pick: (d: ActivityDay) => Record<Direction, number>) => {
    const total = zeros();
    for (const d of days) for (const dir of DIRECTIONS) total[dir] += pick(d)[dir];
    return total;
  };
  const deliveryTimes = Array.from({ length: DELIVERY_TIME_BUCKETS }, (_, i) =>
    rows.reduce((n, row) => n + (row.deliveryTimes[i] ?? 0), 0),
  );
  return { days, sent: sum((d) => d.sent), delivered: sum((d) => d.delivered), deliveryTimes };
};

/**
 * The `p`th percentile (0–100) of a delivery-time histogram, as the bound of the bucket it falls
 * in (seconds: "at most"); 'beyond' when it falls in the bucket after the last bound; null when
 * the histogram is empty.
 */
export const deliveryPercentile = (
  deliveryTimes: readonly number[],
  p: number,
): number | 'beyond' | null => {
  const total = deliveryTimes.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [i, n] of deliveryTimes.entries()) {
    seen += n;
    if (seen >= rank) return DELIVERY_TIME_BOUNDS_SECONDS[i] ?? 'beyond';
  }
  return 'beyond';
};
