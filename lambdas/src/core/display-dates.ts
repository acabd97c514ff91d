/**
 * Dates in what the console writes for people (mails, notification lines), in SPEC §3's one form:
 * day, month abbreviation, year, from the ISO string's date part ("05-Dec-2026"); a moment adds
 * its time of day in UTC ("05-Dec-2026 10:07 UTC"), as the web app's lib/dates.ts shows them.
 * The months are written out (what Intl gives for en, de and tr, without a trailing dot), so a
 * mail reads the same whatever ICU data the runtime has.
 */

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
  tr: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
} as const;
export type DisplayLanguage = keyof typeof MONTHS;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/u;

/** "05-Dec-2026" from "2026-12-05" or "2026-12-05T10:07:00Z"; anything else as it is. */
export const displayDate = (iso: string, language: DisplayLanguage = 'en'): string => {
  const match = ISO_DAY.exec(iso);
  const month = match === null ? undefined : MONTHS[language][Number(match[2]) - 1];
  if (match === null || month === undefined) return iso;
  return `${match[3] ?? ''}-${month}-${match[1] ?? ''}`;
};

/** "05-Dec-2026 10:07 UTC" from an ISO moment; anything that is no moment as it is. */
export const displayDateTime = (iso: string, language: DisplayLanguage = 'en'): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utc = date.toISOString();
  return `${displayDate(utc, language)} ${utc.slice(11, 16)} UTC`;
};
