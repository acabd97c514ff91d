import { createHash } from 'node:crypto';
import type * as z from 'zod';
import type { AuditRecord, routes } from '@ccsc/contract';
import type { Caller } from '../../core/request';
import { ValidationError } from '../../core/errors';
import type { Core } from '../../core/request';
import type { AuditReader } from '../../ports/audit-trail';
import { positionOf, toAuditRecord, UNREADABLE_ACTION } from './audit-records';
import { reaches, reachOf } from '@ccsc/contract/reach';

export interface ListAuditRecordsDeps {
  reader: Pick<AuditReader, 'readNewestFirst'>;
}

type ListInput = z.output<(typeof routes)['list-audit-records']['request']>;
export type AuditFilters = Omit<ListInput, 'limit' | 'cursor'>;
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
    .update(JSON.stringify([f.actor, f.target, f.action, f.outcome, f.from, f.to]))
    .digest('base64url')
    .slice(0, 12);

const encodeCursor = (beforeSeq: number, f: Filters): string =>
  Buffer.from(`${beforeSeq}:${fingerprint(f)}`).toString('base64url');

const decodeCursor = (cursor: string, f: Filters): number => {
  const [position, print, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const value = Number(position);
  if (rest.length > 0 || print !== fingerprint(f) || !Number.isSafeInteger(value) || value < 2) {
    throw new ValidationError(
      'The cursor does not belong to this list; start again from page one.',
      [{ path: 'cursor', message: 'The cursor does not belong to this list.' }],
    );
  }
  return value;
};

// ---------- the filters ----------

const timeOf = (iso: string | undefined): number | null =>
  iso === undefined ? null : Date.parse(iso);

const startsWith = (value: string | null | undefined, prefix: string): boolean =>
  typeof value === 'string' && value.toLowerCase().startsWith(prefix);

/** What one record must satisfy: the query's filters and the caller's reach. */
export const matcher = (f: Filters, caller: Caller) => {
  const actor = f.actor?.toLowerCase();
  const target = f.target?.toLowerCase();
  const from = timeOf(f.from);
  const to = timeOf(f.to);
  // Whoever reaches everything reads the whole trail; an OrgAdmin or an Auditor of one
  // organisation the records about it (from the verified token); nobody else any.
  const reach = reachOf(caller);
  return (r: AuditRecord): boolean => {
    if (!reaches(reach, r.organisationId)) return false;
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
 * list-audit-records: one page of the trail, newest first. The chain is read backwards from the
 * cursor in pages of READ_PAGE, filtered here, until `limit` records match, the trail ends, or
 * READ_BUDGET records have been read; `nextCursor` then says where to go on (the page may hold
 * fewer than `limit` records, even none, when the budget ran out first).
 */
export const listAuditRecords: Core<
  (typeof routes)['list-audit-records'],
  ListAuditRecordsDeps
> = async ({ limit = DEFAULT_PAGE_SIZE, cursor, ...filters }, ctx, { reader }) => {
  const from = checkedRange(filters);
  const matches = matcher(filters, ctx.caller);
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
  return { records, count: records.length, nextCursor };
};
