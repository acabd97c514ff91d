/**
 * The forms of INTEGRITY that real eTMF-EMS exporters write, read into one algorithm and digest
 * (issue 34). The standard's XSD types INTEGRITY as free text; its example writes
 * `SHA256-<hex>` and its text points to Subresource Integrity. Seen in packages:
 *
 * - SRI (W3C Subresource Integrity): `sha256-<base64>`, `sha384-…`, `sha512-…`, several tokens
 *   separated by spaces (the strongest is checked), each possibly with `?options`;
 * - hex with an algorithm prefix: `SHA256-<hex>`, `SHA-256-<hex>`, `sha256:<hex>`, `MD5=<hex>`;
 * - a bare hex digest, its algorithm told by its length (32 MD5, 40 SHA-1, 64 SHA-256…);
 * - MD5 (or SHA-1) where that is all a package has: accepted and checked, but reported as weaker
 *   (a note the import shows beside the object): both are broken for collisions, so a match
 *   proves the file arrived intact, not that no one could have made another file to match.
 *
 * node:crypto hashes every one of them; no library reads these forms (they are a few regular
 * expressions), so this module is our own.
 */

export type HashAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha384' | 'sha512';

/** Digest lengths in bytes. */
export const DIGEST_BYTES: Readonly<Record<HashAlgorithm, number>> = {
  md5: 16,
  sha1: 20,
  sha256: 32,
  sha384: 48,
  sha512: 64,
};

/** How strong each algorithm is, to pick the strongest of several tokens. */
const STRENGTH: Readonly<Record<HashAlgorithm, number>> = {
  md5: 1,
  sha1: 2,
  sha256: 3,
  sha384: 4,
  sha512: 5,
};

const LABEL: Readonly<Record<HashAlgorithm, string>> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

export const algorithmLabel = (algorithm: HashAlgorithm): string => LABEL[algorithm];

/** The algorithms accepted but reported as weaker. */
const WEAKER: ReadonlySet<HashAlgorithm> = new Set(['md5', 'sha1']);

export type IntegrityForm = 'sri' | 'prefixed-hex' | 'bare-hex';

export interface ParsedIntegrity {
  algorithm: HashAlgorithm;
  /** The digest as lowercase hex. */
  hex: string;
  form: IntegrityForm;
  /** Why this check is weaker than the hub's SHA-256 (null when it is not). */
  weaker: string | null;
}

export type IntegrityReading = ({ ok: true } & ParsedIntegrity) | { ok: false; why: string };

const ALGORITHM_NAMES: Readonly<Record<string, HashAlgorithm>> = {
  md5: 'md5',
  sha1: 'sha1',
  'sha-1': 'sha1',
  sha256: 'sha256',
  'sha-256': 'sha256',
  sha384: 'sha384',
  'sha-384': 'sha384',
  sha512: 'sha512',
  'sha-512': 'sha512',
};

const HEX = /^[0-9a-f]+$/iu;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/u;
const PREFIXED = /^(md5|sha-?(?:1|256|384|512))[-:=](.+)$/iu;

const weakerNote = (algorithm: HashAlgorithm): string | null =>
  WEAKER.has(algorithm)
    ? `Checked with ${LABEL[algorithm]} only, the one hash the package states: it shows the file arrived intact, but ${LABEL[algorithm]} is broken for collisions, so it does not prove no one made another file to match. The hub keeps the file's SHA-256 from now on.`
    : null;

const parsed = (algorithm: HashAlgorithm, hex: string, form: IntegrityForm): IntegrityReading => ({
  ok: true,
  algorithm,
  hex: hex.toLowerCase(),
  form,
  weaker: weakerNote(algorithm),
});

/** One token: `alg-digest`, `alg:digest`, `alg=digest` or a bare hex digest. */
const readToken = (token: string): IntegrityReading => {
  const prefixed = PREFIXED.exec(token);
  if (prefixed === null) {
    const bare = (Object.keys(DIGEST_BYTES) as HashAlgorithm[]).find(
      (algorithm) => token.length === DIGEST_BYTES[algorithm] * 2,
    );
    if (bare !== undefined && HEX.test(token)) return parsed(bare, token, 'bare-hex');
    return {
      ok: false,
      why: `“${clipToken(token)}” names no hash algorithm and is not a hex digest of 32, 40, 64, 96 or 128 digits.`,
    };
  }
  const [, name = '', rest = ''] = prefixed;
  const algorithm = ALGORITHM_NAMES[name.toLowerCase()];
  if (algorithm === undefined) return { ok: false, why: `“${name}” is no hash the hub checks.` };
  // SRI lets a token carry options after a question mark; they say nothing about the digest.
  const digest = rest.split('?', 1)[0] ?? '';
  const bytes = DIGEST_BYTES[algorithm];
  if (digest.length === bytes * 2 && HEX.test(digest))
    return parsed(algorithm, digest, 'prefixed-hex');
  if (BASE64.test(digest)) {
    const decoded = Buffer.from(digest.replace(/-/gu, '+').replace(/_/gu, '/'), 'base64');
    if (decoded.length === bytes) return parsed(algorithm, decoded.toString('hex'), 'sri');
  }
  const hexBytes = HEX.test(digest) && digest.length % 2 === 0 ? digest.length / 2 : null;
  return {
    ok: false,
    why:
      hexBytes === null
        ? `The ${LABEL[algorithm]} digest is neither ${String(bytes * 2)} hex digits nor the base64 of ${String(bytes)} bytes.`
        : `It says ${LABEL[algorithm]}, whose digest has ${String(bytes)} bytes, but gives ${String(hexBytes)} bytes of hex.`,
  };
};

const clipToken = (token: string): string =>
  token.length <= 40 ? token : `${token.slice(0, 39)}…`;

/**
 * What an INTEGRITY value states: the strongest readable token's algorithm and digest, or why
 * none is readable (the import reports it as `integrity-unreadable`).
 */
export function readIntegrity(value: string): IntegrityReading {
  const tokens = value
    .trim()
    .split(/\s+/u)
    .filter((t) => t !== '');
  if (tokens.length === 0) return { ok: false, why: 'INTEGRITY is empty.' };
  let best: (ParsedIntegrity & { ok: true }) | null = null;
  let firstProblem: IntegrityReading | null = null;
  for (const token of tokens) {
    const reading = readToken(token);
    if (!reading.ok) {
      firstProblem ??= reading;
      continue;
    }
    if (best === null || STRENGTH[reading.algorithm] > STRENGTH[best.algorithm]) {
      best = reading;
    }
  }
  return best ?? firstProblem ?? { ok: false, why: 'INTEGRITY states no hash.' };
}

/** The hash an INTEGRITY value states (lowercase hex), or null when none is readable. */
export function parseIntegrity(value: string): { algorithm: HashAlgorithm; hex: string } | null {
  const reading = readIntegrity(value);
  return reading.ok ? { algorithm: reading.algorithm, hex: reading.hex } : null;
}
