import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCredentialsTokens, credentialRefused, dataOf, PartnerCallError } from './client';

/** A token endpoint found by OpenID discovery, as the user pool's: counts the grants it made. */
let issuer: string;
let grants = 0;
let lifetimeSeconds = 3600;
let challenge = false;
const server = createServer((req, res) => {
  if (req.url?.endsWith('/.well-known/openid-configuration') === true) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ issuer, token_endpoint: `${issuer}/oauth2/token` }));
    return;
  }
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    grants += 1;
    const basic = Buffer.from('site:s3cret').toString('base64');
    const ok =
      req.headers.authorization === `Basic ${basic}` &&
      new URLSearchParams(body).get('grant_type') === 'client_credentials';
    res.writeHead(ok ? 200 : 401, {
      'content-type': 'application/json',
      // As Cognito answers a client it does not know (a revoked credential's).
      ...(ok || !challenge
        ? {}
        : { 'www-authenticate': 'Basic realm="token", error="invalid_client"' }),
    });
    res.end(
      JSON.stringify(
        ok
          ? {
              access_token: `token-${String(grants)}`,
              token_type: 'Bearer',
              expires_in: lifetimeSeconds,
            }
          : { error: 'invalid_client' },
      ),
    );
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/pool`;
});
afterAll(() => {
  server.close();
});

const tokens = (clientSecret = 's3cret') =>
  clientCredentialsTokens({
    issuer,
    clientId: 'site',
    clientSecret,
    scope: 'ccsc-api/system.read',
    allowHttp: true,
  });

describe('a partner system’s tokens', () => {
  it('are granted once and kept until a minute before they expire', async () => {
    grants = 0;
    lifetimeSeconds = 3600;
    const token = tokens();
    expect(await Promise.all([token(), token()])).toEqual(['token-1', 'token-1']);
    expect(await token()).toBe('token-1');
    expect(grants).toBe(1);
  });

  it('are asked for again when the one kept is about to expire', async () => {
    grants = 0;
    lifetimeSeconds = 30;
    const token = tokens();
    expect(await token()).toBe('token-1');
    expect(await token()).toBe('token-2');
  });
});

describe('a credential refused', () => {
  it('is told by the token endpoint (invalid_client) or the API (401), not by another refusal', async () => {
    for (const withChallenge of [false, true]) {
      challenge = withChallenge;
      const refused = await tokens('revoked')().catch((err: unknown) => err);
      expect(credentialRefused(refused), `challenge: ${String(withChallenge)}`).toBe(true);
    }
    expect(credentialRefused(new PartnerCallError(401, 'UNAUTHORIZED', ''))).toBe(true);
    expect(credentialRefused(new PartnerCallError(403, 'FORBIDDEN', ''))).toBe(false);
    expect(credentialRefused(new Error('ECONNREFUSED'))).toBe(false);
  });
});

describe('a call’s data', () => {
  it('is the envelope’s data, or its error as a PartnerCallError', () => {
    expect(dataOf({ data: { data: 1 }, response: new Response() })).toBe(1);
    const failed = () =>
      dataOf({
        error: { error: { code: 'NOT_FOUND', message: 'No such document.' } },
        response: new Response(null, { status: 404 }),
      });
    expect(failed).toThrow(PartnerCallError);
    expect(failed).toThrow('404 NOT_FOUND: No such document.');
  });
});
