import type { routes } from '@ccsc/contract/routes';
import { ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import { credentialMatcher } from '../core/lists/credentials';
import { type CredentialDeps, toCredential } from './credential-records';

const PAGE = 50;

/** A cursor: the position after the last row shown, bound to the query it was made for. */
const cursorOf = (offset: number, query: string): string =>
  Buffer.from(JSON.stringify({ offset, query }), 'utf8').toString('base64url');

const offsetOf = (cursor: string | undefined, query: string): number => {
  if (cursor === undefined) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      offset?: unknown;
      query?: unknown;
    };
    if (typeof parsed.offset === 'number' && parsed.offset >= 0 && parsed.query === query) {
      return parsed.offset;
    }
  } catch {
    // answered below
  }
  const message = 'The cursor does not belong to this list; start again from page one.';
  throw new ValidationError(message, [{ path: 'cursor', message }]);
};

/**
 * list-api-credentials: the credentials the caller sees (a PlatformAdmin and an
 * every-organisation Auditor all; the others their organisation's), newest first; search on the
 * start of any word of the organisation's or the system's name, or the client id; filters by
 * status, organisation, system and use (lists/credentials.ts, the dashboard's predicate too);
 * 50 a page with a cursor bound to the query.
 */
export const listCredentials: Core<
  (typeof routes)['list-api-credentials'],
  CredentialDeps
> = async (input, ctx, deps) => {
  const [records, snapshot] = await Promise.all([deps.credentials.all(), deps.registry.snapshot()]);
  const now = deps.clock.now();
  const { cursor, limit, ...filters } = input;
  const query = JSON.stringify(filters);
  const offset = offsetOf(cursor, query);
  const matches = records.filter(credentialMatcher(filters, ctx.caller, now, snapshot));
  const size = limit ?? PAGE;
  const page = matches.slice(offset, offset + size).map((r) => toCredential(r, snapshot, now));
  const next = offset + size;
  return {
    credentials: page,
    count: page.length,
    total: matches.length,
    nextCursor: next < matches.length ? cursorOf(next, query) : null,
  };
};
