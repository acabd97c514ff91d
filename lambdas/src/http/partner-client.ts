import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { PartnerRouteDefinition } from '@ccsc/contract/partner-api';
import { API_SCOPE_VALUES, PARTNER_API_PREFIX } from '@ccsc/contract/scopes';
import { pathParametersOf, type RouteDefinition } from '@ccsc/contract/route';
import { onContainerReset } from '../container';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../core/errors';
import type { PartnerClient } from '../core/request';
import type { CredentialStore } from '../core/ports/credentials';
import { type AccessTokens, authorizationOf } from './access-tokens';

/**
 * Who calls a partner route (/ccsc/api/v1/, issue 15): a machine, with an access token from the
 * client_credentials grant in its Authorization header. Here, on every call:
 *
 * 1. the token is one of the pool's access tokens with one of the API's scopes (access-tokens.ts:
 *    signature, issuer, expiry; 401 otherwise — with no `error` when no token was sent at all);
 * 2. it was issued (iat) no later than now and TOKEN_CLOCK_SKEW_MS (a start, `nbf`, when it
 *    has one, not after now: access-tokens.ts);
 * 3. the route's own scope is in the token and in the credential (403 otherwise);
 * 4. the client's credential is active, not past its expiry, and the token was not issued before
 *    an administrator retired the old secret at once (`tokensNotBefore`; 401 otherwise) — read from the
 *    store, or from this container's copy read at most CREDENTIAL_CACHE_MS ago, so a revoked
 *    credential's tokens are refused within 10 seconds everywhere (at once in the container that
 *    revoked it, and offline, where one process serves everything); its expiry date is checked
 *    against the clock on every call;
 * 5. the use is recorded as the credential's "last used", at most once per USE_EVERY_MS.
 */

/** Where a partner call's credential is read (DynamoDB in AWS), handed in by the wiring. */
export type PartnerCredentials = () => Pick<CredentialStore, 'byClient' | 'touch'>;

/**
 * How old a container's copy of a credential may be (byClient): a revocation or expiry made by
 * another function reaches this one within this time; one made in the same process at once.
 */
export const CREDENTIAL_CACHE_MS = 10_000;

/** How far ahead of this clock a token's iat may be: the issuer's clock may run ahead. */
export const TOKEN_CLOCK_SKEW_MS = 60_000;

/** "Last used" is written at most this often per credential. */
export const USE_EVERY_MS = 5 * 60 * 1000;

const NOT_VALID =
  'The access token is not valid for this API: its credential was revoked, has expired or does not exist, or its secret was retired after the token was issued. Ask for a new token.';

const NOT_YET =
  'The access token is not valid yet: its issue time (iat) or start (nbf) lies ahead of the server’s clock. Check the clock of the system that asked for it, then ask for a new token.';

/** Which credentials this container recorded a use of, and when (so most calls write nothing). */
const touched = new Map<string, number>();
onContainerReset(() => {
  touched.clear();
});

/**
 * A call without any token (its challenge carries no error, RFC 6750 §3.1: router.ts tells it by
 * the request, which sent no token).
 */
const NO_TOKEN =
  'This call needs an access token: send `Authorization: Bearer <token>`, the token from the credential’s token endpoint (client_credentials grant).';

/** A token refused before its credential is read (access-tokens.ts). */
const TOKEN_REFUSED =
  'The access token is not valid: malformed, expired, not issued to a client of this API, or without any of its scopes.';

export const clientOf = async (
  route: PartnerRouteDefinition,
  event: APIGatewayProxyEvent,
  o: { credentials: PartnerCredentials; tokens: AccessTokens },
  now: Date,
): Promise<PartnerClient> => {
  const token = await o.tokens.check(authorizationOf(event.headers), now);
  if (token.kind === 'none') throw new UnauthorizedError(NO_TOKEN);
  if (token.kind === 'refused') throw new UnauthorizedError(TOKEN_REFUSED);
  if (token.kind === 'not-yet') throw new UnauthorizedError(NOT_YET);
  const { claims } = token;
  const latest = now.getTime() + TOKEN_CLOCK_SKEW_MS;
  const issuedAt = claims.issuedAt * 1000;
  if (issuedAt > latest) throw new UnauthorizedError(NOT_YET);
  const tokenScopes = claims.scopes;
  const store = o.credentials();
  const record = await store.byClient(claims.clientId, CREDENTIAL_CACHE_MS);
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
