import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract';
import type { OrganisationKind } from '../../data-model';
import type { Organisation, Organisations } from '../../ports/organisations';
import { callerContext } from '../../testing/fakes';
import { getSiteOrgList, getSponsorList } from './organisation-lists.core';

const ORGS: Organisation[] = [
  { organisationId: 'site-a', name: 'Site A', kind: 'site', country: 'DE' },
  { organisationId: 'site-b', name: 'Site B', kind: 'site', country: 'TR' },
  { organisationId: 'sponsor-x', name: 'Sponsor X', kind: 'sponsor', country: null },
];

const organisations: Pick<Organisations, 'list'> = {
  list: (kind: OrganisationKind) => Promise.resolve(ORGS.filter((o) => o.kind === kind)),
};

describe('getSiteOrgList and getSponsorList', () => {
  it('give a PlatformAdmin and an Auditor every organisation of the kind', async () => {
    for (const role of ['PlatformAdmin', 'Auditor'] as const) {
      const sites = await getSiteOrgList({}, callerContext({ role }), { organisations });
      expect(sites.organisations.map((o) => o.organisationId)).toEqual(['site-a', 'site-b']);
      expect(routes.getSiteOrgList.response.safeParse(sites).success).toBe(true);
      const sponsors = await getSponsorList({}, callerContext({ role }), { organisations });
      expect(sponsors.organisations.map((o) => o.organisationId)).toEqual(['sponsor-x']);
    }
  });

  it('give an OrgAdmin their own organisation only', async () => {
    const ctx = callerContext({ role: 'OrgAdmin', organisationId: 'site-b' });
    expect((await getSiteOrgList({}, ctx, { organisations })).organisations).toEqual([ORGS[1]]);
    expect((await getSponsorList({}, ctx, { organisations })).organisations).toEqual([]);
  });
});
