import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { API_PREFIX, API_PREFIXES, type RouteDefinition } from '@ccsc/contract/route';
import type { PartnerRouteDefinition } from '@ccsc/contract/partner-api';
import { bearerChallenge, bearerTokenOf } from '@ccsc/contract/bearer-challenge';
import { onContainerReset } from '../container';
import { allowedOrigins } from '../env';
import { callerFromClaims } from './claims';
import type { Caller, ContextOf, Core } from '../core/request';
import { type Clock, systemClock } from '../core/ports/clock';
import { withCors } from './cors';
import { AppError, ForbiddenError, NotImplementedError } from '../core/errors';
import { parseInput, readRawInput, requestMeta } from './event';
import { lambdaLogger, type Logger } from '../core/logger';
import { type AccountReader, requireEnrolledCaller } from './mfa-gate';
import { type AccessTokens, authorizationOf } from './access-tokens';
import { clientOf, type PartnerCredentials, withPathParameters } from './partner-client';
import { successResponse, toErrorResponse } from './responses';
import { withApiInvocation } from '../telemetry';

/**
 * An API Lambda's handler. The Lambda runtime passes its context; the offline console calls it
 * with the event alone.
 */
export type LambdaHandler = (
  event: APIGatewayProxyEvent,
  context?: Context,
) => Promise<APIGatewayProxyResult>;

export interface HandlerOptions {
  /** Where refusals and failures are logged; by default the Lambdas' (core/logger.ts). */
  logger?: Logger;
  /** The console origins CORS allows; by default ALLOWED_ORIGINS (env.ts). */
  allowedOrigins?: readonly string[];
  /**
   * Where the MFA gate reads the caller's account (AdminGetUser in AWS). Handed in by the wiring
   * (wiring/handler.ts), so the router builds no adapter of its own.
   */
  accounts?: () => AccountReader;
  /**
   * Where a partner call's credential is read (partner-client.ts), handed in by the wiring. Only
   * partner calls need it (and only console calls `accounts`): a function loads what its kind
   * of call uses.
   */
  credentials?: PartnerCredentials;
  /** How a partner call's access token is checked (access-tokens.ts), handed in by the wiring. */
  tokens?: AccessTokens;
  clock?: Clock;
}

const authenticate = (route: RouteDefinition, event: APIGatewayProxyEvent): Caller | null => {
  if (route.auth === 'public') return null;
  // API Gateway's user-pool authorizer has verified the ID token before we run; its claims are here.
  const authorizer = event.requestContext.authorizer as { claims?: unknown } | null | undefined;
  const caller = callerFromClaims(authorizer?.claims);
  if (!route.roles.includes(caller.role)) {
    throw new ForbiddenError(`Your role (${caller.role}) may not call ${route.operation}.`);
  }
  return caller;
};

const checkMethod = (route: RouteDefinition, event: APIGatewayProxyEvent): void => {
  if (event.httpMethod.toUpperCase() !== route.method) {
    throw new AppError(
      'METHOD_NOT_ALLOWED',
      `${API_PREFIXES[route.api]}${route.path} accepts ${route.method}, not ${event.httpMethod}.`,
    );
  }
};

const isPartnerRoute = (route: RouteDefinition): route is PartnerRouteDefinition =>
  route.api === 'partner' && route.scope !== null;

/**
 * RFC 6750: a refused bearer token says so in WWW-Authenticate (partner calls; a console call's
 * 401 and 403 are the gateway's and the role's), with the refusal's message as its
 * error_description and, for a missing scope, the scope the route needs; a call that carried no
 * token at all gets the challenge without an error (§3.1).
 */
const withBearerChallenge = (
  route: RouteDefinition,
  event: APIGatewayProxyEvent,
  result: APIGatewayProxyResult,
): APIGatewayProxyResult => {
  if (!isPartnerRoute(route) || (result.statusCode !== 401 && result.statusCode !== 403)) {
    return result;
  }
  const challenge =
    result.statusCode === 401
      ? bearerTokenOf(authorizationOf(event.headers)) === ''
        ? bearerChallenge()
        : bearerChallenge({ error: 'invalid_token', description: errorMessageOf(result) })
      : bearerChallenge({
          error: 'insufficient_scope',
          description: errorMessageOf(result),
          scope: route.scope,
        });
  return { ...result, headers: { ...result.headers, 'WWW-Authenticate': challenge } };
};

/** The error envelope's message of an answer (`{ status: 'error', error: { message } }`). */
const errorMessageOf = (result: APIGatewayProxyResult): string | undefined => {
  try {
    const body = JSON.parse(result.body) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Builds the Lambda handler of one route, console and partner alike: method, who calls (a
 * console call's role and MFA; a partner call's token, scope and credential: partner-client.ts),
 * path parameters and input checks from the contract, then the core, then the response checked
 * against the contract. The MFA gate runs for every authenticated console route that is not
 * marked `allowedBeforeMfa`, so no route can forget it.
 * `getDeps` is called once, for the first valid request; the adapters it returns load their
 * AWS SDK packages on first use (adapters/clients/), so module initialisation loads none. Each
 * call runs inside `withApiInvocation` (telemetry.ts): its log lines carry the Lambda context, the
 * operation and API Gateway's request id as `correlation_id`; the metrics it counted are
 * published when it ends.
 */
export const createHandler = <R extends RouteDefinition, D>(
  route: R,
  core: Core<R, D>,
  getDeps: () => D,
  options: HandlerOptions,
): LambdaHandler => {
  const logger = options.logger ?? lambdaLogger;
  const clock = options.clock ?? systemClock;
  const { accounts } = options;
  const mfaGated =
    route.api === 'console' && route.auth === 'authenticated' && route.allowedBeforeMfa !== true;
  let deps: D | undefined;
  onContainerReset(() => {
    deps = undefined;
  });
  return (event, context) =>
    withApiInvocation(route.operation, event, context, async () =>
      route.api === 'partner'
        ? withBearerChallenge(route, event, await answer(event))
        : withCors(await answer(event), event, options.allowedOrigins ?? allowedOrigins()),
    );

  /** Who calls, as the core's context says it. */
  async function contextOf(
    event: APIGatewayProxyEvent,
    meta: ReturnType<typeof requestMeta>,
  ): Promise<ContextOf<R>> {
    if (isPartnerRoute(route)) {
      const { credentials, tokens } = options;
      if (credentials === undefined || tokens === undefined) {
        throw new Error(
          `${route.operation} is a partner call: its handler needs credentials and tokens`,
        );
      }
      const client = await clientOf(route, event, { credentials, tokens }, clock.now());
      return { ...meta, client } as ContextOf<R>;
    }
    const caller = authenticate(route, event);
    if (mfaGated && caller !== null) {
      if (accounts === undefined) {
        throw new Error(`${route.operation} is a console call: its handler needs accounts`);
      }
      await requireEnrolledCaller(accounts(), caller);
    }
    return { ...meta, caller } as ContextOf<R>;
  }

  async function answer(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
    const meta = requestMeta(event);
    // Named here too (withInvocation sets them for the whole call): offline, where one process
    // serves calls at the same time, a refusal's line still names its own request.
    const logContext = { operation: route.operation, correlation_id: meta.requestId };
    try {
      checkMethod(route, event);
      const ctx = await contextOf(event, meta);
      const input = parseInput<R['request']>(
        route.request,
        withPathParameters(route, event, readRawInput(event, route)),
      );
      deps ??= getDeps();
      const output = await core(input, ctx, deps);
      const checked = route.response.safeParse(output);
      if (!checked.success) {
        throw new Error(
          `Response of ${route.operation} breaks the contract: ${checked.error.message}`,
        );
      }
      return successResponse(checked.data, meta.requestId);
    } catch (err) {
      return toErrorResponse(err, meta.requestId, logger, logContext);
    }
  }
};

/** A route whose feature has not landed yet: it still checks its input, then answers 501. */
export const createNotImplementedHandler = (
  route: RouteDefinition,
  options: HandlerOptions,
): LambdaHandler =>
  createHandler(
    route,
    () =>
      Promise.reject(
        new NotImplementedError(
          `${API_PREFIX}${route.path} is not implemented yet; no data is returned.`,
        ),
      ),
    () => undefined,
    options,
  );
