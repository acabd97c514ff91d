import type * as z from 'zod';
import type { Role } from './roles';
import type { ApiScope } from './scopes';

export type HttpMethod = 'GET' | 'POST';

/**
 * Who a call is for: the admin console's people under /ccsc/ui/ (an ID token of the user pool),
 * or the partner systems under /ccsc/api/v1/ (an access token of an API credential).
 */
export type Api = 'console' | 'partner';

/**
 * One call of either API, declared once: everything else (the Lambda router, the permission
 * table, the infra functions and methods, the offline mount, the OpenAPI document, the web
 * client) is derived from these declarations. `input` says where the request schema reads from:
 * the query string or the JSON body. A GET never has a body; a POST that reads its query accepts
 * no body but `{}`.
 */
export interface RouteDefinition<
  Op extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Auth extends 'public' | 'authenticated' = 'public' | 'authenticated',
  A extends Api = Api,
  S extends ApiScope | null = ApiScope | null,
> {
  readonly operation: Op;
  readonly api: A;
  readonly method: HttpMethod;
  /**
   * Path under the API's prefix (/ccsc/ui/ or /ccsc/api/v1/), no leading slash. A segment
   * `{name}` is a path parameter (as API Gateway writes it): its value reaches the request schema
   * as the field `name`.
   */
  readonly path: string;
  readonly input: 'query' | 'body';
  readonly auth: Auth;
  /** Console roles allowed to call; empty for public and partner calls. */
  readonly roles: readonly Role[];
  /** The scope a partner call's token must carry; null for console calls. */
  readonly scope: S;
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
  A extends Api = 'console',
  S extends ApiScope | null = null,
>({
  request,
  response,
  ...route
}: Omit<
  RouteDefinition<Op, Req, Res, Auth, A, S>,
  'maxBodyBytes' | 'request' | 'response' | 'api' | 'scope'
> &
  LazySchemas<Req, Res> & {
    maxBodyBytes?: number;
    api?: A;
    scope?: S;
  }): RouteDefinition<Op, Req, Res, Auth, A, S> =>
  withLazySchemas(
    { maxBodyBytes: DEFAULT_MAX_BODY_BYTES, api: 'console' as A, scope: null as S, ...route },
    { request, response },
  );

/** Where each API's paths begin. */
export const API_PREFIXES: Readonly<Record<Api, string>> = {
  console: API_PREFIX,
  partner: '/ccsc/api/v1/',
};

/** The names of a path's parameters: `documents/{documentId}/complete` → documentId. */
export const pathParametersOf = (path: string): string[] =>
  [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1] ?? '');
