import type { TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import { unsafePathReason } from './zip-paths';

/**
 * Where things are in an eTMF-EMS package, and how a file's hash is written. The exchange.xml
 * sits at the package root; each document sits in the folder of its artifact, by zone, section
 * and artifact, as in the standard's example:
 *
 *   05/05.02/05.02.01.Acceptance of Investigator Brochure/PCO-AKT-101-MED-001.pdf
 *
 * CONTENTURL is that path relative to the exchange.xml, written as a plain path (spaces and all,
 * as the example does), so names are kept to characters every file system and URI parser takes.
 */

export const EXCHANGE_XML = 'exchange.xml';

/** A document cannot be placed: its artifact is not in the catalogue. */
export class ExchangeLayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExchangeLayoutError';
  }
}

/** The folder of an artifact: 05/05.02/05.02.01.Acceptance of Investigator Brochure */
export function artifactFolderOf(artifactNumber: string, catalogue: TmfCatalogue): string {
  const zone = catalogue.zones.find((z) => z.number === artifactNumber.slice(0, 2));
  const section = zone?.sections.find((s) => s.number === artifactNumber.slice(0, 5));
  const artifact = section?.artifacts.find((a) => a.number === artifactNumber);
  if (!zone || !section || !artifact) {
    throw new ExchangeLayoutError(
      `${artifactNumber} is not an artifact of the TMF Reference Model ${catalogue.version}.`,
    );
  }
  return `${zone.number}/${section.number}/${artifact.number}.${safeFileName(artifact.name)}`;
}

/** The CONTENTURL of a document: its artifact's folder and its (made safe) file name. */
export function contentUrlOf(
  artifactNumber: string,
  fileName: string,
  catalogue: TmfCatalogue,
): string {
  return `${artifactFolderOf(artifactNumber, catalogue)}/${safeFileName(fileName)}`;
}

const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:\..*)?$/iu;
const MAX_NAME = 120;

/**
 * A file or folder name every system can hold: no path separators, no characters Windows
 * forbids, none a URI gives a meaning to (# % ? [ ]), no control characters, single spaces (a
 * URI's whitespace collapses), no trailing dot or space, no reserved device name, at most 120
 * characters (the extension kept). FILENAME keeps the original name; only the path changes.
 */
export function safeFileName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(/[\p{Cc}"*/:<>?\\|#%[\]]/gu, '_')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[. ]+$/u, '');
  const chars = Array.from(safe);
  if (chars.length > MAX_NAME) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 16 ? safe.slice(dot) : '';
    safe = chars.slice(0, MAX_NAME - Array.from(extension).length).join('') + extension;
  }
  if (safe === '' || /^\.+$/u.test(safe)) return '_';
  return WINDOWS_RESERVED.test(safe) ? `_${safe}` : safe;
}

/**
 * The path itself, or with " (2)", " (3)" ... before its extension, so that no two files of a
 * package share a path; `taken` remembers the paths handed out. Paths differing only in case
 * count as the same, since they are one file on Windows and macOS.
 */
export function uniquePath(path: string, taken: Set<string>): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const stem = dot > slash + 1 ? path.slice(0, dot) : path;
  const extension = dot > slash + 1 ? path.slice(dot) : '';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? path : `${stem} (${n})${extension}`;
    const key = candidate.normalize('NFC').toLowerCase();
    if (!taken.has(key)) {
      taken.add(key);
      return candidate;
    }
  }
}

/** The package's exchange.xml among the archive's names: the shallowest, if only one is. */
export function findExchangeXml(names: Iterable<string>): string | null {
  let best: string[] = [];
  let depth = Infinity;
  for (const name of names) {
    const segments = name.split('/');
    if (segments.at(-1)?.toLowerCase() !== EXCHANGE_XML) continue;
    if (segments.length < depth) {
      depth = segments.length;
      best = [name];
    } else if (segments.length === depth) {
      best.push(name);
    }
  }
  return best.length === 1 ? (best[0] ?? null) : null;
}

/**
 * The archive entry a CONTENTURL names, relative to the exchange.xml's folder: the path as
 * written, or else percent-decoded, among `names`. Null when it names none, or something outside
 * the package (an absolute path or URL, '..').
 */
export function entryOfContentUrl(
  contentUrl: string,
  exchangeXmlPath: string,
  names: ReadonlySet<string>,
): string | null {
  const folder = exchangeXmlPath.slice(0, exchangeXmlPath.lastIndexOf('/') + 1);
  const candidates = [contentUrl];
  try {
    candidates.push(decodeURIComponent(contentUrl));
  } catch {
    // not percent-encoded after all
  }
  for (const candidate of candidates) {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/u.test(candidate) || candidate.startsWith('/')) return null;
    const path = folder + candidate.replace(/\\/gu, '/').replace(/^(?:\.\/)+/u, '');
    if (unsafePathReason(path) !== null) return null;
    if (names.has(path)) return path;
  }
  return null;
}

/**
 * INTEGRITY as the standard's text defines it: the Subresource Integrity form it is based on
 * (https://www.w3.org/TR/SRI/), the algorithm in lower case, a hyphen and the digest in base64:
 * sha256-<base64>. (The standard's example writes SHA256-<hex>; parseIntegrity reads both.) Our
 * documents' checksums are SHA-256.
 */
export function integrityOf(sha256Hex: string): string {
  if (!/^[0-9a-fA-F]{64}$/u.test(sha256Hex)) {
    throw new RangeError('A SHA-256 checksum is 64 hex digits.');
  }
  return `sha256-${Buffer.from(sha256Hex, 'hex').toString('base64')}`;
}
