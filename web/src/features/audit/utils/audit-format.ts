import { type AuditRecord, auditQuerySchema } from '@ccsc/contract';
import { formatDisplayDate } from '../../../lib/dates';

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

/** The filters as the form holds them: text fields, an outcome choice, two calendar days. */
export interface AuditFilterValues {
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
  actor: '',
  target: '',
  action: '',
  outcome: '',
  fromDay: '',
  toDay: '',
};

export interface AuditQuery {
  actor?: string;
  target?: string;
  action?: string;
  outcome?: 'success' | 'failure';
  from?: string;
  to?: string;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a calendar day in UTC, or null for anything that is not one. */
export const startOfDay = (day: string): number | null => {
  if (!DAY_PATTERN.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
};

/**
 * The query list-audit-records is sent: empty fields left out, e-mails and ids as typed (the
 * server compares them case-insensitively), the days as UTC times — `to` is the end of its day.
 */
export const toAuditQuery = (values: AuditFilterValues): AuditQuery => {
  const query: AuditQuery = {};
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
  if (to !== null) query.to = new Date(to + DAY_MS).toISOString();
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
