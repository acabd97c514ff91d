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

const call = (path: string, claims: Record<string, string> | null, method = 'GET') =>
  buildApiGatewayEvent({
    method,
    resource: `/ccsc/api/v1/${path}`,
    path: `/ccsc/api/v1/${path}`,
    query: [],
    headers: { 'user-agent': 'vitest' },
    body: null,
    claims,
    sourceIp: '127.0.0.1',
    protocol: 'HTTP/1.1',
    requestId: 'req-1',
    requestTimeEpoch: 0,
  });

const token = (scope: string, over: Record<string, string> = {}) => ({
  client_id: 'client-1',
  sub: 'client-1',
  token_use: 'access',
  scope,
  // As API Gateway's Cognito authorizer writes it: five minutes before the clock.
  iat: 'Sat Feb 28 23:55:00 UTC 2026',
  ...over,
});

const body = (result: { body: string }) => JSON.parse(result.body) as Record<string, unknown>;

describe('the partner router', () => {
  it('answers the calling system, and records the use once per interval', async () => {
    const { me, store } = setup();
    const result = await me(call('me', token('ccsc-api/system.read')));
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
    const result = await connections(call('connections', token('ccsc-api/system.read')));
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
      const result = await me(call('me', token('ccsc-api/system.read')));
      expect(result.statusCode, record.status).toBe(401);
      expect(result.headers?.['WWW-Authenticate']).toBe(
        'Bearer realm="ccsc", error="invalid_token", error_description="The access token is not valid for this API: its credential was revoked, has expired or does not exist, or its secret was retired after the token was issued. Ask for a new token."',
      );
    }
    const { me } = setup();
    expect((await me(call('me', token('x', { token_use: 'id' })))).statusCode).toBe(401);
    expect((await me(call('me', null))).statusCode).toBe(401);
    expect((await me(call('me', token('ccsc-api/system.read'), 'POST'))).statusCode).toBe(405);
  });

  it('401 for a token issued before its secret was retired at once (tokensNotBefore)', async () => {
    const { me } = setup(credential({ tokensNotBefore: '2026-02-28T23:55:01.000Z' }));
    const before = await me(call('me', token('ccsc-api/system.read')));
    expect(before.statusCode).toBe(401);
    expect(before.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
    const after = await me(
      call('me', token('ccsc-api/system.read', { iat: 'Sat Feb 28 23:55:01 UTC 2026' })),
    );
    expect(after.statusCode).toBe(200);
  });

  it('401 for a token issued (iat) or valid (nbf) ahead of the clock beyond a minute’s skew', async () => {
    const { me } = setup();
    const refused: Record<string, string>[] = [
      { iat: 'Sun Mar 01 00:01:01 UTC 2026' },
      { iat: String(Date.parse('2026-03-01T00:05:00Z') / 1000) },
      { iat: 'yesterday-ish' },
      { nbf: String(Date.parse('2026-03-01T00:02:00Z') / 1000) },
      { nbf: 'soon' },
    ];
    for (const over of refused) {
      const result = await me(call('me', token('ccsc-api/system.read', over)));
      expect(result.statusCode, JSON.stringify(over)).toBe(401);
      expect(result.headers?.['WWW-Authenticate']).toContain(
        'error="invalid_token", error_description="The access token is not valid yet',
      );
    }
    const withoutIat = Object.fromEntries(
      Object.entries(token('ccsc-api/system.read')).filter(([name]) => name !== 'iat'),
    );
    expect((await me(call('me', withoutIat))).statusCode).toBe(401);
    const accepted: Record<string, string>[] = [
      { iat: 'Sun Mar 01 00:00:59 UTC 2026' },
      { nbf: String(Date.parse('2026-03-01T00:00:30Z') / 1000) },
    ];
    for (const over of accepted) {
      const result = await me(call('me', token('ccsc-api/system.read', over)));
      expect(result.statusCode, JSON.stringify(over)).toBe(200);
    }
  });

  it('lists the connections of the calling system with the other side', async () => {
    const { connections } = setup();
    const result = await connections(call('connections', token('ccsc-api/connections.read')));
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
    const lines = await logLinesOf(() => me(call('me', token('ccsc-api/documents.send'))));
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
    const result = await handler(call('openapi.json', null));
    expect(result.statusCode).toBe(200);
    expect(body(result)).toMatchObject({
      openapi: '3.1.0',
      servers: [{ url: 'https://console.example/ccsc/api/v1' }],
    });
  });
});
