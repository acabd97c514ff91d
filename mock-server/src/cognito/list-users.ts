import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { User, UserPool } from 'cognito-local/lib/services/userPoolService.js';
import { userToResponseObject } from 'cognito-local/lib/targets/responses.js';
import * as z from 'zod';
import { USER_MESSAGES } from './errors';
import type { FidelityTarget } from './fidelity-target';
import {
  decodeToken,
  encodeToken,
  firstAfter,
  pageSize,
  paginationKey,
  queryLimit,
} from './paging';
import { fields, parseRequest } from './request';
import { isFilterable, parseUserFilter } from './user-filter';
import { attr, compareStrings } from './user-records';

const listUsersTokenSchema = z.object({
  pool: z.string(),
  filter: z.string(),
  after: z.string(),
});

/** The user as ListUsers shows it, with only the attributes asked for when some are. */
const listedUser = (user: User, attributesToGet: readonly string[] | undefined) => {
  const shown = userToResponseObject(user);
  if (attributesToGet === undefined) return shown;
  return { ...shown, Attributes: user.Attributes.filter((a) => attributesToGet.includes(a.Name)) };
};

/**
 * AttributesToGet: every name must be in the pool's schema, and an attribute that cannot be
 * filtered on must be set on every user listed (the API reference: "Amazon Cognito returns an
 * error if not all users in the results have set a value for the attribute you request").
 */
const checkAttributesToGet = (pool: UserPool, names: readonly string[], page: readonly User[]) => {
  const schema = pool.SchemaAttributes?.map((a) => a.Name);
  const unknown = schema !== undefined && names.some((n) => !schema.includes(n));
  const unset = names
    .filter((n) => !isFilterable(n))
    .some((n) => page.some((user) => attr(user, n) === undefined));
  if (unknown || unset) throw new InvalidParameterError(USER_MESSAGES.attributesDoNotExist);
};

/**
 * ListUsers with Limit (0..60; 0 or absent means 60), PaginationToken (bound to the pool and the
 * filter, as Cognito's), Filter and AttributesToGet. Pages follow username order; a token names
 * the last username served, so users created or deleted between pages neither repeat nor shift
 * the rest. One pass to filter, one sort, a binary search for the page: fine for 10,000 users.
 */
export const ListUsers: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: fields.userPoolId,
        AttributesToGet: z.array(z.string().min(1).max(32)).optional(),
        Filter: z.string().max(256).optional(),
        Limit: queryLimit,
        PaginationToken: paginationKey.optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const matches = parseUserFilter(req.Filter);
    const filterKey = req.Filter ?? '';
    const all = await pool.listUsers(ctx);
    const users = (matches ? all.filter(matches) : [...all]).sort((a, b) =>
      compareStrings(a.Username, b.Username),
    );
    const limit = pageSize(req.Limit);
    let start = 0;
    if (req.PaginationToken !== undefined) {
      const { after } = decodeToken(
        req.PaginationToken,
        listUsersTokenSchema,
        (t) => t.pool === req.UserPoolId && t.filter === filterKey,
      );
      start = firstAfter(users, (u) => u.Username > after);
    }
    const page = users.slice(start, start + limit);
    if (req.AttributesToGet) checkAttributesToGet(pool.options, req.AttributesToGet, page);
    const last = page.at(-1);
    const more = start + limit < users.length && last !== undefined;
    return {
      Users: page.map((u) => listedUser(u, req.AttributesToGet)),
      ...(more
        ? {
            PaginationToken: encodeToken({
              pool: req.UserPoolId,
              filter: filterKey,
              after: last.Username,
            }),
          }
        : {}),
    };
  };
