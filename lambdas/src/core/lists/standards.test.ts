import { describe, expect, it } from 'vitest';
import { anOrganisation, aSystem } from '../testing/memory-registry';
import type { StandardRecord } from '../ports/registry';
import { aDatedVersion, aStandard } from '../testing/standard-records';
import {
  type StandardListCaller,
  countStandards,
  draftOf,
  seesStandard,
  standardMatcher,
} from './standards';

const version = aDatedVersion;
const standard = aStandard;

const STANDARDS = [
  // A draft from 2026-01-10, 10:00 UTC.
  standard('old-draft', 'A', [version(1, 'draft', '2026-01-10T10:00:00.000Z')]),
  // Published, with a newer draft from 2026-02-20.
  standard('next-draft', 'A', [
    version(1, 'published', '2026-01-01T00:00:00.000Z'),
    version(2, 'draft', '2026-02-20T00:00:00.000Z'),
  ]),
  // Published only: an old version, no draft.
  standard('published', 'B', [version(1, 'published', '2025-06-01T00:00:00.000Z')]),
  // Another organisation's old draft.
  standard('other-draft', 'B', [version(1, 'draft', '2025-12-31T23:59:59.999Z')]),
];

const snapshot = {
  organisations: new Map([
    ['A', anOrganisation('A', { name: 'Klinik Nord' })],
    ['B', anOrganisation('B', { name: 'Pharma Süd' })],
  ]),
  systems: new Map([['isf', aSystem('isf', 'A', { name: 'Nord eISF' })]]),
  standards: new Map(STANDARDS.map((s) => [s.standardId, s])),
  connections: new Map(),
};

const admin: StandardListCaller = { role: 'PlatformAdmin', organisationId: null };
const orgAdminA: StandardListCaller = { role: 'OrgAdmin', organisationId: 'A' };
const auditorB: StandardListCaller = { role: 'Auditor', organisationId: 'B' };

const ids = (query: Parameters<typeof standardMatcher>[0], caller = admin) =>
  STANDARDS.filter(standardMatcher(query, caller, snapshot)).map((s) => s.standardId);

describe('the standard list’s predicate (lists/standards.ts)', () => {
  it('shows an organisation’s people its own standards, who reaches everything all', () => {
    expect(seesStandard(orgAdminA, 'A')).toBe(true);
    expect(seesStandard(orgAdminA, 'B')).toBe(false);
    expect(seesStandard({ role: 'Auditor', organisationId: null }, 'B')).toBe(true);
    expect(ids({}, auditorB)).toEqual(['published', 'other-draft']);
    expect(draftOf(STANDARDS[1] as StandardRecord)?.version).toBe(2);
    expect(draftOf(STANDARDS[2] as StandardRecord)).toBeNull();
  });

  it('filters by status as before', () => {
    expect(ids({ status: 'draft' })).toEqual(['old-draft', 'next-draft', 'other-draft']);
    expect(ids({ status: 'published' })).toEqual(['next-draft', 'published']);
    expect(ids({ status: 'retired' })).toEqual([]);
    expect(ids({ search: 'sud' })).toEqual(['published', 'other-draft']);
    expect(ids({ systemId: 'isf', organisationId: 'A' })).toEqual(['old-draft', 'next-draft']);
  });

  it('finds drafts created before the start of a day (UTC), and counts the same', () => {
    expect(ids({ draftBefore: '2026-01-10' })).toEqual(['other-draft']);
    expect(ids({ draftBefore: '2026-01-11' })).toEqual(['old-draft', 'other-draft']);
    expect(ids({ draftBefore: '2026-03-01' })).toEqual(['old-draft', 'next-draft', 'other-draft']);
    // A standard without a draft never matches, however old its versions.
    expect(ids({ draftBefore: '2030-01-01', organisationId: 'B' })).toEqual(['other-draft']);
    expect(ids({ draftBefore: '2026-03-01' }, orgAdminA)).toEqual(['old-draft', 'next-draft']);
    expect(countStandards(snapshot, { draftBefore: '2026-01-11' }, admin)).toBe(2);
    expect(countStandards(snapshot, { draftBefore: '2026-03-01' }, orgAdminA)).toBe(2);
    expect(countStandards(snapshot, { draftBefore: '2026-03-01' }, auditorB)).toBe(1);
  });
});
