import { describe, expect, it } from 'vitest';
import { blankRow, type MappingRow } from '@ccsc/contract/standard-rows';
import type { PartnerContext } from '../core/request';
import type { StandardVersionRecord } from '../core/ports/registry';
import {
  aConnection,
  anOrganisation,
  aStudy,
  aSystem,
  MemoryRegistry,
} from '../core/testing/memory-registry';
import { aStandard } from '../core/testing/standard-records';
import { partnerStandards } from './partner-calls.core';

const version = (
  n: number,
  status: StandardVersionRecord['status'],
  systemIds: string[],
): StandardVersionRecord => ({
  version: n,
  status,
  name: `Standard v${String(n)}`,
  description: null,
  systemIds,
  product: null,
  rowsKey: `rows-${String(n)}`,
  rowCount: 1,
  problemCount: 0,
  basedOnVersion: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'a@example.com',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'a@example.com',
  signature:
    status === 'draft'
      ? null
      : {
          signerName: 'Ada Admin',
          signerEmail: 'a@example.com',
          signerSub: 'a',
          meaning: 'Approved',
          signedAt: '2026-01-02T00:00:00.000Z',
        },
  retired: null,
});

const standard = aStandard;

const ROWS: MappingRow[] = [{ ...blankRow(), sourceCode: 'CV', artifactNumber: '05.02.04' }];

const setup = () => {
  const registry = new MemoryRegistry();
  registry.seed([
    { type: 'organisation', record: anOrganisation('S', { kind: 'sponsor' }) },
    { type: 'organisation', record: anOrganisation('A', { kind: 'site' }) },
    { type: 'organisation', record: anOrganisation('B', { kind: 'site' }) },
    { type: 'system', record: aSystem('TMF', 'S') },
    { type: 'system', record: aSystem('ISF-A', 'A') },
    { type: 'system', record: aSystem('ISF-B', 'B') },
    { type: 'study', record: aStudy('T', 'S') },
    {
      type: 'connection',
      record: aConnection(
        'C1',
        { studyId: 'T', sponsor: 'S', site: 'A', sponsorSystem: 'TMF' },
        { status: 'active', siteSystemId: 'ISF-A' },
      ),
    },
    {
      type: 'connection',
      record: aConnection(
        'C2',
        { studyId: 'T', sponsor: 'S', site: 'B', sponsorSystem: 'TMF' },
        { status: 'ended', siteSystemId: 'ISF-B' },
      ),
    },
    // The sponsor's: v1 retired, v2 in use, v3 a draft.
    {
      type: 'standard',
      record: standard('std-tmf', 'S', [
        { ...version(1, 'retired', ['TMF']) },
        version(2, 'published', ['TMF']),
        version(3, 'draft', ['TMF']),
      ]),
    },
    { type: 'standard', record: standard('std-a', 'A', [version(1, 'published', ['ISF-A'])]) },
    // Site B's connection has ended: its standard is none of the sponsor's business.
    { type: 'standard', record: standard('std-b', 'B', [version(1, 'published', ['ISF-B'])]) },
    // A draft only: nothing published to read.
    { type: 'standard', record: standard('std-draft', 'A', [version(1, 'draft', [])]) },
  ]);
  const deps = {
    registry,
    rows: { get: (key: string) => Promise.resolve(key === 'rows-2' ? ROWS : []) },
  };
  const as = (systemId: string, organisationId: string): PartnerContext => ({
    client: {
      apiId: 'api',
      clientId: 'client',
      organisationId,
      systemId,
      scopes: ['ccsc-api/standards.read'],
      validUntil: '2027-01-01T00:00:00.000Z',
    },
    requestId: 'r',
    sourceIp: '203.0.113.9',
    userAgent: null,
    origin: null,
    host: null,
  });
  return { deps, as };
};

describe('partner standards', () => {
  it("gives a system its own standard and its open connections' counterparts, at the version in use", async () => {
    const { deps, as } = setup();
    const sponsor = await partnerStandards({}, as('TMF', 'S'), deps);
    expect(sponsor.standards.map((s) => [s.standardId, s.version, s.relation])).toEqual([
      ['std-a', 1, 'counterpart'],
      ['std-tmf', 2, 'own'],
    ]);
    expect(sponsor.standards[1]?.signature).toEqual({
      signerName: 'Ada Admin',
      meaning: 'Approved',
      signedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(sponsor.standards[1]?.rows).toBeUndefined();
    // With rows, one standard a page; a counterpart's lists only the connected system.
    const site = await partnerStandards({ rows: 'true' }, as('ISF-A', 'A'), deps);
    expect(site.standards.map((s) => [s.standardId, s.relation, s.rows?.length])).toEqual([
      ['std-a', 'own', 0],
    ]);
    const next = await partnerStandards(
      { rows: 'true', cursor: site.nextCursor ?? '' },
      as('ISF-A', 'A'),
      deps,
    );
    expect(next.standards.map((s) => [s.standardId, s.relation, s.rows?.length])).toEqual([
      ['std-tmf', 'counterpart', 1],
    ]);
    expect(next.nextCursor).toBeNull();
    const ended = await partnerStandards({}, as('ISF-B', 'B'), deps);
    expect(ended.standards.map((s) => s.standardId)).toEqual(['std-b']);
  });

  it('pages, and refuses a cursor of another query', async () => {
    const { deps, as } = setup();
    const first = await partnerStandards({ limit: 1 }, as('TMF', 'S'), deps);
    expect(first.standards).toHaveLength(1);
    const second = await partnerStandards(
      { limit: 1, cursor: first.nextCursor ?? '' },
      as('TMF', 'S'),
      deps,
    );
    expect(second.standards.map((s) => s.standardId)).toEqual(['std-tmf']);
    expect(second.nextCursor).toBeNull();
    await expect(
      partnerStandards({ cursor: first.nextCursor ?? '' }, as('ISF-A', 'A'), deps),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
