import { describe, expect, it } from 'vitest';
import { reachesEverything, reachOf, scopedOrganisation } from './reach';

describe('the reach of the signed-in account (as lambdas/src/@ccsc/contract/reach)', () => {
  it('reaches everything as a PlatformAdmin, or as an Auditor of no organisation', () => {
    expect(reachOf({ role: 'PlatformAdmin', organisationId: null })).toEqual({
      kind: 'everything',
    });
    expect(reachOf({ role: 'Auditor', organisationId: null })).toEqual({ kind: 'everything' });
    expect(reachOf({ role: 'Auditor' })).toEqual({ kind: 'everything' });
    expect(reachesEverything({ role: 'Auditor', organisationId: null })).toBe(true);
    expect(scopedOrganisation({ role: 'PlatformAdmin', organisationId: null })).toBeNull();
  });

  it('reaches one organisation as an OrgAdmin or an Auditor of it', () => {
    for (const role of ['OrgAdmin', 'Auditor'] as const) {
      expect(reachOf({ role, organisationId: 'site-1' })).toEqual({
        kind: 'organisation',
        organisationId: 'site-1',
      });
      expect(reachesEverything({ role, organisationId: 'site-1' })).toBe(false);
      expect(scopedOrganisation({ role, organisationId: 'site-1' })).toBe('site-1');
    }
  });

  it('reaches nothing without a role, or as an OrgAdmin without an organisation', () => {
    expect(reachOf(null)).toEqual({ kind: 'nothing' });
    expect(reachOf({ role: null, organisationId: 'site-1' })).toEqual({ kind: 'nothing' });
    expect(reachOf({ role: 'OrgAdmin', organisationId: null })).toEqual({ kind: 'nothing' });
    expect(reachesEverything(null)).toBe(false);
    expect(scopedOrganisation({ role: 'OrgAdmin', organisationId: null })).toBeNull();
  });
});
