import { describe, expect, it } from 'vitest';
import { openIdConfiguration } from './discovery';

describe('the discovery document', () => {
  it('names the token endpoint’s client authentication methods and the standard scopes', () => {
    expect(openIdConfiguration('http://127.0.0.1:9229', 'local_abc')).toMatchObject({
      issuer: 'http://127.0.0.1:9229/local_abc',
      token_endpoint: 'http://127.0.0.1:9229/oauth2/token',
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'email', 'phone', 'profile'],
    });
  });
});
