import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import type { PartnerRouteDefinition } from '@ccsc/contract/partner-api';
import { API_SCOPE_VALUES, PARTNER_API_PREFIX } from '@ccsc/contract/scopes';
import { pathParametersOf, type RouteDefinition } from '@ccsc/contract/route';
import { onContainerReset } from '../container';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../core/errors';
import type { PartnerClient } from '../core/request';
import type { CredentialStore } from '../core/ports/credentials';

/**
 * Who calls a partner route (/ccsc/api/v1/, issue 15): a machine, with an access token from the
 * client_credentials grant. API Gateway's Cognito authorizer (and offline, the mock server's)
 * has checked the token's signature, issuer, expiry and that it carries one of the API's scopes;
 * its claims are under requestContext.authorizer.claims. Here, on every call:
 *
 * 1. the token is an access token of an app client, issued (iat) and valid (nbf, when it says)
 *    no later than now and TOKEN_CLOCK_SKEW_MS: Cognito's authorizer checks the expiry alone;
 * 2. the route's own scope is in the token (403 otherwise: the gateway can only say 401);
 * 3. the client's credential is active, not past its expiry, and the token was not issued before
 *    an administrator retired the old secret at once (`tokensNotBefore`; 401 otherwise) — read from the
 *    store, or from this container's copy read at most CREDENTIAL_CACHE_MS ago, so a revoked
 *    credential's tokens are refused within 10 seconds everywhere (at once in the container that
 *    revoked it, and offline, where one process serves everything); its expiry date is checked
 *    against the clock on every call;
 * 4. the use is recorded as the credential's "last used", at most once per USE_EVERY_MS.
 */

/** Where a partner call's credential is read (DynamoDB in AWS), handed in by the wiring. */
export type PartnerCredentials = () => Pick<CredentialStore, 'byClient' | 'touch'>;

/**
 * How old a container's copy of a credential may be (byClient): a revocation or expiry made by
 * another function reaches this one within this time; one made in the same process at once.
 */
export const CREDENTIAL_CACHE_MS = 10_000;

/** How far ahead of this clock a token's iat or nbf may be: the issuer's clock may run ahead. */
export const TOKEN_CLOCK_SKEW_MS = 60_000;

/**
 * A date claim as the gateway hands it: API Gateway's Cognito authorizer writes `exp` and `iat`
 * as `Sun Dec 06 23:00:00 UTC 2026`, other numbers as their digits (seconds since the epoch).
 */
const claimTime = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const at = /^\d+$/u.test(value) ? Number(value) * 1000 : Date.parse(value);
  return Number.isFinite(at) ? at : null;
};

/** "Last used" is written at most this often per credential. */
export const USE_EVERY_MS = 5 * 60 * 1000;

const claimsSchema = z.lazy(() =>
  z
    .object({
      client_id: z.string().min(1),
      token_use: z.literal('access'),
      scope: z.string(),
      iat: z.string(),
      nbf: z.string().optional(),
    })
    .loose(),
);

const NOT_VALID =
  'The access token is not valid for this API: its credential was revoked, has expired or does not exist, or its secret was retired after the token was issued. Ask for a new token.';

const NOT_YET =
  'The access token is not valid yet: its issue time (iat) or start (nbf) lies ahead of the server’s clock. Check the clock of the system that asked for it, then ask for a new token.';

/** Which credentials this container recorded a use of, and when (so most calls write nothing). */
const touched = new Map<string, number>();
onContainerReset(() => {
  touched.clear();
});

export const clientOf = async (
  route: PartnerRouteDefinition,
  event: APIGatewayProxyEvent,
  credentials: PartnerCredentials,
  now: Date,
): Promise<PartnerClient> => {
  const authorizer = event.requestContext.authorizer as { claims?: unknown } | null | undefined;
  const claims = claimsSchema.safeParse(authorizer?.claims);
  if (!claims.success) throw new UnauthorizedError(NOT_VALID);
  const latest = now.getTime() + TOKEN_CLOCK_SKEW_MS;
  const issuedAt = claimTime(claims.data.iat);
  const notBefore = claims.data.nbf === undefined ? -Infinity : claimTime(claims.data.nbf);
  if (issuedAt === null || notBefore === null || issuedAt > latest || notBefore > latest) {
    throw new UnauthorizedError(NOT_YET);
  }
  const tokenScopes = claims.data.scope.split(/\s+/u).filter((s) => s !== '');
  const store = credentials();
  const record = await store.byClient(claims.data.client_id, CREDENTIAL_CACHE_MS);
  if (
    record === null ||
    record.status !== 'active' ||
    Date.parse(record.validUntil) <= now.getTime() ||
    (record.tokensNotBefore != null && issuedAt < Date.parse(record.tokensNotBefore))
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
export const withPathParameters = (
  route: RouteDefinition,
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
