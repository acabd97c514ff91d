import type { Role } from '@ccsc/contract/roles';
import { describe, expect, it } from 'vitest';
import { fixedOrganisation, mayChangeStandard, mayCreateStandards } from './standard-rules';

const ROLES: (Role | null)[] = ['PlatformAdmin', 'OrgAdmin', 'Auditor', null];

describe('who may change mapping standards', () => {
  it('is the server’s rule: a PlatformAdmin any, an OrgAdmin their own organisation’s, nobody else', () => {
    const table = ROLES.flatMap((role) =>
      [null, 'site-1'].map((organisationId) => ({
        role,
        organisationId,
        own: mayChangeStandard({ role, organisationId }, 'site-1'),
        other: mayChangeStandard({ role, organisationId }, 'sponsor-1'),
        creates: mayCreateStandards({ role, organisationId }),
      })),
    );
    expect(
      table.filter((r) => r.own).map((r) => `${r.role ?? '-'}/${r.organisationId ?? '-'}`),
    ).toEqual(['PlatformAdmin/-', 'PlatformAdmin/site-1', 'OrgAdmin/site-1']);
    expect(table.filter((r) => r.other).map((r) => r.role)).toEqual([
      'PlatformAdmin',
      'PlatformAdmin',
    ]);
    expect(
      table.filter((r) => r.creates).map((r) => `${r.role ?? '-'}/${r.organisationId ?? '-'}`),
    ).toEqual(['PlatformAdmin/-', 'PlatformAdmin/site-1', 'OrgAdmin/site-1']);
  });

  it('fixes an OrgAdmin’s new standard to their organisation', () => {
    expect(fixedOrganisation({ role: 'OrgAdmin', organisationId: 'site-1' })).toBe('site-1');
    expect(fixedOrganisation({ role: 'PlatformAdmin', organisationId: null })).toBeNull();
  });
});
