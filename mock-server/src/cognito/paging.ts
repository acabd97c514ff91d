import { randomUUID } from 'node:crypto';
import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import * as z from 'zod';

/** Paging as Cognito's list targets page: limits, opaque tokens bound to what they page. */

/** The AWS model's QueryLimitType: 0..60, where 0 or absent means the maximum. */
export const QUERY_LIMIT_MAX = 60;
export const queryLimit = z.number().int().min(0).max(QUERY_LIMIT_MAX).optional();
export const pageSize = (limit: number | undefined) =>
  limit === undefined || limit === 0 ? QUERY_LIMIT_MAX : limit;

/** The AWS model's PaginationKey / SearchPaginationTokenType. */
export const paginationKey = z.string().min(1).max(131072).regex(/^\S+$/);

/**
 * Pagination tokens are opaque to callers (base64url JSON) and bound to what they page: the
 * pool, and the filter or user. Any token that does not decode to one for this very listing is
 * refused as Cognito refuses a foreign one.
 */
export const encodeToken = (payload: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(payload)).toString('base64url');

export const decodeToken = <S extends z.ZodType>(
  token: string,
  schema: S,
  belongs: (decoded: z.infer<S>) => boolean,
): z.infer<S> => {
  try {
    const decoded = schema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    if (belongs(decoded)) return decoded;
  } catch {
    // fall through: any unreadable token is answered as Cognito answers a bad one
  }
  throw new InvalidParameterError(`Paging marker ${token} is invalid for request ${randomUUID()}`);
};

/** First index in sorted `items` whose key is greater than `after` (binary search). */
export const firstAfter = <T>(items: readonly T[], after: (item: T) => boolean) => {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after(items[mid] as T)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
};
