import type { Role } from '@ccsc/contract/roles';
import type { Caller, RequestContext } from '../core/request';
import {
  type ConnectionRecord,
  type RegistryRecord,
  type StudyRecord,
  useKey,
} from '../core/ports/registry';
import { MemoryRegistry, MemoryRegistryWrites } from '../core/testing/memory-registry';
import { organisation, STAMP, system } from '../core/testing/connection-test-network';
import { callerContext, FakeAuditTrail, FakeClock } from '../core/testing/fakes';
import { MemoryExports } from '../core/testing/memory-exports';
import { readCsv } from '@ccsc/formats/read-csv';
import { isOpen } from './registry-view';

/**
 * A small made-up network for the organisation and system core tests: a sponsor (S) and its CRO
 * (C) run study T1 at site A (active) and ran it at site B (ended); site D and sponsor O are
 * connected to nobody; site I is inactive. Callers of every role and organisation.
 */

/** The record builders the study and connection tests use, under this file's names. */
export const organisationRecord = organisation;
export const systemRecord = system;

const studyRecord = (studyId: string, sponsor: string, cro: string | null): StudyRecord => ({
  studyId,
  sponsorOrganisationId: sponsor,
  croOrganisationId: cro,
  protocolNumber: `PROT-${studyId}`,
  title: `Study ${studyId}`,
  phase: 'phase-3',
  status: 'active',
  ...STAMP,
});

const connectionRecord = (
  connectionId: string,
  s: StudyRecord,
  site: string,
  siteNumber: string,
  systems: [string, string | null],
  status: ConnectionRecord['status'],
  updatedAt = STAMP.updatedAt,
): ConnectionRecord => ({
  connectionId,
  studyId: s.studyId,
  sponsorOrganisationId: s.sponsorOrganisationId,
  croOrganisationId: s.croOrganisationId,
  siteOrganisationId: site,
  siteNumber,
  country: 'DE',
  principalInvestigator: 'Dr. Ada Lovelace',
  sponsorSystemId: systems[0],
  siteSystemId: systems[1],
  status,
  suspendedBy: null,
  history: [
    { status: 'invited', at: STAMP.createdAt, by: 's@example.com', side: 'sponsor', reason: null },
  ],
  ...STAMP,
  updatedAt,
});

export const T1 = studyRecord('T1', 'S', 'C');
export const T2 = studyRecord('T2', 'S', null);

export const NETWORK: RegistryRecord[] = [
  ...[
    organisationRecord('S', 'Acme Pharma', 'sponsor', { country: 'CH' }),
    organisationRecord('C', 'Contract Research Ltd', 'cro', { country: 'GB' }),
    organisationRecord('A', 'Charité Berlin', 'site', {
      identifiers: [{ label: 'Site network', value: 'SN-100' }],
      contactEmail: 'studien@charite.example',
    }),
    organisationRecord('B', 'Hôpital Sud', 'site', { country: 'FR' }),
    organisationRecord('D', 'Klinik Nord', 'site'),
    organisationRecord('O', 'Other Pharma', 'sponsor'),
    organisationRecord('I', 'Inactive Clinic', 'site', { status: 'inactive' }),
  ].map((record) => ({ type: 'organisation' as const, record })),
  ...[
    systemRecord('s1', 'S', {
      name: 'Veeva Vault eTMF',
      kind: 'etmf',
      vendor: 'Veeva',
      product: 'Vault',
    }),
    systemRecord('a1', 'A', { name: 'Florence eBinders', vendor: 'Florence', product: 'eBinders' }),
    systemRecord('a2', 'A', { name: 'Archive', environment: 'test' }),
    systemRecord('b1', 'B'),
    systemRecord('d1', 'D'),
    systemRecord('o1', 'O'),
    systemRecord('i1', 'I', { status: 'inactive' }),
  ].map((record) => ({ type: 'system' as const, record })),
  { type: 'study', record: T1 },
  { type: 'study', record: T2 },
  ...[
    connectionRecord('c1', T1, 'A', '101', ['s1', 'a1'], 'active', '2025-02-01T00:00:00.000Z'),
    connectionRecord('c2', T1, 'B', '102', ['s1', 'b1'], 'ended', '2025-03-01T00:00:00.000Z'),
  ].map((record) => ({ type: 'connection' as const, record })),
];

export type Who =
  | 'admin'
  | 'auditorAll'
  | 'sponsorAdmin'
  | 'croAuditor'
  | 'siteAdmin'
  | 'siteAuditor'
  | 'otherSiteAdmin'
  | 'endedSiteAdmin'
  | 'noOrganisationAdmin';

const PEOPLE: Record<Who, { role: Role; organisationId: string | null }> = {
  admin: { role: 'PlatformAdmin', organisationId: null },
  auditorAll: { role: 'Auditor', organisationId: null },
  sponsorAdmin: { role: 'OrgAdmin', organisationId: 'S' },
  croAuditor: { role: 'Auditor', organisationId: 'C' },
  siteAdmin: { role: 'OrgAdmin', organisationId: 'A' },
  siteAuditor: { role: 'Auditor', organisationId: 'A' },
  otherSiteAdmin: { role: 'OrgAdmin', organisationId: 'D' },
  endedSiteAdmin: { role: 'OrgAdmin', organisationId: 'B' },
  noOrganisationAdmin: { role: 'OrgAdmin', organisationId: null },
};

export const as = (who: Who): RequestContext<Caller> =>
  callerContext({
    ...PEOPLE[who],
    sub: `${who}-sub`,
    userName: `${who}-sub`,
    email: `${who}@example.com`,
  });

/** The registry seeded with the network (and any more records), its writes, audit and clock. */
export const network = (more: RegistryRecord[] = []) => {
  const registry = new MemoryRegistry();
  const items = [...NETWORK, ...more];
  registry.seed(items);
  // What the connection writes would have counted: each open connection's uses.
  for (const item of items) {
    if (item.type !== 'connection' || !isOpen(item.record)) continue;
    const c = item.record;
    const keys = [
      useKey('study', c.studyId),
      useKey('organisation', c.sponsorOrganisationId),
      useKey('organisation', c.siteOrganisationId),
      ...(c.croOrganisationId === null ? [] : [useKey('organisation', c.croOrganisationId)]),
      useKey('system', c.sponsorSystemId),
      ...(c.siteSystemId === null ? [] : [useKey('system', c.siteSystemId)]),
    ];
    for (const key of keys) registry.uses.set(key, (registry.uses.get(key) ?? 0) + 1);
  }
  const audit = new FakeAuditTrail();
  const writes = new MemoryRegistryWrites(registry, audit);
  const clock = new FakeClock(new Date('2025-06-01T12:00:00.000Z'));
  let n = 0;
  const newId = () => {
    n += 1;
    return `id-${String(n)}`;
  };
  return { registry, audit, writes, clock, deps: { registry, writes, clock, newId } };
};

/** The network with an exports bucket in memory, for the export cores. */
export const exportsNetwork = (more: RegistryRecord[] = []) => {
  const n = network(more);
  const exports = new MemoryExports(n.clock);
  return { ...n, exports, deps: { ...n.deps, exports, audit: n.audit } };
};

/** The text of the last export written. */
export const textOf = (exports: MemoryExports) => exports.last()?.bytes.toString('utf8') ?? '';
/** A CSV's rows, header first, as cells. */
export const rowsOf = (text: string) => readCsv(text).records.map((r) => r.cells);

export { connectionRecord, studyRecord };
