import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { listOrganisations } from './list-organisations.core';
import { as, network, organisationRecord, type Who } from './organisation-test-network';

const ids = (list: { organisations: { organisationId: string }[] }) =>
  list.organisations.map((o) => o.organisationId);

describe('list-organisations', () => {
  it('show each caller what it may see, by name', async () => {
    const { deps } = network();
    const table: [Who, string[]][] = [
      // Acme, Charité, Contract, Hôpital, Inactive, Klinik, Other — by folded name.
      ['admin', ['S', 'A', 'C', 'B', 'I', 'D', 'O']],
      ['auditorAll', ['S', 'A', 'C', 'B', 'I', 'D', 'O']],
      // The sponsor's and the CRO's connections show both sites (one ended).
      ['sponsorAdmin', ['S', 'A', 'C', 'B']],
      ['croAuditor', ['S', 'A', 'C', 'B']],
      // A site sees the sponsor and CRO of its connection, not the other site.
      ['siteAdmin', ['S', 'A', 'C']],
      ['siteAuditor', ['S', 'A', 'C']],
      ['endedSiteAdmin', ['S', 'C', 'B']],
      ['otherSiteAdmin', ['D']],
      ['noOrganisationAdmin', []],
    ];
    for (const [who, expected] of table) {
      const list = await listOrganisations({}, as(who), deps);
      expect(ids(list), who).toEqual(expected);
      expect(list.total, who).toBe(expected.length);
      expect(routes['list-organisations'].response.safeParse(list).success).toBe(true);
    }
  });

  it('filter by kind, status and country', async () => {
    const { deps } = network();
    expect(ids(await listOrganisations({ kind: 'cro' }, as('admin'), deps))).toEqual(['C']);
    expect(ids(await listOrganisations({ status: 'inactive' }, as('admin'), deps))).toEqual(['I']);
    expect(ids(await listOrganisations({ country: 'FR' }, as('admin'), deps))).toEqual(['B']);
  });

  it('search the start of any word of the name, identifier values and the country, any case or accent', async () => {
    const { deps } = network();
    const search = async (text: string) =>
      ids(await listOrganisations({ search: text }, as('admin'), deps));
    expect(await search('charite')).toEqual(['A']);
    expect(await search('BERL')).toEqual(['A']);
    expect(await search('hopital s')).toEqual(['B']);
    expect(await search('sn-1')).toEqual(['A']);
    expect(await search('gb')).toEqual(['C']);
    expect(await search('pharma')).toEqual(['S', 'O']);
    expect(await search('harma')).toEqual([]);
    // What the caller may not see is not found either.
    expect(ids(await listOrganisations({ search: 'klinik' }, as('siteAdmin'), deps))).toEqual([]);
  });

  it('pages as asked', async () => {
    const { deps } = network();
    const first = await listOrganisations({ limit: 3 }, as('admin'), deps);
    expect(first).toMatchObject({ count: 3, total: 7 });
    expect(ids(first)).toEqual(['S', 'A', 'C']);
  });

  it('see a change at once (a new snapshot is indexed anew)', async () => {
    const { deps, registry } = network();
    expect(ids(await listOrganisations({ search: 'neu' }, as('admin'), deps))).toEqual([]);
    registry.seed([
      { type: 'organisation', record: organisationRecord('N', 'Neue Klinik', 'site') },
    ]);
    expect(ids(await listOrganisations({ search: 'neu' }, as('admin'), deps))).toEqual(['N']);
  });
});
