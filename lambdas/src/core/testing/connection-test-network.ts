import type { Role } from '@ccsc/contract/roles';
import type { Caller, RequestContext } from '../request';
import type {
  ConnectionRecord,
  OrganisationRecord,
  Registry,
  RegistryRecord,
  RegistryWrites,
  StudyRecord,
  SystemRecord,
} from '../ports/registry';
import type { Clock } from '../ports/clock';
import { anOrganisation, aSystem, MemoryRegistry, MemoryRegistryWrites } from './memory-registry';
import { callerContext, FakeAuditTrail, FakeClock } from './fakes';

/**
 * A small made-up network for the study and connection core tests: two sponsors, a CRO, sites
 * (one inactive, one unrelated), their systems, two studies; and a caller of every role and side.
 */

/** The stamps of the seeded records (shared by organisation-test-network.ts). */
export const STAMP = {
  revision: 1,
  writeId: 'seed',
  createdAt: '2025-01-01T00:00:00.000Z',
  createdBy: 'system',
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: 'system',
};

export const organisation = (
  organisationId: string,
  name: string,
  kind: OrganisationRecord['kind'],
  more: Partial<OrganisationRecord> = {},
): OrganisationRecord =>
  anOrganisation(organisationId, {
    name,
    kind,
    identifiers: [],
    contactEmail: null,
    ...STAMP,
    ...more,
  });

export const system = (
  systemId: string,
  organisationId: string,
  more: Partial<SystemRecord> = {},
): SystemRecord => aSystem(systemId, organisationId, { ...STAMP, ...more });

export const study = (
  studyId: string,
  sponsorOrganisationId: string,
  protocolNumber: string,
  more: Partial<StudyRecord> = {},
): StudyRecord => ({
  studyId,
  sponsorOrganisationId,
  croOrganisationId: null,
  protocolNumber,
  title: `Study ${protocolNumber}`,
  phase: 'phase-3',
  status: 'active',
  ...STAMP,
  ...more,
});

export const connection = (
  connectionId: string,
  of: StudyRecord,
  siteOrganisationId: string,
  more: Partial<ConnectionRecord> = {},
): ConnectionRecord => ({
  connectionId,
  studyId: of.studyId,
  sponsorOrganisationId: of.sponsorOrganisationId,
  croOrganisationId: of.croOrganisationId,
  siteOrganisationId,
  siteNumber: '101',
  country: 'DE',
  principalInvestigator: 'Dr. Jana Müller',
  sponsorSystemId: 'sys-sponsor',
  siteSystemId: null,
  status: 'invited',
  suspendedBy: null,
  history: [
    {
      status: 'invited',
      at: STAMP.createdAt,
      by: 'seed@example.com',
      side: 'sponsor',
      reason: null,
    },
  ],
  ...STAMP,
  ...more,
});

export const ORG = {
  sponsor: organisation('org-sponsor', 'Acme Pharma', 'sponsor'),
  otherSponsor: organisation('org-sponsor-2', 'Other Pharma', 'sponsor', { country: 'US' }),
  cro: organisation('org-cro', 'Quick CRO', 'cro'),
  otherCro: organisation('org-cro-2', 'Slow CRO', 'cro', { country: 'FR' }),
  site: organisation('org-site', 'Charité Berlin', 'site', {
    identifiers: [{ label: 'Site network', value: 'SN-4711' }],
  }),
  otherSite: organisation('org-site-2', "St. Mary's Hospital", 'site', { country: 'GB' }),
  inactiveSite: organisation('org-site-off', 'Closed Clinic', 'site', { status: 'inactive' }),
  unrelatedSite: organisation('org-site-far', 'Faraway Clinic', 'site', { country: 'JP' }),
} as const;

export const SYS = {
  sponsor: system('sys-sponsor', ORG.sponsor.organisationId, { kind: 'ctms', name: 'Acme CTMS' }),
  sponsorOff: system('sys-sponsor-off', ORG.sponsor.organisationId, { status: 'inactive' }),
  cro: system('sys-cro', ORG.cro.organisationId, { kind: 'etmf', name: 'Quick eTMF' }),
  otherSponsor: system('sys-sponsor-2', ORG.otherSponsor.organisationId),
  site: system('sys-site', ORG.site.organisationId, { name: 'Charité eISF' }),
  siteOff: system('sys-site-off', ORG.site.organisationId, { status: 'inactive' }),
  otherSite: system('sys-site-2', ORG.otherSite.organisationId),
} as const;

export const STUDY = {
  main: study('study-1', ORG.sponsor.organisationId, 'ABC-001', {
    croOrganisationId: ORG.cro.organisationId,
    title: 'A randomised trial of made-up medicine',
  }),
  own: study('study-2', ORG.sponsor.organisationId, 'ABC-002', { status: 'planned' }),
  other: study('study-3', ORG.otherSponsor.organisationId, 'XYZ-9'),
} as const;

const caller = (role: Role, organisationId: string | null, email: string): RequestContext<Caller> =>
  callerContext({ role, organisationId, email, sub: `sub-${email}`, userName: `sub-${email}` });

/** A caller of every role and side the rules tell apart. */
export const WHO = {
  platformAdmin: caller('PlatformAdmin', null, 'platform@example.com'),
  sponsorAdmin: caller('OrgAdmin', ORG.sponsor.organisationId, 'sponsor@example.com'),
  croAdmin: caller('OrgAdmin', ORG.cro.organisationId, 'cro@example.com'),
  siteAdmin: caller('OrgAdmin', ORG.site.organisationId, 'site@example.com'),
  otherSponsorAdmin: caller('OrgAdmin', ORG.otherSponsor.organisationId, 'other@example.com'),
  unrelatedAdmin: caller('OrgAdmin', ORG.unrelatedSite.organisationId, 'far@example.com'),
  auditorAll: caller('Auditor', null, 'auditor@example.com'),
  siteAuditor: caller('Auditor', ORG.site.organisationId, 'site-auditor@example.com'),
} as const;
export type Who = keyof typeof WHO;

/** What the registry's write cores take (the registry area's RegistryWriteDeps, by shape). */
export interface NetworkWriteDeps {
  registry: Pick<Registry, 'snapshot' | 'get'>;
  writes: Pick<RegistryWrites, 'apply'>;
  clock: Clock;
  newId?: () => string;
}

/** The network in a fresh in-memory registry, with the writes and audit trail the cores use. */
export const network = (extra: RegistryRecord[] = []) => {
  const registry = new MemoryRegistry();
  registry.seed([
    ...Object.values(ORG).map((record) => ({ type: 'organisation' as const, record })),
    ...Object.values(SYS).map((record) => ({ type: 'system' as const, record })),
    ...Object.values(STUDY).map((record) => ({ type: 'study' as const, record })),
    ...extra,
  ]);
  const audit = new FakeAuditTrail();
  const writes = new MemoryRegistryWrites(registry, audit);
  const clock = new FakeClock(new Date('2025-03-01T09:00:00.000Z'));
  let n = 0;
  const deps: NetworkWriteDeps = {
    registry,
    writes,
    clock,
    newId: () => {
      n += 1;
      return `id-${String(n)}`;
    },
  };
  return { registry, audit, writes, clock, deps };
};

/**
 * Seeds open connections' use counts as the writes that opened them would have (a seeded record
 * makes its claims, not its uses).
 */
export const countUses = (registry: MemoryRegistry, connections: ConnectionRecord[]): void => {
  for (const c of connections) {
    if (!['invited', 'active', 'suspended'].includes(c.status)) continue;
    for (const key of [
      `study#${c.studyId}`,
      `organisation#${c.sponsorOrganisationId}`,
      ...(c.croOrganisationId === null ? [] : [`organisation#${c.croOrganisationId}`]),
      `organisation#${c.siteOrganisationId}`,
      `system#${c.sponsorSystemId}`,
      ...(c.siteSystemId === null ? [] : [`system#${c.siteSystemId}`]),
    ]) {
      registry.uses.set(key, (registry.uses.get(key) ?? 0) + 1);
    }
  }
};
