import { describe, expect, it } from 'vitest';
import { reaches, reachOf, reachWithin, seesAccount } from './reach';

const everything = { kind: 'everything' } as const;
const org = (organisationId: string) => ({ kind: 'organisation', organisationId }) as const;

describe('reach (issue 12): what every read and grant follows from', () => {
  it('is everything for a PlatformAdmin and an Auditor without an organisation', () => {
    expect(reachOf({ role: 'PlatformAdmin', organisationId: null })).toEqual(everything);
    expect(reachOf({ role: 'Auditor', organisationId: null })).toEqual(everything);
  });

  it('is one organisation for an OrgAdmin or an Auditor of it', () => {
    expect(reachOf({ role: 'OrgAdmin', organisationId: 'a' })).toEqual(org('a'));
    expect(reachOf({ role: 'Auditor', organisationId: 'a' })).toEqual(org('a'));
  });

  it('is nothing for an OrgAdmin without an organisation, or an account without a role', () => {
    expect(reachOf({ role: 'OrgAdmin', organisationId: null })).toEqual({ kind: 'nothing' });
    expect(reachOf({ role: null, organisationId: 'a' })).toEqual({ kind: 'nothing' });
  });

  it('reaches records of its organisation only, never those about none', () => {
    expect(reaches(org('a'), 'a')).toBe(true);
    expect(reaches(org('a'), 'b')).toBe(false);
    expect(reaches(org('a'), null)).toBe(false);
    expect(reaches(everything, null)).toBe(true);
    expect(reaches({ kind: 'nothing' }, 'a')).toBe(false);
  });

  it('orders reaches: nothing ⊆ one organisation ⊆ everything', () => {
    expect(reachWithin(org('a'), org('a'))).toBe(true);
    expect(reachWithin(org('a'), org('b'))).toBe(false);
    expect(reachWithin(everything, org('a'))).toBe(false);
    expect(reachWithin(org('a'), everything)).toBe(true);
    expect(reachWithin({ kind: 'nothing' }, org('a'))).toBe(true);
    expect(reachWithin(org('a'), { kind: 'nothing' })).toBe(false);
  });

  it('sees PlatformAdmins only from everywhere', () => {
    const platformAdmin = { role: 'PlatformAdmin', organisationId: null } as const;
    expect(seesAccount(everything, platformAdmin)).toBe(true);
    expect(seesAccount(org('a'), platformAdmin)).toBe(false);
    expect(seesAccount(org('a'), { role: 'Auditor', organisationId: null })).toBe(false);
    expect(seesAccount(org('a'), { role: 'Auditor', organisationId: 'a' })).toBe(true);
  });
});
