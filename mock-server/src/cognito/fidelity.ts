import { randomUUID } from 'node:crypto';
import { InvalidParameterError, UserNotFoundError } from 'cognito-local/lib/errors.js';
import type { Route, Router } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { userToResponseObject } from 'cognito-local/lib/targets/responses.js';
import * as z from 'zod';

/**
 * The fidelity layer: Cognito API targets that cognito-local lacks or gets wrong, answered here
 * with cognito-local's own services and store so the data stays one. Each entry has the shape of
 * cognito-local's own targets: built once per request from the services, then called.
 */
export type FidelityTarget = (services: Services) => Route;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Parses a request as Cognito's front door does: a failed constraint is an
 * InvalidParameterException worded like AWS's ("1 validation error detected: ...").
 */
const parseRequest = <S extends z.ZodType>(schema: S, body: unknown): z.infer<S> => {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = lowerFirst(issue.path.map(String).join('.'));
    const key = issue.path[0];
    const value: unknown =
      typeof body === 'object' && body !== null && key !== undefined
        ? Reflect.get(body, key)
        : undefined;
    const shown =
      value === undefined || value === null
        ? 'null'
        : `'${typeof value === 'string' ? value : JSON.stringify(value)}'`;
    let constraint = 'Member must satisfy its constraints';
    if (value === undefined || value === null) constraint = 'Member must not be null';
    else if (issue.code === 'too_big') {
      constraint = `Member must have ${issue.origin === 'string' ? 'length' : 'value'} less than or equal to ${String(issue.maximum)}`;
    } else if (issue.code === 'too_small') {
      constraint = `Member must have ${issue.origin === 'string' ? 'length' : 'value'} greater than or equal to ${String(issue.minimum)}`;
    }
    return `Value ${shown} at '${field}' failed to satisfy constraint: ${constraint}`;
  });
  const count = `${String(problems.length)} validation error${problems.length === 1 ? '' : 's'}`;
  throw new InvalidParameterError(`${count} detected: ${problems.join('; ')}`);
};

const userPoolId = z.string().min(1).max(55);
const username = z.string().min(1).max(128);

/**
 * AdminUserGlobalSignOut (absent from cognito-local). Username may be the username or, in an
 * e-mail-username pool, the address. Cognito-local keeps a user's refresh tokens on the user and
 * accepts only stored ones, so clearing them makes every refresh token of the user stop working.
 * Access tokens stay valid until they expire: cognito-local keeps no list of revoked ones.
 */
export const AdminUserGlobalSignOut: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(z.object({ UserPoolId: userPoolId, Username: username }), body);
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

/** What a ListUsers pagination token carries; opaque to callers (base64url JSON). */
const pageTokenSchema = z.object({ pool: z.string(), after: z.string() });

const encodePageToken = (pool: string, after: string) =>
  Buffer.from(JSON.stringify({ pool, after })).toString('base64url');

const decodePageToken = (token: string, pool: string): string => {
  try {
    const decoded = pageTokenSchema.parse(
      JSON.parse(Buffer.from(token, 'base64url').toString('utf8')),
    );
    if (decoded.pool === pool) return decoded.after;
  } catch {
    // fall through: any unreadable token is answered as Cognito answers a bad one
  }
  throw new InvalidParameterError(`Paging marker ${token} is invalid for request ${randomUUID()}`);
};

/** Code-unit order: stable across runs and locales, and the usernames are immutable. */
const byUsername = (a: User, b: User) =>
  a.Username < b.Username ? -1 : a.Username > b.Username ? 1 : 0;

export const LIST_USERS_MAX_LIMIT = 60;

/**
 * ListUsers with Limit (0..60 as in the AWS model; 0 or absent means 60) and PaginationToken,
 * which cognito-local ignores (it returns every user at once). The Filter is cognito-local's own.
 * Pages follow username order; a token names the last username served, so users created or
 * deleted between pages neither repeat nor shift the rest.
 */
export const ListUsers: FidelityTarget =
  ({ cognito }) =>
  async (ctx, body: unknown) => {
    const req = parseRequest(
      z.object({
        UserPoolId: userPoolId,
        Filter: z.string().max(256).optional(),
        Limit: z.number().int().min(0).max(LIST_USERS_MAX_LIMIT).optional(),
        PaginationToken: z.string().min(1).optional(),
      }),
      body,
    );
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const users = [...(await pool.listUsers(ctx, req.Filter))].sort(byUsername);
    const limit = req.Limit === undefined || req.Limit === 0 ? LIST_USERS_MAX_LIMIT : req.Limit;
    let start = 0;
    if (req.PaginationToken !== undefined) {
      const after = decodePageToken(req.PaginationToken, req.UserPoolId);
      start = users.findIndex((u) => u.Username > after);
      if (start === -1) start = users.length;
    }
    const page = users.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < users.length && last !== undefined;
    return {
      Users: page.map(userToResponseObject),
      ...(more ? { PaginationToken: encodePageToken(req.UserPoolId, last.Username) } : {}),
    };
  };

/** Target name → our handler; consulted before cognito-local's own router. */
export const fidelityTargets: Readonly<Record<string, FidelityTarget>> = {
  AdminUserGlobalSignOut,
  ListUsers,
};

/**
 * The seam between cognito-local and the fidelity layer: targets in the table are ours, the rest
 * go to cognito-local. Ours get the same per-target child logger cognito-local's router gives.
 */
export const wrapRouter =
  (router: Router, services: Services, targets = fidelityTargets): Router =>
  (target) => {
    const make = Object.hasOwn(targets, target) ? targets[target] : undefined;
    if (!make) return router(target);
    const route = make(services);
    return (ctx, req: unknown) => route({ ...ctx, logger: ctx.logger.child({ target }) }, req);
  };
