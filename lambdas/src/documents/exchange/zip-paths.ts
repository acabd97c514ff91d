/**
 * The rule a ZIP entry's name is held to, by the writer (zip-writer.ts) and the reader
 * (zip-reader.ts) alike, and by the package layout (layout.ts). yazl and yauzl refuse absolute
 * paths and '..' themselves; this adds what they let through and says why in our words.
 */

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
