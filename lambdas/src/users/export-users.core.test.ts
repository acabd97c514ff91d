import { describe, expect, it } from 'vitest';
import type { ExportFile, Exports } from '../core/ports/exports';
import type { IndexedUser } from '../core/ports/user-index';
import { directoryUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeAuditTrail, FakeClock, FakeUserIndex } from '../core/testing/fakes';
import { exportUsers } from './export-users.core';

const row = (n: number, overrides: Partial<IndexedUser> = {}): IndexedUser => ({
  ...directoryUser(n),
  mfaEnrolled: true,
  locked: false,
  invitationSentAt: null,
  ...overrides,
});

/** Collects what is written, line by line, as the stream delivers it. */
class CollectingExports implements Exports {
  lines: string[] = [];
  key = '';
  meta: { fileName: string; contentType: string } | null = null;
  async write(
    key: string,
    lines: AsyncIterable<string>,
    meta: { fileName: string; contentType: string },
  ): Promise<ExportFile> {
    this.key = key;
    this.meta = meta;
    for await (const line of lines) this.lines.push(line);
    return {
      url: 'https://exports.example/x',
      expiresAt: new Date('2026-11-22T10:05:00Z'),
      bytes: 1,
    };
  }
}

const setUp = (rows: IndexedUser[]) => {
  const index = new FakeUserIndex();
  for (const r of rows) index.rows.set(r.userName, r);
  const exports = new CollectingExports();
  const audit = new FakeAuditTrail();
  const deps = {
    index,
    exports,
    audit,
    clock: new FakeClock(new Date('2026-11-22T10:00:00Z')),
    ensureBuilt: () => Promise.resolve(),
    temporaryPasswordDays: 7,
  };
  return { deps, exports, audit };
};

describe('exportUsers', () => {
  it('writes the matching users the caller may see, in e-mail order, and records the export', async () => {
    const { deps, exports, audit } = setUp([
      row(3, { organisationId: 'site-001' }),
      row(1, { organisationId: 'site-001', enabled: false }),
      row(2, { organisationId: 'site-002' }),
      row(4, { role: 'PlatformAdmin', organisationId: null }),
    ]);
    const ctx = callerContext({ role: 'OrgAdmin', organisationId: 'site-001', userName: 'me' });
    const out = await exportUsers({}, ctx, deps);
    expect(out).toEqual({
      url: 'https://exports.example/x',
      fileName: 'users-2026-11-22-1000.csv',
      rows: 2,
      expiresAt: '2026-11-22T10:05:00.000Z',
    });
    expect(exports.lines[0]).toMatch(
      /^\uFEFFEmail,Given name,Family name,Phone number,Role,Organisation,Status,/,
    );
    expect(exports.lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'user1@example.com',
      'user3@example.com',
    ]);
    expect(exports.lines[1]).toContain(',DISABLED,false,');
    expect(exports.key).toBe('users/me/req-1.csv');
    expect(exports.meta?.contentType).toBe('text/csv; charset=utf-8');
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'user.export',
      outcome: 'success',
      after: { rows: 2, fileName: 'users-2026-11-22-1000.csv', filters: {} },
    });
  });

  it('applies the list filters', async () => {
    const { deps, exports } = setUp([
      row(1),
      row(2, { role: 'Auditor' }),
      row(3, { status: 'FORCE_CHANGE_PASSWORD' }),
    ]);
    const out = await exportUsers(
      { role: 'OrgAdmin', status: 'ENABLED' },
      callerContext({ role: 'Auditor' }),
      deps,
    );
    expect(out.rows).toBe(1);
    expect(exports.lines[1]?.startsWith('user1@example.com,')).toBe(true);
  });

  it('applies the invitation filter as the list does, at the clock’s time', async () => {
    const waiting = { status: 'FORCE_CHANGE_PASSWORD' as const, mfaEnrolled: false };
    const { deps, exports } = setUp([
      row(1, { ...waiting, invitationSentAt: '2026-11-21T10:00:00.000Z' }),
      row(2, { ...waiting, invitationSentAt: '2026-11-10T10:00:00.000Z' }),
      row(3),
    ]);
    const out = await exportUsers(
      { invitation: 'expired' },
      callerContext({ role: 'Auditor' }),
      deps,
    );
    expect(out.rows).toBe(1);
    expect(exports.lines[1]?.startsWith('user2@example.com,')).toBe(true);
  });
});
