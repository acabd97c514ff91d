import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../core/errors';
import { searchSiteDirectory } from './site-directory-search.core';
import { network, ORG, WHO, type Who } from '../core/testing/connection-test-network';

const search = (who: Who, query: Parameters<typeof searchSiteDirectory>[0] = {}) =>
  searchSiteDirectory(query, WHO[who], network().deps);

describe('search-site-directory', () => {
  it.each<[Who, boolean]>([
    ['platformAdmin', true],
    ['sponsorAdmin', true],
    ['croAdmin', true],
    ['otherSponsorAdmin', true],
    ['siteAdmin', false],
    ['unrelatedAdmin', false],
    ['auditorAll', false],
    ['siteAuditor', false],
  ])('%s may search: %s', async (who, may) => {
    const got = search(who);
    if (may) await expect(got).resolves.toBeDefined();
    else await expect(got).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lists every active site by name with only its name, country and identifiers', async () => {
    const { sites, total } = await search('sponsorAdmin');
    expect(total).toBe(3);
    expect(sites).toEqual([
      {
        organisationId: ORG.site.organisationId,
        name: 'Charité Berlin',
        country: 'DE',
        identifiers: [{ label: 'Site network', value: 'SN-4711' }],
      },
      {
        organisationId: ORG.unrelatedSite.organisationId,
        name: 'Faraway Clinic',
        country: 'JP',
        identifiers: [],
      },
      {
        organisationId: ORG.otherSite.organisationId,
        name: "St. Mary's Hospital",
        country: 'GB',
        identifiers: [],
      },
    ]);
  });

  it.each<[string, Parameters<typeof searchSiteDirectory>[0], string[]]>([
    ['a name word', { search: 'hosp' }, ["St. Mary's Hospital"]],
    ['an identifier', { search: 'sn-47' }, ['Charité Berlin']],
    ['the country', { country: 'JP' }, ['Faraway Clinic']],
    ['an inactive site is never found', { search: 'closed' }, []],
    ['a sponsor is never found', { search: 'acme' }, []],
  ])('finds by %s', async (_what, query, want) => {
    expect((await search('croAdmin', query)).sites.map((s) => s.name)).toEqual(want);
  });

  it('with kind cro lists the active CROs, for a sponsor to name on a study', async () => {
    const { sites } = await search('sponsorAdmin', { kind: 'cro' });
    expect(sites.map((s) => s.name)).toEqual(['Quick CRO', 'Slow CRO']);
    // Only a sponsor names a CRO: a CRO, a site or an Auditor does not search them.
    for (const who of ['croAdmin', 'siteAdmin', 'auditorAll'] as const) {
      await expect(search(who, { kind: 'cro' })).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(search('platformAdmin', { kind: 'cro' })).resolves.toBeDefined();
  });
});
