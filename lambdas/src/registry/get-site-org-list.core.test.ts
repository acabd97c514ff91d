import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { getSiteOrgList } from './get-site-org-list.core';
import { getSponsorList } from './get-sponsor-list.core';
import { listOrganisations } from './list-organisations.core';
import { as, network, organisationRecord, type Who } from './organisation-test-network';

/**
 * getSiteOrgList (SPEC §7; operations.md, "The registry"): the site organisations the caller
 * sees (its own, and those its connections show), by name, filtered and searched like
 * list-organisations, 50 a page with a cursor bound to its query.
 */

const ids = (list: { organisations: { organisationId: string }[] }) =>
  list.organisations.map((o) => o.organisationId);

describe('getSiteOrgList', () => {
  it('lists the sites each caller sees, by name, and no other kind', async () => {
    const { deps } = network();
    const table: [Who, string[]][] = [
      ['admin', ['A', 'B', 'I', 'D']],
      ['auditorAll', ['A', 'B', 'I', 'D']],
      // The sponsor's and the CRO's connections show both sites (one ended).
      ['sponsorAdmin', ['A', 'B']],
      ['croAuditor', ['A', 'B']],
      // A site sees itself, never the study's other site.
      ['siteAdmin', ['A']],
      ['endedSiteAdmin', ['B']],
      ['otherSiteAdmin', ['D']],
      ['noOrganisationAdmin', []],
    ];
    for (const [who, expected] of table) {
      const list = await getSiteOrgList({}, as(who), deps);
      expect(ids(list), who).toEqual(expected);
      expect(list).toMatchObject({ count: expected.length, total: expected.length });
      expect(routes.getSiteOrgList.response.safeParse(list).success, who).toBe(true);
    }
  });

  it('filters by status and country, and searches like list-organisations', async () => {
    const { deps } = network();
    expect(
      ids(await getSiteOrgList({ status: 'active', country: 'DE' }, as('admin'), deps)),
    ).toEqual(['A', 'D']);
    expect(ids(await getSiteOrgList({ status: 'inactive' }, as('admin'), deps))).toEqual(['I']);
    expect(ids(await getSiteOrgList({ search: 'hopital' }, as('admin'), deps))).toEqual(['B']);
    // A sponsor is no site, whatever the search.
    expect(ids(await getSiteOrgList({ search: 'pharma' }, as('admin'), deps))).toEqual([]);
    expect(ids(await getSiteOrgList({ search: 'klinik' }, as('siteAdmin'), deps))).toEqual([]);
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
});
