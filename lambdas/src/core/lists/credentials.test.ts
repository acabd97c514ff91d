import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import type { CredentialRecord } from '../ports/credentials';
import { aCredential } from '../testing/credential-records';
import { anOrganisation, aSystem } from '../testing/memory-registry';
import {
  type CredentialListCaller,
  countCredentials,
  credentialMatcher,
  neverUsed,
  statusOf,
} from './credentials';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const DAY = 24 * 3_600_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

/** This file's credentials: client ids without a dash, valid 200 days ahead, at revision 1. */
const credential = (apiId: string, overrides: Partial<CredentialRecord> = {}): CredentialRecord =>
  aCredential(apiId, {
    clientId: `client${apiId}`,
    validUntil: inDays(200),
    createdAt: '2026-01-01T00:00:00.000Z',
    revealedAt: '2026-01-02T00:00:00.000Z',
    revision: 1,
    ...overrides,
  });

const names = {
  organisations: new Map([
    ['A', anOrganisation('A', { name: 'Klinik Nord' })],
    ['B', anOrganisation('B', { name: 'Klinik Süd' })],
  ]),
  systems: new Map([
    ['a-eisf', aSystem('a-eisf', 'A', { name: 'Nord eISF' })],
    ['b-eisf', aSystem('b-eisf', 'B', { name: 'Süd eISF' })],
  ]),
};

const admin: CredentialListCaller = { role: 'PlatformAdmin', organisationId: null };
const orgAdminA: CredentialListCaller = { role: 'OrgAdmin', organisationId: 'A' };
const auditorAll: CredentialListCaller = { role: 'Auditor', organisationId: null };

describe('the credential list’s predicate (lists/credentials.ts)', () => {
  it('derives the status: expiring 30 days or fewer ahead (active only), expired after', () => {
    expect(statusOf(credential('1', { validUntil: inDays(31) }), NOW)).toBe('active');
    expect(statusOf(credential('1', { validUntil: inDays(30) }), NOW)).toBe('expiring');
    expect(statusOf(credential('1', { validUntil: inDays(1) }), NOW)).toBe('expiring');
    expect(statusOf(credential('1', { validUntil: inDays(0) }), NOW)).toBe('expired');
    expect(statusOf(credential('1', { status: 'pending', validUntil: inDays(10) }), NOW)).toBe(
      'pending',
    );
    expect(statusOf(credential('1', { status: 'pending', validUntil: inDays(-1) }), NOW)).toBe(
      'expired',
    );
    expect(statusOf(credential('1', { status: 'revoked' }), NOW)).toBe('revoked');
  });

  it('calls a credential never used while it is usable and no call was recorded', () => {
    expect(neverUsed(credential('1'), NOW)).toBe(true);
    expect(neverUsed(credential('1', { status: 'pending', revealedAt: null }), NOW)).toBe(true);
    expect(neverUsed(credential('1', { validUntil: inDays(5) }), NOW)).toBe(true);
    expect(neverUsed(credential('1', { lastUsedAt: NOW.toISOString() }), NOW)).toBe(false);
    expect(neverUsed(credential('1', { status: 'revoked' }), NOW)).toBe(false);
    expect(neverUsed(credential('1', { status: 'expired' }), NOW)).toBe(false);
    expect(neverUsed(credential('1', { validUntil: inDays(-1) }), NOW)).toBe(false);
  });

  it('filters by sight, organisation, system, status, use and search, and counts the same', () => {
    const records = [
      credential('1'),
      credential('2', { lastUsedAt: NOW.toISOString(), validUntil: inDays(10) }),
      credential('3', { organisationId: 'B', systemId: 'b-eisf' }),
      credential('4', { organisationId: 'B', systemId: 'b-eisf', status: 'revoked' }),
      credential('5', { validUntil: inDays(20) }),
    ];
    const ids = (query: Parameters<typeof credentialMatcher>[0], caller = admin) =>
      records.filter(credentialMatcher(query, caller, NOW, names)).map((r) => r.apiId);
    expect(ids({})).toEqual(['1', '2', '3', '4', '5']);
    expect(ids({}, orgAdminA)).toEqual(['1', '2', '5']);
    expect(ids({}, auditorAll)).toHaveLength(5);
    expect(ids({ organisationId: 'B' }, orgAdminA)).toEqual([]);
    expect(ids({ systemId: 'b-eisf' })).toEqual(['3', '4']);
    expect(ids({ status: 'expiring' })).toEqual(['2', '5']);
    expect(ids({ use: 'never' })).toEqual(['1', '3', '5']);
    expect(ids({ use: 'never', status: 'expiring' })).toEqual(['5']);
    expect(ids({ use: 'never' }, orgAdminA)).toEqual(['1', '5']);
    // The search: the start of a word of the organisation's or system's name, accents aside,
    // or of the client id.
    expect(ids({ search: 'sud' })).toEqual(['3', '4']);
    expect(ids({ search: 'eis' })).toEqual(['1', '2', '3', '4', '5']);
    expect(ids({ search: 'client3' })).toEqual(['3']);
    expect(ids({ search: 'ord' })).toEqual([]);
    for (const query of [{}, { use: 'never' as const }, { status: 'expiring' as const }]) {
      for (const caller of [admin, orgAdminA]) {
        expect(countCredentials(records, query, caller, NOW, names)).toBe(
          ids(query, caller).length,
        );
      }
    }
  });

  it('takes `use` as a string in the list’s request', () => {
    expect(routes['list-api-credentials'].request.parse({ use: 'never' })).toEqual({
      use: 'never',
    });
    expect(routes['list-api-credentials'].request.safeParse({ use: true }).success).toBe(false);
  });
});
