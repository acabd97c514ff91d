import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { getOrgSysList } from './get-org-sys-list.core';
import { getSiteOrgList } from './get-site-org-list.core';
import { getSponsorList } from './get-sponsor-list.core';
import { listOrganisations } from './list-organisations.core';
import {
  as,
  network,
  organisationRecord,
  systemRecord,
  type Who,
} from './organisation-test-network';

const ids = (list: { organisations: { organisationId: string }[] }) =>
  list.organisations.map((o) => o.organisationId);

describe('list-organisations, getSiteOrgList, getSponsorList', () => {
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

  it('getSiteOrgList lists sites, getSponsorList sponsors and CROs', async () => {
    const { deps } = network();
    expect(ids(await getSiteOrgList({}, as('admin'), deps))).toEqual(['A', 'B', 'I', 'D']);
    expect(ids(await getSponsorList({}, as('admin'), deps))).toEqual(['S', 'C', 'O']);
    expect(ids(await getSiteOrgList({}, as('sponsorAdmin'), deps))).toEqual(['A', 'B']);
    expect(ids(await getSponsorList({}, as('siteAdmin'), deps))).toEqual(['S', 'C']);
    expect(ids(await getSponsorList({}, as('otherSiteAdmin'), deps))).toEqual([]);
  });

  it('filter by kind, status and country', async () => {
    const { deps } = network();
    expect(ids(await listOrganisations({ kind: 'cro' }, as('admin'), deps))).toEqual(['C']);
    expect(ids(await listOrganisations({ status: 'inactive' }, as('admin'), deps))).toEqual(['I']);
    expect(ids(await listOrganisations({ country: 'FR' }, as('admin'), deps))).toEqual(['B']);
    expect(
      ids(await getSiteOrgList({ status: 'active', country: 'DE' }, as('admin'), deps)),
    ).toEqual(['A', 'D']);
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

  it('page 50 at a time unless asked, with a cursor bound to its query', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      type: 'organisation' as const,
      record: organisationRecord(
        `X${String(i).padStart(3, '0')}`,
        `Zentrum ${String(i).padStart(3, '0')}`,
        'site',
      ),
    }));
    const { deps } = network(many);
    const first = await getSiteOrgList({ search: 'zentrum' }, as('admin'), deps);
    expect(first).toMatchObject({ count: 50, total: 120 });
    const second = await getSiteOrgList(
      { search: 'zentrum', cursor: first.nextCursor ?? '' },
      as('admin'),
      deps,
    );
    const third = await getSiteOrgList(
      { search: 'zentrum', cursor: second.nextCursor ?? '' },
      as('admin'),
      deps,
    );
    expect(third).toMatchObject({ count: 20, nextCursor: null });
    const all = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(all).size).toBe(120);
    expect(all[0]).toBe('X000');
    expect((await listOrganisations({ limit: 3 }, as('admin'), deps)).count).toBe(3);
    await expect(
      getSiteOrgList({ search: 'zent', cursor: first.nextCursor ?? '' }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      getSponsorList({ search: 'zentrum', cursor: first.nextCursor ?? '' }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
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

describe('getOrgSysList', () => {
  const systemIds = (list: { systems: { systemId: string }[] }) =>
    list.systems.map((s) => s.systemId);

  it('shows each caller its own systems and those its connections use, by organisation then name', async () => {
    const { deps } = network();
    const table: [Who, string[]][] = [
      ['admin', ['s1', 'a2', 'a1', 'b1', 'i1', 'd1', 'o1']],
      ['auditorAll', ['s1', 'a2', 'a1', 'b1', 'i1', 'd1', 'o1']],
      ['sponsorAdmin', ['s1', 'a1', 'b1']],
      ['croAuditor', ['s1', 'a1', 'b1']],
      ['siteAdmin', ['s1', 'a2', 'a1']],
      ['siteAuditor', ['s1', 'a2', 'a1']],
      ['otherSiteAdmin', ['d1']],
      ['noOrganisationAdmin', []],
    ];
    for (const [who, expected] of table) {
      const list = await getOrgSysList({}, as(who), deps);
      expect(systemIds(list), who).toEqual(expected);
      expect(routes.getOrgSysList.response.safeParse(list).success).toBe(true);
    }
  });

  it("filters by organisation, kind, environment, status and search; another's unconnected systems are just not there", async () => {
    const { deps } = network();
    expect(systemIds(await getOrgSysList({ organisationId: 'A' }, as('admin'), deps))).toEqual([
      'a2',
      'a1',
    ]);
    expect(
      systemIds(await getOrgSysList({ organisationId: 'A' }, as('sponsorAdmin'), deps)),
    ).toEqual(['a1']);
    expect(
      systemIds(await getOrgSysList({ organisationId: 'D' }, as('sponsorAdmin'), deps)),
    ).toEqual([]);
    expect(systemIds(await getOrgSysList({ kind: 'etmf' }, as('admin'), deps))).toEqual(['s1']);
    expect(systemIds(await getOrgSysList({ environment: 'test' }, as('admin'), deps))).toEqual([
      'a2',
    ]);
    expect(systemIds(await getOrgSysList({ status: 'inactive' }, as('admin'), deps))).toEqual([
      'i1',
    ]);
    expect(systemIds(await getOrgSysList({ search: 'veeva' }, as('admin'), deps))).toEqual(['s1']);
    expect(systemIds(await getOrgSysList({ search: 'ebind' }, as('admin'), deps))).toEqual(['a1']);
    expect(systemIds(await getOrgSysList({ search: 'flor' }, as('otherSiteAdmin'), deps))).toEqual(
      [],
    );
    const list = await getOrgSysList({ organisationId: 'A' }, as('admin'), deps);
    expect(list.systems[0]?.organisationName).toBe('Charité Berlin');
  });

  it('pages with a cursor of its own', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      type: 'system' as const,
      record: systemRecord(`z${String(i).padStart(2, '0')}`, 'D', {
        name: `Zeta ${String(i).padStart(2, '0')}`,
      }),
    }));
    const { deps } = network(many);
    const first = await getOrgSysList(
      { organisationId: 'D', limit: 40 },
      as('otherSiteAdmin'),
      deps,
    );
    expect(first).toMatchObject({ count: 40, total: 61 });
    const rest = await getOrgSysList(
      { organisationId: 'D', limit: 40, cursor: first.nextCursor ?? '' },
      as('otherSiteAdmin'),
      deps,
    );
    expect(rest).toMatchObject({ count: 21, nextCursor: null });
  });
});
