import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type {
  ConnectionRecord,
  OrganisationRecord,
  RegistrySnapshot,
  StudyRecord,
  SystemRecord,
} from '../core/ports/registry';
import { callerContext } from '../core/testing/fakes';
import {
  describeConnections,
  inUseMessage,
  isOpen,
  linksOf,
  toConnection,
  toOrganisation,
  toStudy,
  toSystem,
  viewOf,
  perSnapshot,
} from './registry-view';

const stamps = {
  revision: 1,
  writeId: 'w-1',
  createdAt: '2025-01-01T00:00:00.000Z',
  createdBy: 'system',
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: 'system',
};
const org = (organisationId: string, kind: OrganisationRecord['kind']): OrganisationRecord => ({
  ...stamps,
  organisationId,
  name: `Org ${organisationId}`,
  kind,
  country: 'DE',
  identifiers: [{ label: 'VAT', value: `DE-${organisationId}` }],
  contactEmail: null,
  status: 'active',
});
const sys = (systemId: string, organisationId: string): SystemRecord => ({
  ...stamps,
  systemId,
  organisationId,
  name: `System ${systemId}`,
  kind: 'etmf',
  vendor: 'Vendor',
  product: 'Product',
  environment: 'production',
  technicalContactEmail: 'tech@example.com',
  status: 'active',
});
const study = (studyId: string, sponsor: string, cro: string | null): StudyRecord => ({
  ...stamps,
  studyId,
  sponsorOrganisationId: sponsor,
  croOrganisationId: cro,
  protocolNumber: `P-${studyId}`,
  title: `Study ${studyId}`,
  phase: 'phase-2',
  status: 'active',
});
const connection = (
  connectionId: string,
  s: StudyRecord,
  site: string,
  sponsorSystemId: string,
  siteSystemId: string | null,
  status: ConnectionRecord['status'] = 'active',
): ConnectionRecord => ({
  ...stamps,
  connectionId,
  studyId: s.studyId,
  sponsorOrganisationId: s.sponsorOrganisationId,
  croOrganisationId: s.croOrganisationId,
  siteOrganisationId: site,
  siteNumber: `10${connectionId}`,
  country: 'DE',
  principalInvestigator: 'Dr Who',
  sponsorSystemId,
  siteSystemId,
  status,
  suspendedBy: null,
  history: [
    { status: 'invited', at: stamps.createdAt, by: 'a@example.com', side: 'sponsor', reason: null },
  ],
});

// sponsor S (system s1) with CRO C runs study T1 at site A (system a1), and ended at site B
// (system b1); site D is connected to nobody.
const organisations = [
  org('S', 'sponsor'),
  org('C', 'cro'),
  org('A', 'site'),
  org('B', 'site'),
  org('D', 'site'),
];
const systems = [sys('s1', 'S'), sys('a1', 'A'), sys('a2', 'A'), sys('b1', 'B'), sys('d1', 'D')];
const t1 = study('T1', 'S', 'C');
const t2 = study('T2', 'S', null);
const connections = [
  connection('1', t1, 'A', 's1', 'a1'),
  connection('2', t1, 'B', 's1', 'b1', 'ended'),
];
const snapshot: RegistrySnapshot = {
  version: 1,
  organisations: new Map(organisations.map((o) => [o.organisationId, o])),
  systems: new Map(systems.map((s) => [s.systemId, s])),
  studies: new Map([t1, t2].map((s) => [s.studyId, s])),
  connections: new Map(connections.map((c) => [c.connectionId, c])),
  standards: new Map(),
};

const seen = (caller: Parameters<typeof callerContext>[0]) => {
  const view = viewOf(callerContext(caller).caller, snapshot);
  return {
    organisations: organisations
      .filter((o) => view.organisation(o.organisationId))
      .map((o) => o.organisationId),
    systems: systems.filter((s) => view.system(s)).map((s) => s.systemId),
    studies: [t1, t2].filter((s) => view.study(s)).map((s) => s.studyId),
    connections: connections.filter((c) => view.connection(c)).map((c) => c.connectionId),
  };
};

describe('viewOf', () => {
  it('shows a PlatformAdmin and an Auditor of every organisation everything', () => {
    const all = {
      organisations: ['S', 'C', 'A', 'B', 'D'],
      systems: ['s1', 'a1', 'a2', 'b1', 'd1'],
      studies: ['T1', 'T2'],
      connections: ['1', '2'],
    };
    expect(seen({ role: 'PlatformAdmin' })).toEqual(all);
    expect(seen({ role: 'Auditor', organisationId: null })).toEqual(all);
  });

  it('shows a site its own records and what its connections show of the others, ended ones too', () => {
    const expected = {
      organisations: ['S', 'C', 'A'],
      systems: ['s1', 'a1', 'a2'],
      studies: ['T1'],
      connections: ['1'],
    };
    expect(seen({ role: 'OrgAdmin', organisationId: 'A' })).toEqual(expected);
    expect(seen({ role: 'Auditor', organisationId: 'A' })).toEqual(expected);
    expect(seen({ role: 'OrgAdmin', organisationId: 'B' })).toEqual({
      organisations: ['S', 'C', 'B'],
      systems: ['s1', 'b1'],
      studies: ['T1'],
      connections: ['2'],
    });
  });

  it('shows a sponsor and its CRO the sites and systems of their connections, not the others', () => {
    expect(seen({ role: 'OrgAdmin', organisationId: 'S' })).toEqual({
      organisations: ['S', 'C', 'A', 'B'],
      systems: ['s1', 'a1', 'b1'],
      studies: ['T1', 'T2'],
      connections: ['1', '2'],
    });
    expect(seen({ role: 'Auditor', organisationId: 'C' })).toEqual({
      organisations: ['S', 'C', 'A', 'B'],
      systems: ['s1', 'a1', 'b1'],
      studies: ['T1'],
      connections: ['1', '2'],
    });
  });

  it('shows the sponsor and the CRO of a study each other and their systems, before any connection', () => {
    const partners: RegistrySnapshot = {
      version: 1,
      organisations: new Map(
        [org('E', 'sponsor'), org('F', 'cro'), org('G', 'cro')].map((o) => [o.organisationId, o]),
      ),
      systems: new Map(
        [sys('e1', 'E'), sys('f1', 'F'), sys('g1', 'G')].map((x) => [x.systemId, x]),
      ),
      studies: new Map([study('T3', 'E', 'F')].map((x) => [x.studyId, x])),
      connections: new Map(),
      standards: new Map(),
    };
    const sees = (organisationId: string) => {
      const view = viewOf(callerContext({ role: 'OrgAdmin', organisationId }).caller, partners);
      return {
        organisations: ['E', 'F', 'G'].filter((id) => view.organisation(id)),
        systems: [...partners.systems.values()]
          .filter((x) => view.system(x))
          .map((x) => x.systemId),
      };
    };
    expect(sees('E')).toEqual({ organisations: ['E', 'F'], systems: ['e1', 'f1'] });
    expect(sees('F')).toEqual({ organisations: ['E', 'F'], systems: ['e1', 'f1'] });
    expect(sees('G')).toEqual({ organisations: ['G'], systems: ['g1'] });
  });

  it('shows an organisation with no connection only itself, and nothing to one with none', () => {
    expect(seen({ role: 'OrgAdmin', organisationId: 'D' })).toEqual({
      organisations: ['D'],
      systems: ['d1'],
      studies: [],
      connections: [],
    });
    expect(seen({ role: 'OrgAdmin', organisationId: null })).toEqual({
      organisations: [],
      systems: [],
      studies: [],
      connections: [],
    });
  });
});

describe('linksOf', () => {
  it('is built once per set of maps and indexes every side', () => {
    const links = linksOf(snapshot);
    expect(linksOf(snapshot)).toBe(links);
    expect(links.connectionsOf.get('C')?.map((c) => c.connectionId)).toEqual(['1', '2']);
    expect(links.connectionsOfSystem.get('s1')?.length).toBe(2);
    expect(links.connectionsOfSystem.get('b1')?.map((c) => c.connectionId)).toEqual(['2']);
    expect(links.studiesOf.get('C')?.map((s) => s.studyId)).toEqual(['T1']);
    expect(links.systemsOf.get('A')?.map((s) => s.systemId)).toEqual(['a1', 'a2']);
    // Another snapshot of the same maps (a standard changed): the same links.
    expect(linksOf({ ...snapshot, version: 2 })).toBe(links);
    expect(linksOf({ ...snapshot, systems: new Map(snapshot.systems) })).not.toBe(links);
  });
});

describe('API shapes', () => {
  it('match the contract, with the joined names', () => {
    const organisation = toOrganisation(organisations[0] as OrganisationRecord);
    expect(organisation).not.toHaveProperty('writeId');
    const system = toSystem(systems[1] as SystemRecord, snapshot);
    expect(system.organisationName).toBe('Org A');
    const s = toStudy(t1, snapshot);
    expect([s.sponsorName, s.croName]).toEqual(['Org S', 'Org C']);
    const c = toConnection(connections[0] as ConnectionRecord, snapshot);
    expect(c).toMatchObject({
      protocolNumber: 'P-T1',
      studyTitle: 'Study T1',
      sponsorName: 'Org S',
      siteName: 'Org A',
      sponsorSystemName: 'System s1',
      siteSystemName: 'System a1',
    });
    const page = { count: 1, total: 1, nextCursor: null };
    expect(
      routes['list-organisations'].response.parse({ organisations: [organisation], ...page }),
    ).toBeTruthy();
    expect(routes.getOrgSysList.response.parse({ systems: [system], ...page })).toBeTruthy();
    expect(routes['list-studies'].response.parse({ studies: [s], ...page })).toBeTruthy();
    expect(routes['list-connections'].response.parse({ connections: [c], ...page })).toBeTruthy();
  });
});

describe('describeConnections and inUseMessage', () => {
  it('name the open connections by protocol, site and site number', () => {
    const open = connections.filter(isOpen);
    expect(inUseMessage('The organisation', open, snapshot)).toBe(
      'The organisation is used by 1 open connection: P-T1 at Org A (site 101). End it first.',
    );
    const many = Array.from({ length: 7 }, () => connections[0] as ConnectionRecord);
    expect(describeConnections(many, snapshot)).toMatch(/; and 2 more$/);
  });
});

describe('perSnapshot', () => {
  it('builds once while the four maps stay, whatever else of the snapshot changes', () => {
    let builds = 0;
    const count = perSnapshot(() => (builds += 1));
    count(snapshot);
    count({ ...snapshot, version: 2, standards: new Map() });
    expect(builds).toBe(1);
    count({ ...snapshot, connections: new Map(snapshot.connections) });
    expect(builds).toBe(2);
  });
});
