import { randomBytes } from 'node:crypto';

/** `doc-` and 26 characters of Crockford's base32 (lower case): 130 random bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A new document's id: a sent one's (exchange.core.ts), an import's (import-join.ts) and a
 * distribution's copy's (distribution-fan-out.ts); the contract takes no other form.
 */
export const randomDocumentId = (): string => {
  let out = '';
  for (const byte of randomBytes(26)) out += ALPHABET[byte & 31] ?? '0';
  return `doc-${out}`;
};

/** A new document's id, or one of `deps.newId` (a test's, 26 characters). */
export const newDocumentId = (deps: { newId?: () => string }): string =>
  deps.newId === undefined ? randomDocumentId() : `doc-${deps.newId()}`;
