/**
 * What the ZIP writer and reader agree on (PKWARE APPNOTE 6.3): record signatures, field limits
 * and the MS-DOS time stamps. Kept in one place so the two sides cannot drift.
 */

export const SIGNATURE = {
  localFile: 0x04034b50,
  dataDescriptor: 0x08074b50,
  centralFile: 0x02014b50,
  zip64End: 0x06064b50,
  zip64Locator: 0x07064b50,
  end: 0x06054b50,
} as const;

/** Fixed lengths of the records, before their variable parts (name, extra, comment). */
export const LENGTH = {
  localFile: 30,
  centralFile: 46,
  zip64End: 56,
  zip64Locator: 20,
  end: 22,
} as const;

/** A 32-bit field holding this value means "look in the ZIP64 extra field" (and so for 16 bits). */
export const MAX_32 = 0xffffffff;
export const MAX_16 = 0xffff;

export const EXTRA = {
  zip64: 0x0001,
  /** Info-ZIP extended timestamp: the modification time in UTC seconds. */
  timestamp: 0x5455,
  /** Info-ZIP Unicode path: a UTF-8 name for archives written without flag bit 11. */
  unicodePath: 0x7075,
} as const;

export const FLAG = {
  encrypted: 0x0001,
  /** sizes and CRC follow the data, in a data descriptor */
  dataDescriptor: 0x0008,
  strongEncryption: 0x0040,
  /** the name (and comment) are UTF-8 */
  utf8: 0x0800,
} as const;

export const METHOD = { store: 0, deflate: 8 } as const;
export type ZipMethod = (typeof METHOD)[keyof typeof METHOD];

/** "Version needed to extract": 2.0 for deflate and data descriptors, 4.5 for ZIP64. */
export const VERSION = { base: 20, zip64: 45 } as const;

/**
 * The MS-DOS date and time of a ZIP header. It has no time zone; we write UTC (a Lambda's local
 * time), and also the Info-ZIP UTC timestamp extra field, which unzip prefers. It runs from
 * 1980 to 2107 in two-second steps, so dates outside are clamped.
 */
export function dosDateTime(at: Date): { date: number; time: number } {
  const year = at.getUTCFullYear();
  if (Number.isNaN(year) || year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  };
}

export function fromDosDateTime(date: number, time: number): Date {
  return new Date(
    Date.UTC(
      ((date >> 9) & 0x7f) + 1980,
      ((date >> 5) & 0x0f) - 1,
      date & 0x1f,
      (time >> 11) & 0x1f,
      (time >> 5) & 0x3f,
      (time & 0x1f) * 2,
    ),
  );
}

/**
 * Why a path may not name a ZIP entry, or null: an unzip could write it outside the folder it
 * extracts into (absolute, a drive, '..', a backslash Windows reads as a separator), or it holds
 * what no file name should. The writer and the reader hold names to the same rule.
 */
export function unsafePathReason(path: string): string | null {
  if (path === '') return 'empty name';
  if (/\p{Cc}/u.test(path)) return 'control character in the name';
  if (/\p{Cs}/u.test(path)) return 'unpaired surrogate in the name';
  if (path.includes('\\')) return 'backslash in the name';
  if (path.startsWith('/') || /^[A-Za-z]:/u.test(path)) return 'absolute path';
  // a folder entry ends in '/'; its last, empty segment is not a problem
  const segments = (path.endsWith('/') ? path.slice(0, -1) : path).split('/');
  if (segments.includes('..')) return "'..' in the path";
  if (segments.some((segment) => segment === '' || segment === '.')) {
    return "an empty or '.' segment in the path";
  }
  return null;
}
