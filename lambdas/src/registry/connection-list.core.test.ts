import { describe, expect, it } from 'vitest';
import { CONNECTION_STATUSES } from '@ccsc/contract/organisations';
import { ValidationError } from '../core/errors';
import { connectionCountsByStatus, countConnections } from '../core/lists/connections';
import type { ConnectionRecord } from '../core/ports/registry';
import { listConnections } from './connection-list.core';
import {
  connection,
  network,
  ORG,
  STUDY,
  SYS,
  WHO,
  type Who,
} from '../core/testing/connection-test-network';

const at = (minute: number) => `2025-02-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** Connections of every party, changed one minute apart (c1 oldest). */
const CONNECTIONS: ConnectionRecord[] = [
  connection('c1', STUDY.main, ORG.site.organisationId, {
    status: 'active',
    siteSystemId: SYS.site.systemId,
    updatedAt: at(1),
  }),
  connection('c2', STUDY.main, ORG.otherSite.organisationId, {
    siteNumber: '202',
    country: 'GB',
    principalInvestigator: 'Prof. Ada Lovelace',
    updatedAt: at(2),
  }),
  connection('c3', STUDY.other, ORG.site.organisationId, {
    sponsorSystemId: SYS.otherSponsor.systemId,
    status: 'ended',
    updatedAt: at(3),
  }),
  connection('c4', STUDY.own, ORG.unrelatedSite.organisationId, {
    country: 'JP',
    status: 'declined',
    updatedAt: at(4),
  }),
];

const setUp = () =>
  network(CONNECTIONS.map((record) => ({ type: 'connection' as const, record }))).deps;

const ids = async (who: Who, query: Parameters<typeof listConnections>[0] = {}) =>
  (await listConnections(query, WHO[who], setUp())).connections.map((c) => c.connectionId);

describe('list-connections', () => {
  it.each<[Who, string[]]>([
    ['platformAdmin', ['c4', 'c3', 'c2', 'c1']],
    ['auditorAll', ['c4', 'c3', 'c2', 'c1']],
    ['sponsorAdmin', ['c4', 'c2', 'c1']],
    ['croAdmin', ['c2', 'c1']],
    ['siteAdmin', ['c3', 'c1']],
    ['siteAuditor', ['c3', 'c1']],
    ['otherSponsorAdmin', ['c3']],
    ['unrelatedAdmin', ['c4']],
  ])('%s sees %j, newest change first', async (who, want) => {
    expect(await ids(who)).toEqual(want);
  });

  it('shows each connection with its names and history', async () => {
    const { connections, total, count, nextCursor } = await listConnections(
      { studyId: STUDY.main.studyId, status: 'active' },
      WHO.siteAdmin,
      setUp(),
    );
    expect({ total, count, nextCursor }).toEqual({ total: 1, count: 1, nextCursor: null });
    expect(connections[0]).toMatchObject({
      connectionId: 'c1',
      protocolNumber: 'ABC-001',
      studyTitle: 'A randomised trial of made-up medicine',
      sponsorName: 'Acme Pharma',
      siteName: 'Charité Berlin',
      sponsorSystemName: 'Acme CTMS',
      siteSystemName: 'Charité eISF',
      history: [{ status: 'invited', side: 'sponsor' }],
    });
  });

  it.each<[string, Parameters<typeof listConnections>[0], string[]]>([
    ['study', { studyId: STUDY.main.studyId }, ['c2', 'c1']],
    ['organisation (any side)', { organisationId: ORG.site.organisationId }, ['c3', 'c1']],
    ['organisation (CRO)', { organisationId: ORG.cro.organisationId }, ['c2', 'c1']],
    ['system (sponsor side)', { systemId: SYS.otherSponsor.systemId }, ['c3']],
    ['system (site side)', { systemId: SYS.site.systemId }, ['c1']],
    ['status', { status: 'declined' }, ['c4']],
    ['country', { country: 'GB' }, ['c2']],
    ['search: protocol number', { search: 'abc-002' }, ['c4']],
    ['search: protocol start', { search: 'ABC' }, ['c4', 'c2', 'c1']],
    ['search: study title word', { search: 'made' }, ['c2', 'c1']],
    ['search: sponsor', { search: 'other pharma' }, ['c3']],
    ['search: site, without accents', { search: 'charite' }, ['c3', 'c1']],
    ['search: site number', { search: '202' }, ['c2']],
    ['search: investigator', { search: 'lovelace' }, ['c2']],
    ['search: middle of a word finds nothing', { search: 'velace' }, []],
    ['filters together', { studyId: STUDY.main.studyId, search: 'st mary' }, ['c2']],
  ])('filters by %s', async (_what, query, want) => {
    expect(await ids('platformAdmin', query)).toEqual(want);
  });

  it('a filter never widens what the caller sees', async () => {
    expect(await ids('siteAdmin', { organisationId: ORG.otherSite.organisationId })).toEqual([]);
    expect(await ids('croAdmin', { studyId: STUDY.other.studyId })).toEqual([]);
  });

  it('pages with a cursor bound to its query', async () => {
    const deps = setUp();
    const first = await listConnections({ limit: 3 }, WHO.platformAdmin, deps);
    expect(first.connections.map((c) => c.connectionId)).toEqual(['c4', 'c3', 'c2']);
    expect(first.total).toBe(4);
    if (first.nextCursor === null) throw new Error('expected a next page');
    const second = await listConnections(
      { limit: 3, cursor: first.nextCursor },
      WHO.platformAdmin,
      deps,
    );
    expect(second.connections.map((c) => c.connectionId)).toEqual(['c1']);
    expect(second.nextCursor).toBeNull();
    await expect(
      listConnections({ status: 'active', cursor: first.nextCursor }, WHO.platformAdmin, deps),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('follows the registry: a change made since the last call shows at once', async () => {
    const { deps, registry } = network(
      CONNECTIONS.map((record) => ({ type: 'connection' as const, record })),
    );
    expect((await listConnections({}, WHO.platformAdmin, deps)).connections[0]?.connectionId).toBe(
      'c4',
    );
    const [first] = CONNECTIONS;
    if (first === undefined) throw new Error('no connections');
    registry.seed([
      {
        type: 'connection',
        record: { ...first, status: 'suspended', suspendedBy: 'site', updatedAt: at(9) },
      },
      { type: 'organisation', record: { ...ORG.site, name: 'Charité Mitte' } },
    ]);
    const now = await listConnections({ search: 'mitte' }, WHO.platformAdmin, deps);
    expect(now.connections.map((c) => [c.connectionId, c.status, c.siteName])).toEqual([
      ['c1', 'suspended', 'Charité Mitte'],
      ['c3', 'ended', 'Charité Mitte'],
    ]);
  });

  it('counts per status exactly what each caller’s list totals (the dashboard’s figures)', async () => {
    const { deps, registry } = network([
      ...CONNECTIONS.map((record) => ({ type: 'connection' as const, record })),
      {
        type: 'connection' as const,
        record: connection('c5', STUDY.main, ORG.unrelatedSite.organisationId, {
          siteNumber: '305',
          updatedAt: at(5),
        }),
      },
    ]);
    const snapshot = await registry.snapshot();
    for (const who of Object.keys(WHO) as Who[]) {
      const counts = connectionCountsByStatus(snapshot, WHO[who].caller);
      for (const status of CONNECTION_STATUSES) {
        const { total } = await listConnections({ status }, WHO[who], deps);
        expect(counts[status], `${who} ${status}`).toBe(total);
        expect(countConnections(snapshot, { status }, WHO[who].caller), `${who} ${status}`).toBe(
          total,
        );
      }
    }
    // Kept per snapshot and sight: the same answer, not counted again.
    const once = connectionCountsByStatus(snapshot, WHO.siteAdmin.caller);
    expect(connectionCountsByStatus(snapshot, WHO.siteAdmin.caller)).toBe(once);
    expect(connectionCountsByStatus(snapshot, WHO.platformAdmin.caller)).toMatchObject({
      invited: 2,
      active: 1,
      ended: 1,
      declined: 1,
      suspended: 0,
    });
    expect(connectionCountsByStatus(snapshot, WHO.siteAdmin.caller)).toMatchObject({
      invited: 0,
      active: 1,
      ended: 1,
    });
  });
});
