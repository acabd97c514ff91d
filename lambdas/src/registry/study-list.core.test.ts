import { describe, expect, it } from 'vitest';
import { listStudies } from './study-list.core';
import {
  connection,
  network,
  ORG,
  STUDY,
  study,
  WHO,
  type Who,
} from '../core/testing/connection-test-network';

const EXTRA = study('study-4', ORG.otherSponsor.organisationId, 'AAA-1', {
  croOrganisationId: ORG.cro.organisationId,
  title: 'Sleep and memory',
  status: 'closed',
});

const setUp = () =>
  network([
    { type: 'study', record: EXTRA },
    // The site is connected to the other sponsor's study (ended still shows it).
    {
      type: 'connection',
      record: connection('c1', STUDY.other, ORG.site.organisationId, { status: 'ended' }),
    },
  ]).deps;

const ids = async (who: Who, query: Parameters<typeof listStudies>[0] = {}) =>
  (await listStudies(query, WHO[who], setUp())).studies.map((s) => s.protocolNumber);

describe('list-studies', () => {
  it.each<[Who, string[]]>([
    // By sponsor name, then protocol number.
    ['platformAdmin', ['ABC-001', 'ABC-002', 'AAA-1', 'XYZ-9']],
    ['auditorAll', ['ABC-001', 'ABC-002', 'AAA-1', 'XYZ-9']],
    ['sponsorAdmin', ['ABC-001', 'ABC-002']],
    ['croAdmin', ['ABC-001', 'AAA-1']],
    ['siteAdmin', ['XYZ-9']],
    ['siteAuditor', ['XYZ-9']],
    ['otherSponsorAdmin', ['AAA-1', 'XYZ-9']],
    ['unrelatedAdmin', []],
  ])('%s sees %j', async (who, want) => {
    expect(await ids(who)).toEqual(want);
  });

  it('shows the sponsor and CRO by name', async () => {
    const { studies } = await listStudies({ search: 'sleep' }, WHO.platformAdmin, setUp());
    expect(studies).toEqual([
      expect.objectContaining({
        studyId: 'study-4',
        sponsorName: 'Other Pharma',
        croOrganisationId: ORG.cro.organisationId,
        croName: 'Quick CRO',
        status: 'closed',
      }),
    ]);
  });

  it.each<[string, Parameters<typeof listStudies>[0], string[]]>([
    ['status', { status: 'planned' }, ['ABC-002']],
    ['an owning sponsor', { organisationId: ORG.sponsor.organisationId }, ['ABC-001', 'ABC-002']],
    ['a CRO acting for it', { organisationId: ORG.cro.organisationId }, ['ABC-001', 'AAA-1']],
    ['a connected site', { organisationId: ORG.site.organisationId }, ['XYZ-9']],
    ['search: protocol', { search: 'xyz' }, ['XYZ-9']],
    ['search: title word', { search: 'memory' }, ['AAA-1']],
    ['search: sponsor', { search: 'acme' }, ['ABC-001', 'ABC-002']],
    ['search: CRO', { search: 'quick' }, ['ABC-001', 'AAA-1']],
  ])('filters by %s', async (_what, query, want) => {
    expect(await ids('platformAdmin', query)).toEqual(want);
  });

  it('a filter never widens what the caller sees', async () => {
    expect(await ids('siteAdmin', { organisationId: ORG.sponsor.organisationId })).toEqual([]);
  });

  it('pages', async () => {
    const deps = setUp();
    const first = await listStudies({ limit: 3 }, WHO.platformAdmin, deps);
    expect([first.count, first.total]).toEqual([3, 4]);
    if (first.nextCursor === null) throw new Error('expected a next page');
    const rest = await listStudies({ limit: 3, cursor: first.nextCursor }, WHO.platformAdmin, deps);
    expect(rest.studies.map((s) => s.protocolNumber)).toEqual(['XYZ-9']);
    expect(rest.nextCursor).toBeNull();
  });
});
