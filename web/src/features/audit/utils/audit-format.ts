import { type AuditRecord, type AuditView, auditQuerySchema } from '@ccsc/contract';
import { formatDisplayDate } from '../../../lib/dates';
import type { ListQuery } from '../../../lib/list-query';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An audit record's server time as the console shows dates (SPEC §3: day, month abbreviation,
 * year, from the ISO date before "T") plus the time of day, both in UTC as the server wrote them:
 * "15-Jan-2025 10:00:01 UTC".
 */
export const formatAuditTime = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toISOString().split('T')[1] ?? '';
  return `${formatDisplayDate(iso, language)} ${time.slice(0, 8)} UTC`;
};

/** The filters as the form holds them: a view, text fields, an outcome choice, two calendar days. */
export interface AuditFilterValues {
  view: '' | AuditView;
  actor: string;
  target: string;
  action: string;
  outcome: '' | 'success' | 'failure';
  /** yyyy-mm-dd, or '' */
  fromDay: string;
  /** yyyy-mm-dd (inclusive), or '' */
  toDay: string;
}

export const EMPTY_FILTERS: AuditFilterValues = {
  view: '',
  actor: '',
  target: '',
  action: '',
  outcome: '',
  fromDay: '',
  toDay: '',
};

/** The filters list-audit-records takes (lib/list-query.ts): what the address carries. */
export type AuditQuery = ListQuery<'list-audit-records'>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a calendar day in UTC, or null for anything that is not one. */
export const startOfDay = (day: string): number | null => {
  if (!DAY_PATTERN.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
};

/** The UTC day a time begins (yyyy-mm-dd), or null for a time within a day (or not a time). */
export const dayStartingAt = (iso: string): string | null => {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || time % DAY_MS !== 0) return null;
  return new Date(time).toISOString().slice(0, 10);
};

/**
 * The form's fields for the filters an address carries: `from` and `to` as days only where they
 * are a day's start (`to` the day before it, as the form's "To" includes its day). A time within a
 * day (a dashboard figure's window begins on the hour) fits no day field: it is kept exactly, as
 * the page's chip (`exactTimesOf`), so the list counts what the figure counted.
 */
export const filterValuesOf = (query: AuditQuery): AuditFilterValues => {
  const toDay = query.to === undefined ? null : dayStartingAt(query.to);
  return {
    view: query.view ?? '',
    actor: query.actor ?? '',
    target: query.target ?? '',
    action: query.action ?? '',
    outcome: query.outcome ?? '',
    fromDay: (query.from === undefined ? null : dayStartingAt(query.from)) ?? '',
    toDay: toDay === null ? '' : new Date(Date.parse(toDay) - DAY_MS).toISOString().slice(0, 10),
  };
};

/** The filters' times that are no day's start: kept as they are, shown as chips. */
export const exactTimesOf = (query: AuditQuery): Pick<AuditQuery, 'from' | 'to'> => {
  const exact: Pick<AuditQuery, 'from' | 'to'> = {};
  if (query.from !== undefined && dayStartingAt(query.from) === null) exact.from = query.from;
  if (query.to !== undefined && dayStartingAt(query.to) === null) exact.to = query.to;
  return exact;
};

/**
 * The query list-audit-records is sent: empty fields left out, e-mails and ids as typed (the
 * server compares them case-insensitively), the days as UTC times — `to` is the end of its day.
 * A time `kept` (an exact time from a link, `exactTimesOf`) stays where the form sets no day.
 */
export const toAuditQuery = (
  values: AuditFilterValues,
  kept: Pick<AuditQuery, 'from' | 'to'> = {},
): AuditQuery => {
  const query: AuditQuery = {};
  if (values.view !== '') query.view = values.view;
  const actor = values.actor.trim();
  const target = values.target.trim();
  const action = values.action.trim().toLowerCase();
  if (actor !== '') query.actor = actor;
  if (target !== '') query.target = target;
  if (action !== '') query.action = action;
  if (values.outcome !== '') query.outcome = values.outcome;
  const from = startOfDay(values.fromDay);
  const to = startOfDay(values.toDay);
  if (from !== null) query.from = new Date(from).toISOString();
  else if (kept.from !== undefined) query.from = kept.from;
  if (to !== null) query.to = new Date(to + DAY_MS).toISOString();
  else if (kept.to !== undefined) query.to = kept.to;
  return query;
};

/** A value of before/after as text: strings as they are, anything else as JSON. */
export const formatValue = (value: unknown): string => {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
};

/** The fields a record changed, each with its value before and after (— where it had none). */
export const changesOf = (
  record: Pick<AuditRecord, 'before' | 'after'>,
): { field: string; before: string; after: string }[] => {
  const before = record.before ?? {};
  const after = record.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({
    field,
    before: field in before ? formatValue(before[field]) : '—',
    after: field in after ? formatValue(after[field]) : '—',
  }));
};

/** What is wrong with a filter field, as a text key of the `audit` section. */
export type FilterProblem = 'audit.invalidChars' | 'audit.invalidAction' | 'audit.invalidRange';

const valid = (field: 'actor' | 'target' | 'action', value: string) =>
  auditQuerySchema.shape[field].safeParse(value).success;

/** The contract's rules for the filters (auditQuerySchema), checked before anything is sent. */
export const filterProblems = (
  values: AuditFilterValues,
): Partial<Record<'actor' | 'target' | 'action' | 'toDay', FilterProblem>> => {
  const problems: Partial<Record<'actor' | 'target' | 'action' | 'toDay', FilterProblem>> = {};
  if (!valid('actor', values.actor.trim())) problems.actor = 'audit.invalidChars';
  if (!valid('target', values.target.trim())) problems.target = 'audit.invalidChars';
  if (!valid('action', values.action.trim().toLowerCase())) problems.action = 'audit.invalidAction';
  const from = startOfDay(values.fromDay);
  const to = startOfDay(values.toDay);
  if (from !== null && to !== null && to < from) problems.toDay = 'audit.invalidRange';
  return problems;
};
