import { describe, expect, it } from 'vitest';
import {
  cognitoRegionalEndpoint,
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
} from './security-headers';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );

describe('contentSecurityPolicy', () => {
  it('lets the console in AWS connect to itself, regional Cognito and the API, and nothing else', () => {
    const policy = contentSecurityPolicy({
      cognitoEndpoint: cognitoRegionalEndpoint('eu-central-1'),
      apiOrigin: 'https://abc.execute-api.eu-central-1.amazonaws.com',
    });
    expect(directives(policy)).toEqual({
      'default-src': ["'self'"],
      'connect-src': [
        "'self'",
        'https://cognito-idp.eu-central-1.amazonaws.com',
        'https://abc.execute-api.eu-central-1.amazonaws.com',
      ],
      'img-src': ["'self'", 'data:', 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'script-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('offline: the local Cognito stand-in, a same-origin API and the development extras', () => {
    const policy = contentSecurityPolicy({
      cognitoEndpoint: 'http://127.0.0.1:9229',
      devConnectSources: ['ws://localhost:5173'],
    });
    expect(directives(policy)['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:9229',
      'ws://localhost:5173',
    ]);
  });

  it('never allows inline or evaluated script, whatever it is given', () => {
    const policy = contentSecurityPolicy({
      cognitoEndpoint: 'http://localhost:9229',
      apiOrigin: 'http://localhost:9229',
    });
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(directives(policy)['connect-src']).toEqual(["'self'", 'http://localhost:9229']);
  });

  it('passes unresolved CDK tokens through as they are', () => {
    const token = '${Token[TOKEN.123]}';
    expect(
      contentSecurityPolicy({ cognitoEndpoint: 'x', apiOrigin: `https://${token}` }),
    ).toContain(`connect-src 'self' x https://${token};`);
  });
});

describe('PERMISSIONS_POLICY', () => {
  const features = Object.fromEntries(
    PERMISSIONS_POLICY.split(', ').map((entry) => {
      const [name = '', allow = ''] = entry.split('=');
      return [name, allow];
    }),
  );

  it('switches off the powerful features the console never uses', () => {
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'clipboard-read',
    ])
      expect(features[feature]).toBe('()');
  });

  it('lets the console itself (only) write to the clipboard, for its copy buttons', () => {
    expect(features['clipboard-write']).toBe('(self)');
    expect(Object.values(features).filter((allow) => allow !== '()')).toEqual(['(self)']);
  });

  it('is well-formed: one structured-header dictionary entry per feature, none twice', () => {
    const names = PERMISSIONS_POLICY.split(', ').map((e) => e.split('=')[0]);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of PERMISSIONS_POLICY.split(', '))
      expect(entry).toMatch(/^[a-z-]+=\((self)?\)$/);
  });
});
