import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod';
import {
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  type PartnerRouteDefinition,
  partnerOpenApi,
  pathParametersOf,
} from '@ccsc/contract/partner-api';
import type { RouteDefinition } from '@ccsc/contract';
import { onContainerReset } from '../container';
import { AppError, ForbiddenError, UnauthorizedError, ValidationError } from '../core/errors';
import { lambdaLogger, type Logger } from '../core/logger';
import type { PartnerClient, PartnerCore } from '../core/partner-request';
import type { Clock } from '../core/ports/clock';
import { systemClock } from '../core/ports/clock';
import type { CredentialStore } from '../core/ports/credentials';
import { parseInput, readRawInput, requestMeta } from './event';
import { jsonResponse, successResponse, toErrorResponse } from './responses';
import type { LambdaHandler } from './router';
import { withApiInvocation } from '../telemetry';

/**
 * The partner API's handlers (/ccsc/api/v1/, issue 15): for machines, with an access token from
 * the client_credentials grant. API Gateway's Cognito authorizer (and offline, the mock server's)
 * has checked the token's signature, issuer, expiry and that it carries one of the API's scopes;
 * its claims are under requestContext.authorizer.claims. Here, on every call:
 *
 * 1. the token is an access token of an app client;
 * 2. the route's own scope is in the token (403 otherwise: the gateway can only say 401);
 * 3. the client's credential is active and not past its expiry (401 otherwise) — read from the
 *    store, or from this container's copy read at most CREDENTIAL_CACHE_MS ago, so a revoked
 *    credential's tokens are refused within 10 seconds everywhere (at once in the container that
 *    revoked it, and offline, where one process serves everything); its expiry date is checked
 *    against the clock on every call;
 * 4. the use is recorded as the credential's "last used", at most once per USE_EVERY_MS;
 * then the core runs with the calling system, and its answer is checked against the contract.
 */

export interface PartnerOptions {
  /** The credentials (DynamoDB in AWS), handed in by the wiring. */
  credentials: () => Pick<CredentialStore, 'byClient' | 'touch'>;
  clock?: Clock;
  /** Where refusals and failures are logged; by default the Lambdas' (core/logger.ts). */
  logger?: Logger;
}

/**
 * How old a container's copy of a credential may be (byClient): a revocation or expiry made by
 * another function reaches this one within this time; one made in the same process at once.
 */
export const CREDENTIAL_CACHE_MS = 10_000;

/** "Last used" is written at most this often per credential. */
export const USE_EVERY_MS = 5 * 60 * 1000;

const claimsSchema = z.lazy(() =>
  z
    .object({ client_id: z.string().min(1), token_use: z.literal('access'), scope: z.string() })
    .loose(),
);

const NOT_VALID =
  'The access token is not valid for this API: its credential was revoked, has expired or does not exist.';

/** Which credentials this container recorded a use of, and when (so most calls write nothing). */
const touched = new Map<string, number>();
onContainerReset(() => {
  touched.clear();
});

export const clientOf = async (
  route: PartnerRouteDefinition,
  event: APIGatewayProxyEvent,
  options: PartnerOptions,
  now: Date,
): Promise<PartnerClient> => {
  const authorizer = event.requestContext.authorizer as { claims?: unknown } | null | undefined;
  const claims = claimsSchema.safeParse(authorizer?.claims);
  if (!claims.success) throw new UnauthorizedError(NOT_VALID);
  const tokenScopes = claims.data.scope.split(/\s+/u).filter((s) => s !== '');
  const store = options.credentials();
  const record = await store.byClient(claims.data.client_id, CREDENTIAL_CACHE_MS);
  if (
    record === null ||
    record.status !== 'active' ||
    Date.parse(record.validUntil) <= now.getTime()
  ) {
    throw new UnauthorizedError(NOT_VALID);
  }
  if (!tokenScopes.includes(route.scope) || !record.scopes.includes(route.scope)) {
    const held = tokenScopes.filter((s) => (API_SCOPE_VALUES as readonly string[]).includes(s));
    throw new ForbiddenError(
      `${PARTNER_API_PREFIX}${route.path} needs the scope ${route.scope}; this token has ${held.length === 0 ? 'none of the API’s scopes' : held.join(', ')}.`,
    );
  }
  const last = touched.get(record.apiId);
  if (last === undefined || now.getTime() - last >= 60_000) {
    touched.set(record.apiId, now.getTime());
    await store.touch(record.apiId, now, USE_EVERY_MS);
  }
  return {
    apiId: record.apiId,
    clientId: record.clientId,
    organisationId: record.organisationId,
    systemId: record.systemId,
    scopes: record.scopes,
    validUntil: record.validUntil,
  };
};

/**
 * The input with the path's parameters (`documents/{documentId}/complete`) as fields beside the
 * query's or the body's: a body or query that names one itself is refused, so the path alone
 * says which record a call is about.
 */
const withPathParameters = (
  route: PartnerRouteDefinition,
  event: APIGatewayProxyEvent,
  raw: unknown,
): unknown => {
  const names = pathParametersOf(route.path);
  if (names.length === 0) return raw;
  const given = event.pathParameters ?? {};
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  for (const name of names) {
    if (Object.hasOwn(fields, name)) {
      throw new ValidationError(`${name} is given in the path, not in the request.`, [
        { path: name, message: 'Given in the path' },
      ]);
    }
  }
  return { ...fields, ...Object.fromEntries(names.map((name) => [name, given[name] ?? ''])) };
};

/**
 * One partner route's handler: method, token, scope, credential and input checks, the core. Each
 * call runs inside `withApiInvocation` (telemetry.ts), as the console's routes do (router.ts).
 */
export const createPartnerHandler = <R extends PartnerRouteDefinition, D>(
  route: R,
  core: PartnerCore<R, D>,
  getDeps: () => D,
  options: PartnerOptions,
): LambdaHandler => {
  const logger = options.logger ?? lambdaLogger;
  const clock = options.clock ?? systemClock;
  let deps: D | undefined;
  onContainerReset(() => {
    deps = undefined;
  });
  return (event, context) =>
    withApiInvocation(route.operation, event, context, () => answer(event));

  async function answer(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
    const meta = requestMeta(event);
    try {
      if (event.httpMethod.toUpperCase() !== route.method) {
        throw new AppError(
          'METHOD_NOT_ALLOWED',
          `${PARTNER_API_PREFIX}${route.path} accepts ${route.method}, not ${event.httpMethod}.`,
        );
      }
      const client = await clientOf(route, event, options, clock.now());
      const input = parseInput<R['request']>(
        route.request,
        withPathParameters(route, event, readRawInput(event, route as unknown as RouteDefinition)),
      );
      deps ??= getDeps();
      const output = await core(input, { ...meta, client }, deps);
      const checked = route.response.safeParse(output);
      if (!checked.success) {
        throw new Error(
          `Response of ${route.operation} breaks the contract: ${checked.error.message}`,
        );
      }
      return successResponse(checked.data, meta.requestId);
    } catch (err) {
      // Named here too, as router.ts does: offline calls run at the same time in one process.
      const result = toErrorResponse(err, meta.requestId, logger, {
        operation: route.operation,
        correlation_id: meta.requestId,
      });
      // RFC 6750: a refused bearer token says so in WWW-Authenticate.
      if (result.statusCode === 401 || result.statusCode === 403) {
        const error = result.statusCode === 401 ? 'invalid_token' : 'insufficient_scope';
        return {
          ...result,
          headers: {
            ...result.headers,
            'WWW-Authenticate': `Bearer error="${error}"${result.statusCode === 403 ? ` scope="${route.scope}"` : ''}`,
          },
        };
      }
      return result;
    }
  }
};

/**
 * GET /ccsc/api/v1/openapi.json (public): the partner API's OpenAPI 3.1 document, built from the
 * contract, with this console's origin as its server and the pool's token endpoint.
 */
export const createOpenApiHandler = (options: {
  tokenUrl: () => string;
  origins: () => readonly string[];
}): LambdaHandler => {
  let cached: { key: string; body: unknown } | null = null;
  return (event) => {
    const meta = requestMeta(event);
    const [first] = options.origins();
    const baseUrl = first ?? (meta.host === null ? 'http://localhost' : `http://${meta.host}`);
    const key = `${baseUrl} ${options.tokenUrl()}`;
    if (cached?.key !== key) {
      cached = { key, body: partnerOpenApi({ baseUrl, tokenUrl: options.tokenUrl() }) };
    }
    const result = jsonResponse(200, cached.body, meta.requestId);
    return Promise.resolve({
      ...result,
      headers: { ...result.headers, 'Cache-Control': 'public, max-age=300' },
    });
  };
};
