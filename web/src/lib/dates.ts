/** The month's abbreviation in the language ("Jan", "Mär", "Oca"), without a trailing dot. */
const monthAbbreviation = (month: number, language: string): string => {
  const date = new Date(Date.UTC(2000, month, 15));
  const text = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(date);
  return text.replace(/\.$/, '');
};

/**
 * A date as the console shows dates (SPEC §3): day, month abbreviation, year, from the part of
 * the ISO string before "T" ("15-Jan-2025"). Anything that is not a date is shown as it is.
 */
export const formatDisplayDate = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const [year, month, day] = (date.toISOString().split('T')[0] ?? '').split('-');
  return `${day ?? ''}-${monthAbbreviation(Number(month) - 1, language)}-${year ?? ''}`;
};

/**
 * A moment with its time of day: the date as the console shows dates (SPEC §3, the ISO string's
 * date part, which is UTC's) and the time of day in UTC too, so that both name the same moment,
 * whoever reads it and wherever ("15-Jan-2025 10:00 UTC"). An audit trail read by an inspector in
 * another time zone, or two administrators comparing what they see, must agree on the moment;
 * the reader's own clock would give two readers two different dates for one event near midnight.
 */
export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDisplayDate(iso, language)} ${date.toISOString().slice(11, 16)} UTC`;
};
