import type { routes } from '@ccsc/contract';
import { seesCredential } from '@ccsc/contract/credential-access';
import { ValidationError } from '../../core/errors';
import type { Core } from '../../core/request';
import { type CredentialDeps, statusOf, toCredential } from './credential-records';

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

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * list-api-credentials: the credentials the caller sees (a PlatformAdmin and an
 * every-organisation Auditor all; the others their organisation's), newest first; search on the
 * start of any word of the organisation's or the system's name, or the client id; filters by
 * status, organisation and system; 50 a page with a cursor bound to the query.
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
  const search = filters.search === undefined ? '' : fold(filters.search.trim());
  const matches = records
    .filter((r) => seesCredential(ctx.caller, r.organisationId))
    .filter(
      (r) => filters.organisationId === undefined || r.organisationId === filters.organisationId,
    )
    .filter((r) => filters.systemId === undefined || r.systemId === filters.systemId)
    .filter((r) => filters.status === undefined || statusOf(r, now) === filters.status)
    .map((r) => toCredential(r, snapshot, now))
    .filter((c) => {
      if (search === '') return true;
      const words = fold(`${c.organisationName} ${c.systemName}`).split(/[^\p{L}\p{N}]+/u);
      return words.some((w) => w.startsWith(search)) || c.clientId.toLowerCase().startsWith(search);
    });
  const size = limit ?? PAGE;
  const page = matches.slice(offset, offset + size);
  const next = offset + size;
  return {
    credentials: page,
    count: page.length,
    total: matches.length,
    nextCursor: next < matches.length ? cursorOf(next, query) : null,
  };
};
