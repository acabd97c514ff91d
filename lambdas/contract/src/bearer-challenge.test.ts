import { describe, expect, it } from 'vitest';
import { bearerChallenge, headerSafe } from './bearer-challenge';

/** RFC 6750 §3's grammar: auth-params separated by ", ", each value quoted NQSCHARs. */
const RFC6750 =
  /^Bearer realm="[\x20-\x21\x23-\x5B\x5D-\x7E]*"(, (error|error_description|scope)="[\x20-\x21\x23-\x5B\x5D-\x7E]*")*$/u;

describe('the partner API’s WWW-Authenticate challenge (RFC 6750 §3)', () => {
  it('names the realm alone when no token was sent', () => {
    expect(bearerChallenge()).toBe('Bearer realm="ccsc"');
  });

  it('says invalid_token, with a description, for a refused token', () => {
    const header = bearerChallenge({
      error: 'invalid_token',
      description: 'The access token expired.',
    });
    expect(header).toBe(
      'Bearer realm="ccsc", error="invalid_token", error_description="The access token expired."',
    );
    expect(header).toMatch(RFC6750);
  });

  it('says insufficient_scope with the scope the route needs, comma-separated', () => {
    const header = bearerChallenge({
      error: 'insufficient_scope',
      description: '/ccsc/api/v1/connections needs the scope ccsc-api/connections.read.',
      scope: 'ccsc-api/connections.read',
    });
    expect(header).toBe(
      'Bearer realm="ccsc", error="insufficient_scope", error_description="/ccsc/api/v1/connections needs the scope ccsc-api/connections.read.", scope="ccsc-api/connections.read"',
    );
    expect(header).toMatch(RFC6750);
  });

  it('folds a description to the characters a header value may hold', () => {
    expect(headerSafe('the API’s “scopes” — a\\b "x" Müller\u00A0now')).toBe(
      "the API's 'scopes' - a/b 'x' Muller now",
    );
    const header = bearerChallenge({ error: 'invalid_token', description: 'é ü ş ğ ı İ 😀 \n x' });
    expect(header).toMatch(RFC6750);
    expect(header).toContain('error_description="e u s g I x"');
  });

  it('leaves out an empty description', () => {
    expect(bearerChallenge({ error: 'invalid_token', description: '😀' })).toBe(
      'Bearer realm="ccsc", error="invalid_token"',
    );
  });
});
