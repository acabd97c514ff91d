import { mayManageSystems as registryRule } from '@ccsc/contract/registry-access';
import type { Role } from '@ccsc/contract/roles';
import { describe, expect, it } from 'vitest';
import { credential } from '../../../testing/credential-fixtures';
import {
  credentialActions,
  daysToExpiry,
  earliestExpiryDay,
  expiryDayFits,
  latestExpiryDay,
  mayIssue,
  mayManageSystems,
} from './credential-rules';

const ROLES: (Role | null)[] = ['PlatformAdmin', 'OrgAdmin', 'Auditor', null];
const ORGS = [null, 'site-1', 'sponsor-1'];

describe('the credential rules', () => {
  it('are the registry’s mayManageSystems for every role and organisation', () => {
    for (const role of ROLES) {
      for (const organisationId of ORGS) {
        for (const target of ['site-1', 'sponsor-1']) {
          const actor = { role, organisationId };
          expect({ actor, target, may: mayManageSystems(actor, target) }).toEqual({
            actor,
            target,
            may: registryRule(actor, target),
          });
        }
      }
    }
  });

  it('offer issuing to a PlatformAdmin and an OrgAdmin of an organisation, never to an Auditor', () => {
    expect(mayIssue({ role: 'PlatformAdmin', organisationId: null })).toBe(true);
    expect(mayIssue({ role: 'OrgAdmin', organisationId: 'site-1' })).toBe(true);
    expect(mayIssue({ role: 'OrgAdmin', organisationId: null })).toBe(false);
    expect(mayIssue({ role: 'Auditor', organisationId: null })).toBe(false);
    expect(mayIssue({ role: 'Auditor', organisationId: 'site-1' })).toBe(false);
  });

  it('offer each step in the states it fits, to those who manage the organisation', () => {
    const admin = { role: 'OrgAdmin' as const, organisationId: 'site-1' };
    const of = (overrides: Parameters<typeof credential>[1]) =>
      credentialActions(admin, credential('a1b2c3d4', overrides));
    expect(of({ status: 'pending', revealedAt: null })).toEqual(['resend', 'scope', 'revoke']);
    expect(of({ status: 'active' })).toEqual(['rotate', 'scope', 'revoke']);
    expect(of({ status: 'expiring' })).toEqual(['rotate', 'scope', 'revoke']);
    // A rotation whose link is out may be sent again; a revealed one may end its grace now.
    expect(of({ rotation: { graceDays: 7, revealedAt: null, retiresAt: null } })).toEqual([
      'rotate',
      'scope',
      'revoke',
    ]);
    expect(
      of({
        rotation: {
          graceDays: 7,
          revealedAt: '2025-02-01T00:00:00.000Z',
          retiresAt: '2025-02-08T00:00:00.000Z',
        },
      }),
    ).toEqual(['retire', 'scope', 'revoke']);
    expect(of({ status: 'expired' })).toEqual(['scope', 'revoke']);
    expect(of({ status: 'revoked' })).toEqual([]);
    // Another organisation's credential, an Auditor: the scope document only.
    expect(of({ organisationId: 'sponsor-1' })).toEqual(['scope']);
    expect(
      credentialActions({ role: 'Auditor', organisationId: null }, credential('a1b2c3d4')),
    ).toEqual(['scope']);
  });

  it('warn of an expiry 30 days or fewer ahead, for a credential that still works', () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    expect(daysToExpiry(credential('a', { expiresAt: '2025-03-31T09:00:00.000Z' }), now)).toBe(29);
    expect(daysToExpiry(credential('a', { expiresAt: '2025-03-31T10:00:00.000Z' }), now)).toBe(30);
    expect(
      daysToExpiry(credential('a', { expiresAt: '2025-04-01T10:00:00.000Z' }), now),
    ).toBeNull();
    expect(daysToExpiry(credential('a', { expiresAt: '2025-03-01T20:00:00.000Z' }), now)).toBe(0);
    expect(
      daysToExpiry(
        credential('a', { status: 'revoked', expiresAt: '2025-03-05T10:00:00.000Z' }),
        now,
      ),
    ).toBeNull();
  });

  it('let a new credential end from tomorrow to 12 months ahead less a day', () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    expect(earliestExpiryDay(now)).toBe('2025-03-02');
    expect(latestExpiryDay(now)).toBe('2026-02-28');
    expect(latestExpiryDay(new Date('2024-02-29T10:00:00.000Z'))).toBe('2025-02-27');
    expect(expiryDayFits('2026-02-28', now)).toBe(true);
    expect(expiryDayFits('2026-03-01', now)).toBe(false);
    expect(expiryDayFits('2025-03-01', now)).toBe(false);
    expect(expiryDayFits('', now)).toBe(false);
  });
});
