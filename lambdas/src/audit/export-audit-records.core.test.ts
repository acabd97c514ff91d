import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { routes } from '@ccsc/contract/routes';
import type { AuditEntry } from '../core/ports/audit-trail';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryExports } from '../core/testing/memory-exports';
import { admin, as, bulkTable, chainOf, entry, ORG, OTHER } from '../testing/audit-records-kit';
import { AUDIT_CSV_HEADER, exportAuditRecords } from './export-audit-records.core';
import { listAuditRecords, READ_PAGE } from './list-audit-records.core';

/** export-audit-records: the filtered trail as CSV, newest first, the export itself recorded. */

const NOW = new Date('2025-01-15T11:00:00.000Z');

/** One record a second from 2025-01-15T10:00:00Z (seq 1 first). */
const TRAIL: AuditEntry[] = [
  entry({ action: 'user.created', organisationId: ORG, target: { type: 'user', id: 'u-1' } }), // 1
  entry({
    action: 'session.login-failed',
    outcome: 'failure',
    actor: null,
    organisationId: ORG,
    target: { type: 'user', id: 'u-2', label: 'anna@example.com' },
  }), // 2
  entry({ action: 'user.updated', organisationId: OTHER, before: { a: 1 }, after: { a: 2 } }), // 3
  entry({ action: 'user.disable', organisationId: ORG, reason: 'Left the site' }), // 4
  entry({
    action: 'organisation.updated',
    organisationId: OTHER,
    // What a spreadsheet would run as a formula is written as text.
    target: { type: 'organisation', id: 'o-1', label: '=HYPERLINK("http://x")' },
  }), // 5
];

const setUp = async (entries: AuditEntry[] = TRAIL) => {
  const chain = await chainOf(entries);
  const clock = new FakeClock(NOW);
  const exports = new MemoryExports(clock);
  const deps = { ...chain.deps, exports, audit: chain.trail, clock };
  /** The file's records (the header first), as a spreadsheet reads them. */
  const rows = (): string[][] =>
    parse(exports.lastText().replace(/^\uFEFF/u, ''), { relax_column_count: false });
  /** What the trail holds, in order (the exports' own records included). */
  const recorded = async () =>
    (await listAuditRecords({}, admin, { reader: chain.deps.reader })).records;
  return { chain, exports, deps, rows, recorded };
};

const seqs = (rows: string[][]) => rows.slice(1).map((r) => Number(r[0]));

describe('export-audit-records', () => {
  it('writes every record newest first with its hashes, answers the link, and records the export', async () => {
    const { exports, deps, rows, recorded } = await setUp();
    const before = await recorded();
    const out = await exportAuditRecords({}, admin, deps);
    expect(routes['export-audit-records'].response.parse(out)).toEqual(out);
    expect(out).toEqual({
      url: 'https://exports.example.com/audit-trail/caller-sub/req-1.csv?name=audit-trail-2025-01-15-1100.csv',
      fileName: 'audit-trail-2025-01-15-1100.csv',
      rows: 5,
      expiresAt: '2025-01-15T11:05:00.000Z',
    });
    expect(exports.files[0]).toMatchObject({
      key: 'audit-trail/caller-sub/req-1.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    const file = rows();
    expect(file[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(seqs(file)).toEqual([5, 4, 3, 2, 1]);
    // Each row is the record as the list shows it, hash and previous hash included.
    const byHeader = (row: string[] | undefined) =>
      Object.fromEntries(AUDIT_CSV_HEADER.map((h, i) => [h, row?.[i] ?? '']));
    const third = before.find((r) => r.seq === 3);
    expect(byHeader(file[3])).toMatchObject({
      'Time (UTC)': third?.at,
      Action: 'user.updated',
      Outcome: 'success',
      'Actor email': 'Admin@Example.com',
      'Actor role': 'PlatformAdmin',
      Organisation: OTHER,
      'Source IP': '203.0.113.7',
      Before: '{"a":1}',
      After: '{"a":2}',
      Hash: third?.hash,
      'Previous hash': third?.prevHash,
    });
    expect(byHeader(file[2]).Reason).toBe('Left the site');
    expect(byHeader(file[2]).Hash).toMatch(/^[0-9a-f]{64}$/u);
    expect(byHeader(file[1])['Target label']).toBe('\'=HYPERLINK("http://x")');
    // The export is recorded once, after what it wrote (so not in the file).
    const after = await recorded();
    expect(after).toHaveLength(6);
    expect(after[0]).toMatchObject({
      action: 'audit.export',
      outcome: 'success',
      actor: { sub: 'caller-sub', role: 'PlatformAdmin' },
      organisationId: null,
      after: { filters: {}, rows: 5, fileName: 'audit-trail-2025-01-15-1100.csv' },
    });
  });

  it('writes only what lies within the caller’s reach; an OrgAdmin’s export is recorded in their organisation', async () => {
    const { deps, rows, recorded } = await setUp();
    const orgAdmin = as('OrgAdmin', ORG);
    expect((await exportAuditRecords({}, orgAdmin, deps)).rows).toBe(3);
    expect(seqs(rows())).toEqual([4, 2, 1]);
    expect((await recorded())[0]).toMatchObject({ action: 'audit.export', organisationId: ORG });
    const auditor = as('Auditor', OTHER);
    expect((await exportAuditRecords({}, auditor, deps)).rows).toBe(2);
    expect(seqs(rows())).toEqual([5, 3]);
    // An account whose role needs an organisation and has none reaches nothing: the header only.
    const placeless = callerContext({ role: 'OrgAdmin', organisationId: null });
    expect((await exportAuditRecords({}, placeless, deps)).rows).toBe(0);
    expect(rows()).toEqual([[...AUDIT_CSV_HEADER]]);
  });

  it('applies the list’s filters: action, outcome, actor, target and time range', async () => {
    const { deps, rows } = await setUp();
    const exported = async (filters: Record<string, unknown>) => {
      await exportAuditRecords(routes['export-audit-records'].request.parse(filters), admin, deps);
      return seqs(rows());
    };
    expect(await exported({ action: 'user.' })).toEqual([4, 3, 1]);
    expect(await exported({ outcome: 'failure' })).toEqual([2]);
    expect(await exported({ target: 'anna@' })).toEqual([2]);
    expect(
      await exported({ from: '2025-01-15T10:00:01.000Z', to: '2025-01-15T10:00:03.000Z' }),
    ).toEqual([3, 2]);
  });

  it('reads a view from its index, the same rows the list shows', async () => {
    const { chain, deps, rows } = await setUp();
    const out = await exportAuditRecords({ view: 'changes' }, admin, deps);
    const listed = await listAuditRecords({ view: 'changes' }, admin, chain.deps);
    expect(out.rows).toBe(listed.records.length);
    expect(seqs(rows())).toEqual(listed.records.map((r) => r.seq));
    expect(seqs(rows())).not.toContain(2);
  });

  it('refuses a range whose end is not after its start on to, writing and recording nothing', async () => {
    const { exports, deps, recorded } = await setUp();
    const before = await recorded();
    await expect(
      exportAuditRecords(
        { from: '2025-01-15T10:00:03.000Z', to: '2025-01-15T10:00:03.000Z' },
        admin,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'to' }] });
    expect(exports.files).toEqual([]);
    expect(await recorded()).toEqual(before);
  });

  it('walks a trail longer than a read page to its start, and stops early below `from`', async () => {
    const count = READ_PAGE * 2 + 50;
    const { table, deps } = bulkTable(count, () => ({}));
    const clock = new FakeClock(NOW);
    const exports = new MemoryExports(clock);
    const audit = { append: () => Promise.resolve(), appendAll: () => Promise.resolve() };
    const all = await exportAuditRecords({}, admin, { ...deps, exports, audit, clock });
    expect(all.rows).toBe(count);
    const reads = table.readsBackward;
    expect(reads).toBeGreaterThanOrEqual(3);
    // Records are a minute apart from 2025-01-01T00:01Z: the last ten minutes are a few rows.
    const from = new Date(Date.UTC(2025, 0, 1) + (count - 10) * 60_000).toISOString();
    const recent = await exportAuditRecords({ from }, admin, { ...deps, exports, audit, clock });
    expect(recent.rows).toBe(11);
    expect(table.readsBackward - reads).toBe(1);
  });
});
