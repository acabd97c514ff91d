import { randomBytes } from 'node:crypto';

/** `doc-` and 26 characters of Crockford's base32 (lower case): 130 random bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A new document's id: a sent one's (exchange.core.ts) and an import's (import-join.ts). */
export const randomDocumentId = (): string => {
  let out = '';
  for (const byte of randomBytes(26)) out += ALPHABET[byte & 31] ?? '0';
  return `doc-${out}`;
};
