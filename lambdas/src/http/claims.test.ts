import { describe, expect, it } from 'vitest';
import { claimsFor } from '../testing/api-gateway-event';
import { callerFromClaims, parseGroups } from './claims';
import { ForbiddenError, UnauthorizedError } from '../core/errors';

describe('parseGroups', () => {
  it.each([
    ['PlatformAdmin', ['PlatformAdmin']],
    ['PlatformAdmin,Auditor', ['PlatformAdmin', 'Auditor']],
    ['[PlatformAdmin, Auditor]', ['PlatformAdmin', 'Auditor']],
    ['[PlatformAdmin Auditor]', ['PlatformAdmin', 'Auditor']],
    ['', []],
  ])('reads %j', (raw, groups) => {
    expect(parseGroups(raw)).toEqual(groups);
  });
});

describe('callerFromClaims', () => {
  it('reads the caller from an ID token', () => {
    expect(
      callerFromClaims(claimsFor('OrgAdmin', { 'custom:organisationId': 'site-007' })),
    ).toEqual({
      sub: 'f0e1d2c3-0000-4000-8000-000000000001',
      userName: 'f0e1d2c3-0000-4000-8000-000000000001',
      email: 'caller@example.com',
      role: 'OrgAdmin',
      organisationId: 'site-007',
    });
  });

  it('refuses an access token in place of an ID token', () => {
    expect(() => callerFromClaims(claimsFor('OrgAdmin', { token_use: 'access' }))).toThrow(
      UnauthorizedError,
    );
  });

  it('refuses missing claims', () => {
    expect(() => callerFromClaims(undefined)).toThrow(UnauthorizedError);
  });

  it('refuses a caller whose groups hold no single role', () => {
    expect(() => callerFromClaims(claimsFor('Guests'))).toThrow(ForbiddenError);
  });
});
