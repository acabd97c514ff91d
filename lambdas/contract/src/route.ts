import type * as z from 'zod';
import type { Role } from './roles';

export type HttpMethod = 'GET' | 'POST';

/**
 * One /ccsc/ui/ call. `input` says where the request schema reads from: the query string or the
 * JSON body. A GET never has a body; a POST that reads its query accepts no body but `{}`.
 */
export interface RouteDefinition<
  Op extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Auth extends 'public' | 'authenticated' = 'public' | 'authenticated',
> {
  readonly operation: Op;
  readonly method: HttpMethod;
  /** Path under /ccsc/ui/, no leading slash. */
  readonly path: string;
  readonly input: 'query' | 'body';
  readonly auth: Auth;
  /** Roles allowed to call; empty for public calls. */
  readonly roles: readonly Role[];
  /**
   * Authenticated calls a user may make before enrolling TOTP (the enrolment flow itself).
   * Every other authenticated call refuses such a user.
   */
  readonly allowedBeforeMfa?: boolean;
  readonly request: Req;
  readonly response: Res;
  readonly summary: string;
  /** Largest JSON body accepted, in bytes. */
  readonly maxBodyBytes: number;
}

export const API_PREFIX = '/ccsc/ui/';
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * A route's schemas as the definitions write them: built on first use, then kept. A Lambda serves
 * one route, so it builds that route's schemas and no other's (the whole table would cost most of
 * its cold start); everything that reads `route.request` / `route.response` sees the schemas
 * themselves, built. A request is always a plain object schema (routes.test.ts pins it): the
 * gateway's models, the query parameters and the fuzz test read its shape.
 */
export type LazySchemas<Req, Res> = { request: () => Req; response: () => Res };

export const withLazySchemas = <T extends object, Req, Res>(
  rest: T,
  { request, response }: LazySchemas<Req, Res>,
): T & { readonly request: Req; readonly response: Res } => {
  let req: Req | undefined;
  let res: Res | undefined;
  return Object.defineProperties(rest, {
    request: { enumerable: true, get: () => (req ??= request()) },
    response: { enumerable: true, get: () => (res ??= response()) },
  }) as T & { readonly request: Req; readonly response: Res };
};

export const defineRoute = <
  Op extends string,
  Req extends z.ZodType,
  Res extends z.ZodType,
  Auth extends 'public' | 'authenticated',
>({
  request,
  response,
  ...route
}: Omit<RouteDefinition<Op, Req, Res, Auth>, 'maxBodyBytes' | 'request' | 'response'> &
  LazySchemas<Req, Res> & { maxBodyBytes?: number }): RouteDefinition<Op, Req, Res, Auth> =>
  withLazySchemas({ maxBodyBytes: DEFAULT_MAX_BODY_BYTES, ...route }, { request, response });
