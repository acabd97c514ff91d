import type * as z from 'zod';
import type { Role } from '@ccsc/contract/roles';
import type { RouteDefinition } from '@ccsc/contract/route';
import type { ApiScope } from '@ccsc/contract/partner-api';

/**
 * What a core knows of a request: who calls and from where. Nothing of API Gateway or HTTP: the
 * router (http/) builds these from an event, the jobs and tests build them directly.
 */

/** The caller, as the verified ID token describes them. */
export interface Caller {
  sub: string;
  /** Cognito's username (for an e-mail-alias pool: the sub). */
  userName: string;
  email: string;
  role: Role;
  organisationId: string | null;
}

export interface RequestContext<C extends Caller | null = Caller | null> {
  caller: C;
  requestId: string;
  sourceIp: string;
  userAgent: string | null;
  /** The request's Origin header, if any (trust it only against ALLOWED_ORIGINS). */
  origin: string | null;
  /** The request's Host header, if any. */
  host: string | null;
}

/** The caller a route's core gets: an authenticated route always has one, a public one never. */
export type CallerOf<R extends RouteDefinition> = R['auth'] extends 'authenticated' ? Caller : null;

/** The calling system of a partner API call, as its credential says (http/partner-client.ts). */
export interface PartnerClient {
  apiId: string;
  clientId: string;
  organisationId: string;
  systemId: string;
  scopes: ApiScope[];
  validUntil: string;
}

/** What a partner call's core knows of its request: the calling system instead of a person. */
export type PartnerContext = Omit<RequestContext<null>, 'caller'> & { client: PartnerClient };

/** The context a route's core gets: a console call's caller, or a partner call's system. */
export type ContextOf<R extends RouteDefinition> = R['api'] extends 'partner'
  ? PartnerContext
  : RequestContext<CallerOf<R>>;

/**
 * An operation's core, console and partner alike: pure business logic over its ports. Knows
 * nothing of API Gateway.
 */
export type Core<R extends RouteDefinition, D> = (
  input: z.output<R['request']>,
  ctx: ContextOf<R>,
  deps: D,
) => Promise<z.input<R['response']>>;
