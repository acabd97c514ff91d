import { createHash } from 'node:crypto';
import type { AuditRecord, AuditView } from '@ccsc/contract/audit';
import type { routes } from '@ccsc/contract/routes';
import type { Caller } from '../core/request';
import { ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import { type AuditReader, isAuditPosition } from '../core/ports/audit-trail';
import {
  type AuditFilters,
  auditListTotal,
  auditRecordMatches,
  positionOf,
  readViewPage,
  toAuditRecord,
  UNREADABLE_ACTION,
} from '../core/lists/audit';
import { reachOf } from '@ccsc/contract/reach';

export interface ListAuditRecordsDeps {
  reader: Pick<AuditReader, 'readNewestFirst' | 'readView' | 'countView'>;
}

export type { AuditFilters } from '../core/lists/audit';
type Filters = AuditFilters;

export const DEFAULT_PAGE_SIZE = 50;
/** Records fetched per read of the table. */
export const READ_PAGE = 100;
/**
 * Records one request reads at most, matching or not. A page with few matches far apart stops
 * here and answers what it found with a cursor to go on: the time and cost of a call stay
 * bounded however long the trail and however narrow the filter.
 */
export const READ_BUDGET = 1000;
/**
 * Records are numbered in the order they were written, and stamped with the writing function's
 * clock, so times may step back a little between neighbours. Reading newest first, the walk stops
 * only once the records are this much older than `from`.
 */
export const CLOCK_SLACK_MS = 5 * 60 * 1000;

// ---------- the cursor: where to go on, for which filters ----------

const fingerprint = (f: Filters): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        f.actor,
        f.target,
        f.action,
        f.outcome,
        f.from,
        f.to,
        // Only when given, so the cursors of the lists without a view stay what they were.
        ...(f.view === undefined ? [] : [f.view]),
      ]),
    )
    .digest('base64url')
    .slice(0, 12);

const foreignCursor = () =>
  new ValidationError('The cursor does not belong to this list; start again from page one.', [
    { path: 'cursor', message: 'The cursor does not belong to this list.' },
  ]);

const encodeCursor = (beforeSeq: number, f: Filters): string =>
  Buffer.from(`${beforeSeq}:${fingerprint(f)}`).toString('base64url');

const decodeCursor = (cursor: string, f: Filters): number => {
  const [position, print, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const value = Number(position);
  if (rest.length > 0 || print !== fingerprint(f) || !Number.isSafeInteger(value) || value < 2) {
    throw foreignCursor();
  }
  return value;
};

/** A view's cursor: the index position of the last record read (`<at>#<seq>`), then the print. */
const encodeViewCursor = (position: string, f: Filters): string =>
  Buffer.from(`${position}|${fingerprint(f)}`).toString('base64url');

const decodeViewCursor = (cursor: string, f: Filters): string => {
  const [position = '', print, ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('|');
  if (rest.length > 0 || print !== fingerprint(f) || !isAuditPosition(position)) {
    throw foreignCursor();
  }
  return position;
};

// ---------- the filters ----------

const timeOf = (iso: string | undefined): number | null =>
  iso === undefined ? null : Date.parse(iso);

/** What one record must satisfy: the query's filters and the caller's reach (lists/audit.ts). */
export const matcher = (f: Filters, caller: Caller) => auditRecordMatches(f, reachOf(caller));

/** The `from` time (null: none), once `to` is checked to be later than it. */
export const checkedRange = (filters: Filters): number | null => {
  const from = timeOf(filters.from);
  const to = timeOf(filters.to);
  if (from !== null && to !== null && from >= to) {
    throw new ValidationError('The request is not valid.', [
      { path: 'to', message: 'to must be later than from' },
    ]);
  }
  return from;
};

/**
 * list-audit-records: one page of the trail, newest first.
 *
 * With a `view`, its index is read (the hub-wide one for a caller who reaches everything, the
 * organisation's for one who reaches an organisation) newest first within from/to, the other
 * filters applied here (lists/audit.ts `readViewPage`); `total` is a count of the same index
 * range when the view and the range are the only filters, else null.
 *
 * Without one, the chain is read backwards from the cursor in pages of READ_PAGE, filtered here,
 * until `limit` records match, the trail ends, or READ_BUDGET records have been read;
 * `nextCursor` then says where to go on (the page may hold fewer than `limit` records, even
 * none, when the budget ran out first), and `total` is null.
 */
export const listAuditRecords: Core<
  (typeof routes)['list-audit-records'],
  ListAuditRecordsDeps
> = async ({ limit = DEFAULT_PAGE_SIZE, cursor, ...filters }, ctx, { reader }) => {
  checkedRange(filters);
  const { view } = filters;
  if (view !== undefined) return listView({ ...filters, view }, limit, cursor, ctx.caller, reader);
  return listChain(filters, limit, cursor, ctx.caller, reader);
};

const listView = async (
  filters: Filters & { view: AuditView },
  limit: number,
  cursor: string | undefined,
  caller: Caller,
  reader: ListAuditRecordsDeps['reader'],
) => {
  const reach = reachOf(caller);
  const after = cursor === undefined ? null : decodeViewCursor(cursor, filters);
  const [page, total] = await Promise.all([
    readViewPage(filters, reach, after, limit, reader),
    auditListTotal(filters, reach, reader),
  ]);
  return {
    records: page.records,
    count: page.records.length,
    nextCursor: page.more && page.last !== null ? encodeViewCursor(page.last, filters) : null,
    total,
  };
};

const listChain = async (
  filters: Filters,
  limit: number,
  cursor: string | undefined,
  caller: Caller,
  reader: ListAuditRecordsDeps['reader'],
) => {
  const from = timeOf(filters.from);
  const matches = matcher(filters, caller);
  const records: AuditRecord[] = [];
  let before = cursor === undefined ? null : decodeCursor(cursor, filters);
  let read = 0;
  let more = true;

  reading: while (records.length < limit && read < READ_BUDGET) {
    const wanted = Math.min(READ_PAGE, READ_BUDGET - read);
    const items = await reader.readNewestFirst(before, wanted);
    for (const item of items) {
      read += 1;
      const position = positionOf(item);
      if (position === null) continue;
      before = position;
      const record = toAuditRecord(item);
      if (matches(record)) records.push(record);
      if (records.length === limit) break reading;
      const readable = record.action !== UNREADABLE_ACTION;
      if (readable && from !== null && Date.parse(record.at) < from - CLOCK_SLACK_MS) {
        more = false;
        break reading;
      }
    }
    if (items.length < wanted) {
      more = false;
      break;
    }
  }
  const nextCursor = more && before !== null && before > 1 ? encodeCursor(before, filters) : null;
  return { records, count: records.length, nextCursor, total: null };
};
