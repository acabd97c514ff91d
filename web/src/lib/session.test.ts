import { ROLES } from '@ccsc/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getProfile, roleOf, roleOfGroups, SESSION_KEYS, setProfile } from './session';

afterEach(() => {
  localStorage.clear();
});

describe('the stored profile', () => {
  it('knows every role of the contract, and nothing else', () => {
    for (const role of ROLES) expect(roleOf(role)).toBe(role);
    for (const other of ['admin', 'platformadmin', 'toString', '', null, 1]) {
      expect(roleOf(other)).toBeNull();
    }
  });

  it('reads the role from the groups as the server does: exactly one role group, else none', () => {
    for (const role of ROLES) expect(roleOfGroups([role])).toBe(role);
    expect(roleOfGroups(['eu-west-1_x_Google', 'Auditor'])).toBe('Auditor');
    expect(roleOfGroups(['Auditor', 'Auditor'])).toBe('Auditor');
    expect(roleOfGroups(['PlatformAdmin', 'OrgAdmin'])).toBeNull();
    expect(roleOfGroups([])).toBeNull();
    expect(roleOfGroups(['platformadmin'])).toBeNull();
    expect(roleOfGroups('PlatformAdmin')).toBeNull();
    expect(roleOfGroups(undefined)).toBeNull();
  });

  it('keeps the role and organisation, and drops a role it does not know', () => {
    setProfile({
      givenName: 'Ada',
      familyName: null,
      email: 'ada@example.com',
      role: 'OrgAdmin',
      organisationId: 'site-1',
    });
    expect(getProfile()).toMatchObject({ role: 'OrgAdmin', organisationId: 'site-1' });
    localStorage.setItem(
      SESSION_KEYS.profile,
      JSON.stringify({ email: 'ada@example.com', role: 'Root', organisationId: '' }),
    );
    expect(getProfile()).toMatchObject({ role: null, organisationId: null });
  });

  it('keeps the Cognito user name when there is one (a profile stored before has none)', () => {
    setProfile({ givenName: null, familyName: null, email: 'ada@example.com', userName: 'sub-1' });
    expect(getProfile()?.userName).toBe('sub-1');
    localStorage.setItem(SESSION_KEYS.profile, JSON.stringify({ email: 'ada@example.com' }));
    expect(getProfile()).not.toHaveProperty('userName');
  });
});
