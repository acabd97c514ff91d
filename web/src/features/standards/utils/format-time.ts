/** A moment with its time of day, in the reader's language ("3 Feb 2025, 10:00"). */
export const formatDateTime = (iso: string, language: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
};
