import type { Connection, Organisation, OrgSystem, Study } from '@ccsc/contract';
import { success, type ApiAnswer } from './fake-api';

/**
 * Registry records as the server answers them (valid against the contract's schemas, which the
 * API client checks), for the tests of every screen that shows organisations, systems, studies
 * or connections.
 */

const CHANGED = {
  revision: 1,
  createdAt: '2025-01-15T10:00:00.000Z',
  createdBy: 'system',
  updatedAt: '2025-02-03T10:00:00.000Z',
  updatedBy: 'system',
};

export const organisation = (
  organisationId: string,
  name: string,
  overrides: Partial<Organisation> = {},
): Organisation => ({
  organisationId,
  name,
  kind: 'site',
  country: 'DE',
  identifiers: [],
  contactEmail: null,
  status: 'active',
  ...CHANGED,
  ...overrides,
});

export const orgSystem = (
  systemId: string,
  organisation: Pick<Organisation, 'organisationId' | 'name'>,
  overrides: Partial<OrgSystem> = {},
): OrgSystem => ({
  systemId,
  organisationId: organisation.organisationId,
  organisationName: organisation.name,
  name: `System ${systemId}`,
  kind: 'eisf',
  vendor: 'Vendor',
  product: 'Product',
  environment: 'production',
  technicalContactEmail: 'tech@example.com',
  status: 'active',
  ...CHANGED,
  ...overrides,
});

export const study = (
  studyId: string,
  sponsor: Pick<Organisation, 'organisationId' | 'name'>,
  overrides: Partial<Study> = {},
): Study => ({
  studyId,
  sponsorOrganisationId: sponsor.organisationId,
  sponsorName: sponsor.name,
  croOrganisationId: null,
  croName: null,
  protocolNumber: `PROT-${studyId}`,
  title: `Study ${studyId}`,
  phase: 'phase-3',
  status: 'active',
  ...CHANGED,
  ...overrides,
});

export const connection = (
  connectionId: string,
  overrides: Partial<Connection> = {},
): Connection => ({
  connectionId,
  studyId: 'study-1',
  protocolNumber: 'PROT-1',
  studyTitle: 'Study one',
  sponsorOrganisationId: 'sponsor-1',
  sponsorName: 'Pharma Zwei',
  croOrganisationId: null,
  siteOrganisationId: 'site-1',
  siteName: 'Klinikum Eins',
  siteNumber: '101',
  country: 'DE',
  principalInvestigator: 'Dr Ada Lovelace',
  sponsorSystemId: 'sys-sponsor',
  sponsorSystemName: 'Sponsor eTMF',
  siteSystemId: null,
  siteSystemName: null,
  status: 'invited',
  suspendedBy: null,
  history: [
    {
      status: 'invited',
      at: '2025-02-03T10:00:00.000Z',
      by: 'sponsor-admin@example.com',
      side: 'sponsor',
      reason: null,
    },
  ],
  ...CHANGED,
  ...overrides,
});

/** One page of a registry list (`key`: organisations, systems, studies, connections, sites). */
export const registryPage = (
  key: string,
  items: readonly unknown[],
  { total = items.length, nextCursor = null }: { total?: number; nextCursor?: string | null } = {},
): ApiAnswer => success({ [key]: items, count: items.length, total, nextCursor });
