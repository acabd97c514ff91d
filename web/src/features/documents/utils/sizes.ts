const KB = 1000;
const MB = KB * KB;
const GB = MB * KB;

/** The exact size in bytes ("1,234,567 bytes"), in the reader's language. */
export const formatBytes = (bytes: number, language: string): string =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(
    bytes,
  );

/**
 * A file's size for people, in the reader's language: bytes below 1 kB, then kB, MB and GB with
 * one decimal ("12.3 kB", "4,5 MB", "2 GB"); decimal units, as the contract writes its 100 MB
 * and 2 GB limits.
 */
export const formatSize = (bytes: number, language: string): string => {
  if (bytes < KB) return formatBytes(bytes, language);
  // 999,999 bytes is "1 MB", not "1,000 kB"; 999,999,999 bytes "1 GB".
  const [value, unit] =
    bytes < MB - 50
      ? [bytes / KB, 'kilobyte']
      : bytes < GB - 50_000
        ? [bytes / MB, 'megabyte']
        : [bytes / GB, 'gigabyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    maximumFractionDigits: 1,
  }).format(value);
};

/** A count in the reader's language ("1,234", "1.234"). */
export const formatCount = (count: number, language: string): string =>
  new Intl.NumberFormat(language).format(count);
