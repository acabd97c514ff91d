import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { getOrgSysList } from './get-org-sys-list.core';
import { as, network, systemRecord, type Who } from './organisation-test-network';

/**
 * getOrgSysList (SPEC §7; operations.md, "The registry"): the systems the caller sees (its
 * organisation's, and those its connections use), by organisation then name, filtered and paged.
 */

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
    // The cursor belongs to its query.
    await expect(
      getOrgSysList(
        { organisationId: 'D', limit: 40, kind: 'etmf', cursor: first.nextCursor ?? '' },
        as('otherSiteAdmin'),
        deps,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('shows each system with its organisation’s name, kind and status as the registry holds them', async () => {
    const { deps } = network();
    const list = await getOrgSysList({ organisationId: 'I' }, as('admin'), deps);
    expect(list.systems).toEqual([
      expect.objectContaining({
        systemId: 'i1',
        organisationId: 'I',
        organisationName: 'Inactive Clinic',
      }),
    ]);
    expect(list).toMatchObject({ count: 1, total: 1, nextCursor: null });
  });
});
