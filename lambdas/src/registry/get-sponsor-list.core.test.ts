import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { getSiteOrgList } from './get-site-org-list.core';
import { getSponsorList } from './get-sponsor-list.core';
import { as, network, organisationRecord, type Who } from './organisation-test-network';

/**
 * getSponsorList (SPEC §7; operations.md, "The registry"): the sponsors and the CROs (who act for
 * sponsors) the caller sees, by name, filtered and searched like list-organisations, paged with a
 * cursor of its own.
 */

const ids = (list: { organisations: { organisationId: string }[] }) =>
  list.organisations.map((o) => o.organisationId);

describe('getSponsorList', () => {
  it('lists the sponsors and CROs each caller sees, by name', async () => {
    const { deps } = network();
    const table: [Who, string[]][] = [
      ['admin', ['S', 'C', 'O']],
      ['auditorAll', ['S', 'C', 'O']],
      ['sponsorAdmin', ['S', 'C']],
      ['croAuditor', ['S', 'C']],
      // A site sees the sponsor and the CRO of its connections, ended ones too.
      ['siteAdmin', ['S', 'C']],
      ['endedSiteAdmin', ['S', 'C']],
      ['otherSiteAdmin', []],
      ['noOrganisationAdmin', []],
    ];
    for (const [who, expected] of table) {
      const list = await getSponsorList({}, as(who), deps);
      expect(ids(list), who).toEqual(expected);
      expect(list.total, who).toBe(expected.length);
      expect(routes.getSponsorList.response.safeParse(list).success, who).toBe(true);
    }
  });

  it('filters by country and status and searches, a site never among them', async () => {
    const { deps } = network();
    expect(ids(await getSponsorList({ country: 'GB' }, as('admin'), deps))).toEqual(['C']);
    expect(ids(await getSponsorList({ search: 'pharma' }, as('admin'), deps))).toEqual(['S', 'O']);
    expect(ids(await getSponsorList({ search: 'pharma' }, as('siteAdmin'), deps))).toEqual(['S']);
    expect(ids(await getSponsorList({ search: 'charite' }, as('admin'), deps))).toEqual([]);
    expect(ids(await getSponsorList({ status: 'inactive' }, as('admin'), deps))).toEqual([]);
  });

  it('pages with a cursor bound to its own list and query', async () => {
    const many = Array.from({ length: 55 }, (_, i) => ({
      type: 'organisation' as const,
      record: organisationRecord(
        `P${String(i).padStart(3, '0')}`,
        `Pharma ${String(i).padStart(3, '0')}`,
        'sponsor',
      ),
    }));
    const { deps } = network(many);
    const first = await getSponsorList({ search: 'pharma' }, as('admin'), deps);
    expect(first).toMatchObject({ count: 50, total: 57 });
    const rest = await getSponsorList(
      { search: 'pharma', cursor: first.nextCursor ?? '' },
      as('admin'),
      deps,
    );
    expect(rest).toMatchObject({ count: 7, nextCursor: null });
    expect(new Set([...ids(first), ...ids(rest)]).size).toBe(57);
    await expect(
      getSiteOrgList({ search: 'pharma', cursor: first.nextCursor ?? '' }, as('admin'), deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
