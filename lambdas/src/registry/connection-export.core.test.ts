import { describe, expect, it } from 'vitest';
import type { ExportFile, Exports } from '../core/ports/exports';
import { callerContext, FakeAuditTrail, FakeClock } from '../core/testing/fakes';
import { exportConnections } from './connection-export.core';
import { connection, network, ORG, STUDY, SYS, WHO } from '../core/testing/connection-test-network';

class CollectingExports implements Exports {
  lines: string[] = [];
  key = '';
  async write(key: string, lines: AsyncIterable<string>): Promise<ExportFile> {
    this.key = key;
    for await (const line of lines) this.lines.push(line);
    return {
      url: 'https://exports.example/x',
      expiresAt: new Date('2025-03-01T09:05:00Z'),
      bytes: 1,
    };
  }
}

const setUp = () => {
  const { deps } = network([
    {
      type: 'connection',
      record: connection('c1', STUDY.main, ORG.site.organisationId, {
        status: 'active',
        siteSystemId: SYS.site.systemId,
        principalInvestigator: '=HYPERLINK("x")',
        updatedAt: '2025-02-01T10:00:00.000Z',
      }),
    },
    {
      type: 'connection',
      record: connection('c2', STUDY.other, ORG.otherSite.organisationId, {
        sponsorSystemId: SYS.otherSponsor.systemId,
        updatedAt: '2025-02-02T10:00:00.000Z',
      }),
    },
  ]);
  const exports = new CollectingExports();
  const audit = new FakeAuditTrail();
  return {
    exports,
    audit,
    deps: {
      registry: deps.registry,
      exports,
      audit,
      clock: new FakeClock(new Date('2025-03-01T09:00:00Z')),
    },
  };
};

describe('export-connections', () => {
  it('writes what the list finds for the caller, newest change first, and records the export', async () => {
    const { deps, exports, audit } = setUp();
    const ctx = callerContext({
      role: 'OrgAdmin',
      organisationId: ORG.site.organisationId,
      userName: 'me',
    });
    const out = await exportConnections({}, ctx, deps);
    expect(out).toEqual({
      url: 'https://exports.example/x',
      fileName: 'connections-2025-03-01-0900.csv',
      rows: 1,
      expiresAt: '2025-03-01T09:05:00.000Z',
    });
    expect(exports.key).toBe('connections/me/req-1.csv');
    expect(exports.lines[0]).toMatch(
      /^\uFEFFProtocol number,Study title,Sponsor,CRO,Site,Site number,/,
    );
    expect(exports.lines[1]).toBe(
      'ABC-001,A randomised trial of made-up medicine,Acme Pharma,Quick CRO,Charité Berlin,101,DE,' +
        `"'=HYPERLINK(""x"")",Acme CTMS,Charité eISF,active,,2025-01-01T00:00:00.000Z,system,` +
        '2025-02-01T10:00:00.000Z,system,c1,study-1,org-sponsor,org-cro,org-site,sys-sponsor,sys-site\r\n',
    );
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'connection.export',
        organisationId: ORG.site.organisationId,
        after: { filters: {}, rows: 1, fileName: 'connections-2025-03-01-0900.csv' },
      }),
    ]);
  });

  it('applies the filters; a PlatformAdmin exports every connection', async () => {
    const { deps, exports } = setUp();
    await exportConnections({}, WHO.platformAdmin, deps);
    expect(exports.lines.slice(1).map((l) => l.split(',')[0])).toEqual(['XYZ-9', 'ABC-001']);
    const filtered = setUp();
    await exportConnections({ search: 'st mary' }, WHO.platformAdmin, filtered.deps);
    expect(filtered.exports.lines).toHaveLength(2);
    expect(filtered.exports.lines[1]).toContain("St. Mary's Hospital");
  });
});
