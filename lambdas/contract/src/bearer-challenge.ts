/**
 * The partner API's `WWW-Authenticate` challenge (RFC 6750 §3), built in one place for the
 * partner functions' answers (lambdas http/router.ts), which check the access token themselves,
 * in AWS and offline alike (issue 36: no gateway authorizer answers before them):
 *
 * - no token sent (401): `Bearer realm="ccsc"`, no error (§3.1: the client did not know it had to
 *   authenticate);
 * - a token refused (401): `error="invalid_token"` — expired, revoked, malformed or not ours; the
 *   client gets a new token;
 * - a token without the route's scope (403): `error="insufficient_scope"` and the `scope` needed;
 *   a new token does not help, the credential needs the scope.
 *
 * Attributes are separated by ", " (RFC 7235's auth-param list). `error_description` may hold
 * only printable ASCII without `"` and `\` (RFC 6750's NQSCHAR): the message is folded to that.
 */
export const BEARER_REALM = 'ccsc';

export type BearerError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

export interface BearerChallenge {
  error?: BearerError;
  description?: string;
  /** The scope the route needs (insufficient_scope). */
  scope?: string;
}

/** Typographic characters our messages use, as the ASCII a header may carry. */
const ASCII_FOR: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': "'",
  '\u201D': "'",
  '"': "'",
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
};

/** `text` as RFC 6750's NQSCHAR allows: %x20-21 / %x23-5B / %x5D-7E. */
export const headerSafe = (text: string): string =>
  text
    .replace(/[\u2018\u2019\u201C\u201D"\u2013\u2014\u2026\u00A0]/gu, (ch) => ASCII_FOR[ch] ?? ch)
    .normalize('NFKD')
    .replace(/\\/gu, '/')
    .replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/gu, '')
    .replace(/ {2,}/gu, ' ')
    .trim();

export const bearerChallenge = (challenge: BearerChallenge = {}): string => {
  const params = [`realm="${BEARER_REALM}"`];
  if (challenge.error !== undefined) params.push(`error="${challenge.error}"`);
  const description = challenge.description === undefined ? '' : headerSafe(challenge.description);
  if (description !== '') params.push(`error_description="${description}"`);
  if (challenge.scope !== undefined) params.push(`scope="${headerSafe(challenge.scope)}"`);
  return `Bearer ${params.join(', ')}`;
};

/**
 * The token of an Authorization header, `Bearer <token>` (any case) or the token alone, as API
 * Gateway's authorizers take it; '' when there is none. The partner functions' check
 * (lambdas http/access-tokens.ts) and the offline ID-token authorizer read it alike.
 */
export const bearerTokenOf = (header: string | undefined): string =>
  (header ?? '').replace(/^Bearer(?:\s+|$)/iu, '').trim();
