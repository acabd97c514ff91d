import { describe, expect, it } from 'vitest';
import type { ConnectionRecord } from '../ports/registry';
import {
  aConnection,
  anOrganisation,
  aStudy,
  aSystem,
  MemoryRegistry,
} from '../testing/memory-registry';
import {
  type ConnectionListCaller,
  connectionCountsByStatus,
  connectionMatcher,
  countConnections,
} from './connections';

const parts = (site: string, study = 'ST1') => ({
  studyId: study,
  sponsor: 'SPONSOR',
  site,
  sponsorSystem: 'ctms',
});

const CONNECTIONS: ConnectionRecord[] = [
  aConnection('c1', parts('SITE1'), { status: 'active', siteSystemId: 'isf' }),
  aConnection('c2', parts('SITE2'), { siteNumber: '202', country: 'GB' }),
  aConnection('c3', parts('SITE1', 'ST2'), { status: 'ended', croOrganisationId: 'CRO' }),
  aConnection('c4', parts('SITE2', 'ST2'), { status: 'invited', croOrganisationId: 'CRO' }),
];

const snapshotOf = async () => {
  const registry = new MemoryRegistry();
  registry.seed([
    ...['SPONSOR', 'CRO', 'SITE1', 'SITE2'].map((id) => ({
      type: 'organisation' as const,
      record: anOrganisation(id, { name: id === 'SITE1' ? 'Charité Berlin' : `Org ${id}` }),
    })),
    { type: 'system' as const, record: aSystem('ctms', 'SPONSOR') },
    { type: 'system' as const, record: aSystem('isf', 'SITE1') },
    { type: 'study' as const, record: aStudy('ST1', 'SPONSOR', { protocolNumber: 'ABC-001' }) },
    {
      type: 'study' as const,
      record: aStudy('ST2', 'SPONSOR', { protocolNumber: 'XYZ-002', croOrganisationId: 'CRO' }),
    },
    ...CONNECTIONS.map((record) => ({ type: 'connection' as const, record })),
  ]);
  return registry.snapshot();
};

const admin: ConnectionListCaller = { role: 'PlatformAdmin', organisationId: null };
const auditorAll: ConnectionListCaller = { role: 'Auditor', organisationId: null };
const site1: ConnectionListCaller = { role: 'OrgAdmin', organisationId: 'SITE1' };
const cro: ConnectionListCaller = { role: 'Auditor', organisationId: 'CRO' };
const nobody: ConnectionListCaller = { role: 'OrgAdmin', organisationId: null };

describe('the connection list’s predicate (lists/connections.ts)', () => {
  it('shows each caller the connections their organisation is a party of, filtered and searched', async () => {
    const snapshot = await snapshotOf();
    const ids = (query: Parameters<typeof connectionMatcher>[0], caller = admin) =>
      [...snapshot.connections.values()]
        .filter(connectionMatcher(query, caller, snapshot))
        .map((c) => c.connectionId)
        .sort();
    expect(ids({})).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(ids({}, auditorAll)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(ids({}, site1)).toEqual(['c1', 'c3']);
    expect(ids({}, cro)).toEqual(['c3', 'c4']);
    expect(ids({}, nobody)).toEqual([]);
    expect(ids({ status: 'invited' })).toEqual(['c2', 'c4']);
    expect(ids({ status: 'invited' }, site1)).toEqual([]);
    expect(ids({ organisationId: 'CRO' })).toEqual(['c3', 'c4']);
    expect(ids({ systemId: 'isf' })).toEqual(['c1']);
    expect(ids({ country: 'GB' })).toEqual(['c2']);
    expect(ids({ studyId: 'ST2' }, site1)).toEqual(['c3']);
    expect(ids({ search: 'charite' })).toEqual(['c1', 'c3']);
    expect(ids({ search: 'xyz' }, cro)).toEqual(['c3', 'c4']);
    expect(ids({ search: '202' })).toEqual(['c2']);
  });

  it('counts per status what the matcher shows each caller, once per snapshot and sight', async () => {
    const snapshot = await snapshotOf();
    for (const caller of [admin, auditorAll, site1, cro, nobody]) {
      const counts = connectionCountsByStatus(snapshot, caller);
      for (const status of ['invited', 'active', 'suspended', 'ended', 'declined'] as const) {
        expect(counts[status]).toBe(countConnections(snapshot, { status }, caller));
      }
    }
    expect(connectionCountsByStatus(snapshot, admin)).toEqual({
      invited: 2,
      active: 1,
      suspended: 0,
      ended: 1,
      declined: 0,
    });
    expect(connectionCountsByStatus(snapshot, cro)).toMatchObject({ invited: 1, ended: 1 });
    expect(connectionCountsByStatus(snapshot, site1)).toBe(
      connectionCountsByStatus(snapshot, site1),
    );
  });
});
