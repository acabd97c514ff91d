import type { AuditRecord } from '@ccsc/contract';
import { auditQuerySchema } from '@ccsc/contract';
import type { ListLink } from '@ccsc/contract/dashboard';

/** A count in the reader's number format ("1,234", "1.234"). */
export const formatCount = (value: number, language: string): string =>
  new Intl.NumberFormat(language).format(value);

/** The time of day of a moment, in the reader's language and time zone ("09:14"). */
export const formatTimeOfDay = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
};

const localDay = (date: Date) =>
  `${String(date.getFullYear())}-${String(date.getMonth())}-${String(date.getDate())}`;

/**
 * When a window starts, seen from `now`: `yesterday` (with the time of day) when it began the day
 * before in the reader's time zone, `today` likewise, else `other` (the caller shows a date).
 */
export const dayOf = (iso: string, now: Date): 'today' | 'yesterday' | 'other' => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'other';
  if (localDay(date) === localDay(now)) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return localDay(date) === localDay(yesterday) ? 'yesterday' : 'other';
};

/**
 * The last bound of the server's delivery-time histogram (issue 18: 1 s … 7 days): a percentile
 * beyond it is "more than 7 days".
 */
export const LAST_DELIVERY_BOUND_SECONDS = 7 * 24 * 60 * 60;

const UNITS = [
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
] as const;

/** A duration in the largest unit it fills, in the reader's language ("5 min", "2 days"). */
export const formatDuration = (seconds: number, language: string): string => {
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  const unitDisplay = unit === 'day' ? 'long' : 'short';
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay,
    maximumFractionDigits: 1,
  }).format(seconds / size);
};

/** A percentile of the delivery time: its bucket's upper bound, beyond the last, or none. */
export type Percentile =
  { kind: 'atMost'; duration: string } | { kind: 'beyond'; duration: string } | { kind: 'none' };

export const percentileOf = (
  seconds: number | null,
  beyond: boolean,
  language: string,
): Percentile => {
  if (beyond) {
    return { kind: 'beyond', duration: formatDuration(LAST_DELIVERY_BOUND_SECONDS, language) };
  }
  if (seconds === null) return { kind: 'none' };
  return { kind: 'atMost', duration: formatDuration(seconds, language) };
};

/**
 * The audit trail filtered to a record's target, when the trail's filter accepts its id (the
 * contract's characters, at most 128); else null, and the target is shown without a link.
 */
export const targetLinkOf = (target: AuditRecord['target']): ListLink | null => {
  if (target === null || target.id === '') return null;
  return auditQuerySchema.shape.target.safeParse(target.id).success
    ? { list: 'audit', query: { target: target.id } }
    : null;
};
