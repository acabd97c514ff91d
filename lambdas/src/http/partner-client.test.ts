import { describe, expect, it } from 'vitest';
import { partnerRoutes } from '@ccsc/contract/partner-api';
import { buildApiGatewayEvent } from './api-gateway-event';
import { partnerConnections, partnerMe } from '../partner/partner-calls.core';
import { FakeClock } from '../core/testing/fakes';
import { logLinesOf } from '../core/testing/log-lines';
import { aCredential } from '../core/testing/credential-records';
import { MemoryCredentialStore } from '../core/testing/memory-credentials';
import {
  anOrganisation,
  aStudy,
  aSystem,
  aConnection,
  MemoryRegistry,
} from '../core/testing/memory-registry';
import type { CredentialRecord } from '../core/ports/credentials';
import { createOpenApiHandler } from './openapi';
import { signAccessToken, testTokens } from './access-tokens-test-kit';
import { createHandler } from './router';

const credential = (over: Partial<CredentialRecord> = {}): CredentialRecord =>
  aCredential('api-1', {
    organisationId: 'SITE',
    systemId: 'site-eisf',
    clientId: 'client-1',
    scopes: ['ccsc-api/system.read', 'ccsc-api/connections.read'],
    contactEmail: 'it@site.example',
    validUntil: '2026-12-31T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    revealedAt: '2026-01-01T01:00:00.000Z',
    ...over,
  });

const setup = (record: CredentialRecord = credential()) => {
  const store = new MemoryCredentialStore();
  store.records.set(record.apiId, record);
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('SITE', { name: 'Klinik', kind: 'site' }) },
    { type: 'organisation', record: anOrganisation('SP', { name: 'Pharma', kind: 'sponsor' }) },
    { type: 'system', record: aSystem('site-eisf', 'SITE', { name: 'Klinik eISF' }) },
    { type: 'system', record: aSystem('sp-etmf', 'SP', { name: 'Pharma eTMF' }) },
    { type: 'study', record: aStudy('st-1', 'SP', { protocolNumber: 'PH-1' }) },
    {
      type: 'connection',
      record: aConnection(
        'c-1',
        { studyId: 'st-1', sponsor: 'SP', site: 'SITE', sponsorSystem: 'sp-etmf' },
        { siteSystemId: 'site-eisf', status: 'active' },
      ),
    },
  ]);
  const clock = new FakeClock(new Date('2026-03-01T00:00:00.000Z'));
  const options = {
    credentials: () => store,
    tokens: testTokens(),
    clock,
    accounts: () => {
      throw new Error('a partner call reads no account');
    },
  };
  const me = createHandler(partnerRoutes['partner-me'], partnerMe, () => ({ registry }), options);
  const connections = createHandler(
    partnerRoutes['partner-connections'],
    partnerConnections,
    () => ({ registry }),
    options,
  );
  return { store, clock, me, connections };
};

/** A call with an access token of `claims` (signed by the test pool's key), or without one. */
const call = async (path: string, claims: Record<string, unknown> | null, method = 'GET') =>
  buildApiGatewayEvent({
    method,
    resource: `/ccsc/api/v1/${path}`,
    path: `/ccsc/api/v1/${path}`,
    query: [],
    headers: {
      'user-agent': 'vitest',
      ...(claims === null ? {} : { authorization: `Bearer ${await signAccessToken(claims)}` }),
    },
    body: null,
    claims: null,
    sourceIp: '127.0.0.1',
    protocol: 'HTTP/1.1',
    requestId: 'req-1',
    requestTimeEpoch: 0,
  });

/** Seconds since the epoch of an ISO time. */
const at = (iso: string) => Date.parse(iso) / 1000;

const token = (scope: string, over: Record<string, unknown> = {}) => ({
  client_id: 'client-1',
  sub: 'client-1',
  scope,
  // Five minutes before the clock.
  iat: at('2026-02-28T23:55:00Z'),
  ...over,
});

const body = (result: { body: string }) => JSON.parse(result.body) as Record<string, unknown>;

describe('the partner router', () => {
  it('answers the calling system, and records the use once per interval', async () => {
    const { me, store } = setup();
    const result = await me(await call('me', token('ccsc-api/system.read')));
    expect(result.statusCode).toBe(200);
    expect(body(result)).toMatchObject({
      status: 'success',
      data: {
        system: { systemId: 'site-eisf', name: 'Klinik eISF' },
        organisation: { organisationId: 'SITE', kind: 'site' },
        credential: { apiId: 'api-1', clientId: 'client-1' },
      },
    });
    expect(store.uses.get('api-1')).toBe('2026-03-01T00:00:00.000Z');
  });

  it('403 with insufficient_scope when the token lacks the route’s scope', async () => {
    const { connections } = setup();
    const result = await connections(await call('connections', token('ccsc-api/system.read')));
    expect(result.statusCode).toBe(403);
    // RFC 6750 §3: comma-separated, the refusal's message as the description, the scope needed.
    expect(result.headers?.['WWW-Authenticate']).toBe(
      'Bearer realm="ccsc", error="insufficient_scope", error_description="/ccsc/api/v1/connections needs the scope ccsc-api/connections.read; this token has ccsc-api/system.read.", scope="ccsc-api/connections.read"',
    );
    expect(body(result)).toMatchObject({
      error: { message: expect.stringContaining('ccsc-api/connections.read') as unknown },
    });
  });

  it('401 from the next call when the credential is revoked, expired, or not there; and for an ID token', async () => {
    for (const record of [
      credential({ status: 'revoked' }),
      credential({ status: 'expired' }),
      credential({ validUntil: '2026-02-01T00:00:00.000Z' }),
      credential({ status: 'pending' }),
      credential({ clientId: 'someone-else' }),
    ]) {
      const { me } = setup(record);
      const result = await me(await call('me', token('ccsc-api/system.read')));
      expect(result.statusCode, record.status).toBe(401);
      expect(result.headers?.['WWW-Authenticate']).toBe(
        'Bearer realm="ccsc", error="invalid_token", error_description="The access token is not valid for this API: its credential was revoked, has expired or does not exist, or its secret was retired after the token was issued. Ask for a new token."',
      );
    }
    const { me } = setup();
    expect((await me(await call('me', token('x', { token_use: 'id' })))).statusCode).toBe(401);
    expect((await me(await call('me', null))).statusCode).toBe(401);
    expect((await me(await call('me', token('ccsc-api/system.read'), 'POST'))).statusCode).toBe(
      405,
    );
  });

  it('401 for a token issued before its secret was retired at once (tokensNotBefore)', async () => {
    const { me } = setup(credential({ tokensNotBefore: '2026-02-28T23:55:01.000Z' }));
    const before = await me(await call('me', token('ccsc-api/system.read')));
    expect(before.statusCode).toBe(401);
    expect(before.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
    const after = await me(
      await call('me', token('ccsc-api/system.read', { iat: at('2026-02-28T23:55:01Z') })),
    );
    expect(after.statusCode).toBe(200);
  });

  it('401 for a token issued (iat) ahead of the clock beyond a minute’s skew, or valid (nbf) later', async () => {
    const { me } = setup();
    const notYet: Record<string, unknown>[] = [
      { iat: at('2026-03-01T00:01:01Z') },
      { iat: at('2026-03-01T00:05:00Z') },
      { nbf: at('2026-03-01T00:02:00Z') },
      { nbf: at('2026-03-01T00:00:30Z') },
    ];
    for (const over of notYet) {
      const result = await me(await call('me', token('ccsc-api/system.read', over)));
      expect(result.statusCode, JSON.stringify(over)).toBe(401);
      expect(result.headers?.['WWW-Authenticate']).toContain(
        'error="invalid_token", error_description="The access token is not valid yet',
      );
    }
    // Not a time at all, or none: not a token of the pool.
    for (const over of [{ iat: 'yesterday-ish' }, { nbf: 'soon' }, { iat: undefined }]) {
      const result = await me(await call('me', token('ccsc-api/system.read', over)));
      expect(result.statusCode, JSON.stringify(over)).toBe(401);
      expect(result.headers?.['WWW-Authenticate']).toContain(
        'error="invalid_token", error_description="The access token is not valid: malformed',
      );
    }
    const result = await me(
      await call('me', token('ccsc-api/system.read', { iat: at('2026-03-01T00:00:59Z') })),
    );
    expect(result.statusCode).toBe(200);
  });

  it('401 with the bare challenge when no token came (RFC 6750 §3.1), invalid_token for a refused one', async () => {
    const { me } = setup();
    const none = await me(await call('me', null));
    expect(none.statusCode).toBe(401);
    expect(none.headers?.['WWW-Authenticate']).toBe('Bearer realm="ccsc"');
    expect(body(none)).toMatchObject({
      error: {
        code: 'UNAUTHORIZED',
        message: expect.stringContaining('needs an access token') as unknown,
      },
    });
    for (const over of [
      { token_use: 'id', aud: 'client-1' },
      { scope: 'aws.cognito.signin.user.admin' },
      { exp: at('2026-02-28T23:59:59Z') },
      { iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Other' },
    ]) {
      const refused = await me(await call('me', token('ccsc-api/system.read', over)));
      expect(refused.statusCode, JSON.stringify(over)).toBe(401);
      expect(refused.headers?.['WWW-Authenticate']).toBe(
        'Bearer realm="ccsc", error="invalid_token", error_description="The access token is not valid: malformed, expired, not issued to a client of this API, or without any of its scopes."',
      );
    }
  });

  it('lists the connections of the calling system with the other side', async () => {
    const { connections } = setup();
    const result = await connections(await call('connections', token('ccsc-api/connections.read')));
    expect(body(result)).toMatchObject({
      data: {
        connections: [
          {
            connectionId: 'c-1',
            side: 'site',
            study: { protocolNumber: 'PH-1', sponsor: { name: 'Pharma' } },
            counterpart: { organisation: { name: 'Pharma' }, system: { name: 'Pharma eTMF' } },
          },
        ],
        nextCursor: null,
      },
    });
  });

  it('logs a refusal with the operation and API Gateway’s request id as correlation_id', async () => {
    const { me } = setup();
    const lines = await logLinesOf(async () =>
      me(await call('me', token('ccsc-api/documents.send'))),
    );
    expect(lines).toEqual([
      expect.objectContaining({
        message: 'request refused',
        operation: 'partner-me',
        correlation_id: 'req-1',
        code: 'FORBIDDEN',
      }),
    ]);
  });

  it('serves the OpenAPI document publicly', async () => {
    const handler = createOpenApiHandler({
      tokenUrl: () => 'https://auth.example/oauth2/token',
      origins: () => ['https://console.example'],
    });
    const result = await handler(await call('openapi.json', null));
    expect(result.statusCode).toBe(200);
    expect(body(result)).toMatchObject({
      openapi: '3.1.0',
      servers: [{ url: 'https://console.example/ccsc/api/v1' }],
    });
  });
});
