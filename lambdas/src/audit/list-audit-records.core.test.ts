import { describe, expect, it } from 'vitest';
import { type Role } from '@ccsc/contract/roles';
import { routes } from '@ccsc/contract/routes';
import { ValidationError } from '../core/errors';
import {
  AUDIT_CHAIN_PK,
  GENESIS_HASH,
  HashChainedAuditReader,
  HashChainedAuditTrail,
  sortKeyOf,
} from '../adapters/audit-chain';
import type { AuditEntry } from '../core/ports/audit-trail';
import { callerContext, FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from '../testing/memory-audit-chain-table';
import { toAuditRecord, UNREADABLE_ACTION } from './audit-records';
import { listAuditRecords, matcher, READ_BUDGET } from './list-audit-records.core';
import { AUDIT_VIEWS } from '@ccsc/contract/audit';
import { VIEW_READ_BUDGET } from '../core/lists/audit';

const ORG = 'site-001';
const OTHER = 'sponsor-002';
const noWait = () => Promise.resolve();

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  action: 'session.login',
  outcome: 'success',
  actor: { sub: 'sub-admin', email: 'Admin@Example.com', role: 'PlatformAdmin' },
  source: { ip: '203.0.113.7', userAgent: 'vitest' },
  requestId: 'req-1',
  ...overrides,
});

/** A chain of the given entries, one second apart from 2025-01-15T10:00:00Z. */
const chainOf = async (entries: AuditEntry[]) => {
  const table = new MemoryAuditChainTable();
  const clock = new FakeClock();
  const trail = new HashChainedAuditTrail(table, { clock, backoff: noWait });
  for (const e of entries) {
    await trail.append(e);
    clock.advance(1000);
  }
  return { table, trail, clock, deps: { reader: new HashChainedAuditReader(table) } };
};

/** Many records written straight into the table (their hashes do not matter here). */
const bulkTable = (count: number, make: (seq: number) => Record<string, unknown>) => {
  const table = new MemoryAuditChainTable();
  for (let seq = 1; seq <= count; seq += 1) {
    table.items.set(sortKeyOf(seq), {
      pk: AUDIT_CHAIN_PK,
      sk: sortKeyOf(seq),
      seq,
      at: new Date(Date.UTC(2025, 0, 1) + seq * 60_000).toISOString(),
      prevHash: GENESIS_HASH,
      hash: 'f'.repeat(64),
      ...entry(),
      ...make(seq),
    });
  }
  return { table, deps: { reader: new HashChainedAuditReader(table) } };
};

const as = (role: Role, organisationId: string | null = null) =>
  callerContext({ role, organisationId });
const admin = as('PlatformAdmin');
const seqs = (out: { records: { seq: number }[] }) => out.records.map((r) => r.seq);

describe('list-audit-records', () => {
  it('answers newest first, every absent member as null, in the contract’s shape', async () => {
    const { deps } = await chainOf([
      entry(),
      entry({
        action: 'user.disabled',
        target: { type: 'user', id: 'sub-4', label: 'user4@example.com' },
        organisationId: ORG,
        before: { enabled: true },
        after: { enabled: false },
        reason: 'asked to',
      }),
    ]);
    const out = await listAuditRecords({}, admin, deps);
    expect(routes['list-audit-records'].response.safeParse(out).success).toBe(true);
    expect(out).toMatchObject({ count: 2, nextCursor: null, total: null });
    const [newest, oldest] = out.records;
    expect(newest).toMatchObject({
      seq: 2,
      at: '2025-01-15T10:00:01.000Z',
      action: 'user.disabled',
      target: { type: 'user', id: 'sub-4', label: 'user4@example.com' },
      organisationId: ORG,
      before: { enabled: true },
      after: { enabled: false },
      reason: 'asked to',
      requestId: 'req-1',
      source: { ip: '203.0.113.7', userAgent: 'vitest' },
    });
    expect(newest?.prevHash).toBe(oldest?.hash);
    expect(oldest).toMatchObject({
      seq: 1,
      target: null,
      organisationId: null,
      before: null,
      after: null,
      reason: null,
      prevHash: GENESIS_HASH,
    });
  });

  it('pages with a cursor that continues the same list, and ends with none', async () => {
    const { deps } = await chainOf(Array.from({ length: 8 }, () => entry()));
    const first = await listAuditRecords({ limit: 3 }, admin, deps);
    expect(seqs(first)).toEqual([8, 7, 6]);
    const second = await listAuditRecords(
      { limit: 3, cursor: first.nextCursor ?? '' },
      admin,
      deps,
    );
    expect(seqs(second)).toEqual([5, 4, 3]);
    const third = await listAuditRecords(
      { limit: 3, cursor: second.nextCursor ?? '' },
      admin,
      deps,
    );
    expect(seqs(third)).toEqual([2, 1]);
    expect(third.nextCursor).toBeNull();
  });

  it('ends without a cursor when the last page is exactly full down to record 1', async () => {
    const { deps } = await chainOf(Array.from({ length: 4 }, () => entry()));
    const first = await listAuditRecords({ limit: 2 }, admin, deps);
    const second = await listAuditRecords(
      { limit: 2, cursor: first.nextCursor ?? '' },
      admin,
      deps,
    );
    expect(seqs(second)).toEqual([2, 1]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor of other filters, or one it did not make', async () => {
    const { deps } = await chainOf(Array.from({ length: 5 }, () => entry()));
    const first = await listAuditRecords({ limit: 2 }, admin, deps);
    await expect(
      listAuditRecords(
        { limit: 2, cursor: first.nextCursor ?? '', outcome: 'failure' },
        admin,
        deps,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
    for (const cursor of ['garbage', Buffer.from('0:x').toString('base64url'), 'x'.repeat(40)]) {
      await expect(listAuditRecords({ cursor }, admin, deps)).rejects.toThrow(ValidationError);
    }
  });

  describe('filters', () => {
    const trail = () =>
      chainOf([
        entry({ actor: { sub: 'sub-anna', email: 'anna@example.com', role: 'OrgAdmin' } }),
        entry({
          action: 'user.disabled',
          actor: { sub: 'sub-bert', email: 'bert@example.com', role: 'PlatformAdmin' },
          target: { type: 'user', id: 'sub-carl', label: 'Carl@Example.com' },
        }),
        entry({
          action: 'user.deleted',
          outcome: 'failure',
          actor: { sub: 'sub-bert', email: 'bert@example.com', role: 'PlatformAdmin' },
          target: { type: 'user', id: 'sub-dora' },
        }),
        entry({ action: 'account.locked', actor: null, target: { type: 'user', id: 'sub-anna' } }),
      ]);

    it('by actor: the start of the e-mail in any case, or the exact sub', async () => {
      const { deps } = await trail();
      expect(seqs(await listAuditRecords({ actor: 'BERT@' }, admin, deps))).toEqual([3, 2]);
      expect(seqs(await listAuditRecords({ actor: 'an' }, admin, deps))).toEqual([1]);
      expect(seqs(await listAuditRecords({ actor: 'sub-anna' }, admin, deps))).toEqual([1]);
      expect(seqs(await listAuditRecords({ actor: 'sub-ann' }, admin, deps))).toEqual([]);
    });

    it('by target: the start of its id or label', async () => {
      const { deps } = await trail();
      expect(seqs(await listAuditRecords({ target: 'carl@' }, admin, deps))).toEqual([2]);
      expect(seqs(await listAuditRecords({ target: 'sub-' }, admin, deps))).toEqual([4, 3, 2]);
      expect(seqs(await listAuditRecords({ target: 'sub-dora' }, admin, deps))).toEqual([3]);
      expect(seqs(await listAuditRecords({ target: 'example' }, admin, deps))).toEqual([]);
    });

    it('by action (exact or its start) and by outcome', async () => {
      const { deps } = await trail();
      expect(seqs(await listAuditRecords({ action: 'user.' }, admin, deps))).toEqual([3, 2]);
      expect(seqs(await listAuditRecords({ action: 'user.deleted' }, admin, deps))).toEqual([3]);
      expect(seqs(await listAuditRecords({ outcome: 'failure' }, admin, deps))).toEqual([3]);
      expect(
        seqs(await listAuditRecords({ action: 'user.', outcome: 'success' }, admin, deps)),
      ).toEqual([2]);
    });

    it('by server time: from inclusive, to exclusive, any offset', async () => {
      const { deps } = await trail(); // records at 10:00:00, :01, :02, :03 UTC
      expect(
        seqs(
          await listAuditRecords(
            { from: '2025-01-15T10:00:01.000Z', to: '2025-01-15T12:00:03+02:00' },
            admin,
            deps,
          ),
        ),
      ).toEqual([2, 3].reverse());
      await expect(
        listAuditRecords(
          { from: '2025-01-15T10:00:01.000Z', to: '2025-01-15T10:00:01.000Z' },
          admin,
          deps,
        ),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'to' }] });
    });
  });

  describe('who sees what', () => {
    const trail = () =>
      chainOf([
        entry({ action: 'user.disabled', organisationId: ORG }),
        entry({ action: 'user.disabled', organisationId: OTHER }),
        entry({ action: 'user.created', organisationId: null }),
        entry({ action: 'session.login' }), // written before records named an organisation
        entry({ action: 'user.enabled', organisationId: ORG }),
      ]);

    it('a PlatformAdmin and an Auditor of every organisation see every record', async () => {
      const { deps } = await trail();
      for (const ctx of [admin, as('Auditor', null)]) {
        expect(seqs(await listAuditRecords({}, ctx, deps))).toEqual([5, 4, 3, 2, 1]);
      }
    });

    it.each(['OrgAdmin', 'Auditor'] as const)(
      'a %s of one organisation sees only the records about it',
      async (role) => {
        const { deps } = await trail();
        expect(seqs(await listAuditRecords({}, as(role, ORG), deps))).toEqual([5, 1]);
        expect(seqs(await listAuditRecords({}, as(role, OTHER), deps))).toEqual([2]);
      },
    );

    it('an OrgAdmin without an organisation sees none', async () => {
      const { deps } = await trail();
      expect(seqs(await listAuditRecords({}, as('OrgAdmin', null), deps))).toEqual([]);
    });
  });

  describe('a bounded read', () => {
    it('stops after its read budget with what it found and a cursor to go on', async () => {
      const total = READ_BUDGET + 150;
      const { table, deps } = bulkTable(total, (seq) =>
        seq === 1 || seq === total ? { action: 'user.deleted' } : {},
      );
      const first = await listAuditRecords({ action: 'user.deleted' }, admin, deps);
      expect(seqs(first)).toEqual([total]);
      expect(first.nextCursor).not.toBeNull();
      expect(table.readsBackward).toBe(READ_BUDGET / 100);
      const second = await listAuditRecords(
        { action: 'user.deleted', cursor: first.nextCursor ?? '' },
        admin,
        deps,
      );
      expect(seqs(second)).toEqual([1]);
      expect(second.nextCursor).toBeNull();
    });

    it('stops reading once the records are well before `from`', async () => {
      // One record a minute from 2025-01-01T00:00Z: 2000 records span about 33 hours.
      const { table, deps } = bulkTable(2000, () => ({}));
      const out = await listAuditRecords(
        { from: new Date(Date.UTC(2025, 0, 1) + 1951 * 60_000).toISOString(), limit: 100 },
        admin,
        deps,
      );
      expect(seqs(out)).toEqual(Array.from({ length: 50 }, (_, i) => 2000 - i));
      expect(out.nextCursor).toBeNull();
      expect(table.readsBackward).toBe(1);
    });
  });

  it('lists a stored item that is not an audit record as such, instead of failing', async () => {
    const { table, deps } = await chainOf([entry(), entry()]);
    table.items.set(sortKeyOf(3), { pk: AUDIT_CHAIN_PK, sk: sortKeyOf(3), seq: 3, junk: true });
    const out = await listAuditRecords({}, admin, deps);
    expect(routes['list-audit-records'].response.safeParse(out).success).toBe(true);
    expect(out.records[0]).toMatchObject({ seq: 3, action: UNREADABLE_ACTION, outcome: 'failure' });
    expect(seqs(out)).toEqual([3, 2, 1]);
    expect(seqs(await listAuditRecords({}, as('OrgAdmin', ORG), deps))).toEqual([]);
  });

  describe('a view, read from its index', () => {
    const failed = (organisationId: string | null, email = 'x@example.com'): AuditEntry =>
      entry({
        action: 'session.login-failed',
        outcome: 'failure',
        actor: null,
        organisationId,
        target: { type: 'user', id: `sub-${email}`, label: email },
      });
    /** One record a second from 10:00:00 (seq 1). */
    const trail = () =>
      chainOf([
        failed(ORG, 'anna@example.com'), // 1
        failed(OTHER), // 2
        entry({ action: 'user.mfa-reset', organisationId: ORG }), // 3: a security view and a change
        failed(ORG, 'bert@example.com'), // 4
        entry({ action: 'session.login', organisationId: ORG }), // 5: in no view
        failed(null), // 6: about no organisation
        entry({ action: 'user.created', organisationId: OTHER }), // 7
        failed(ORG, 'anna@example.com'), // 8
        entry({ action: 'api-credential.revoked', organisationId: ORG, actor: null }), // 9: a job's
      ]);
    const at = (second: number) => new Date(Date.UTC(2025, 0, 15, 10, 0, second)).toISOString();

    it('lists a view newest first with its total, without walking the chain', async () => {
      const { table, deps } = await trail();
      const out = await listAuditRecords({ view: 'failed-sign-ins' }, admin, deps);
      expect(routes['list-audit-records'].response.safeParse(out).success).toBe(true);
      expect(seqs(out)).toEqual([8, 6, 4, 2, 1]);
      expect(out).toMatchObject({ count: 5, total: 5 });
      expect(table.readsBackward).toBe(0);
      expect(seqs(await listAuditRecords({ view: 'changes' }, admin, deps))).toEqual([7, 3]);
      expect(seqs(await listAuditRecords({ view: 'mfa-resets' }, admin, deps))).toEqual([3]);
      // A job's revocation is a revocation, yet no administrator's change.
      expect(seqs(await listAuditRecords({ view: 'credential-revocations' }, admin, deps))).toEqual(
        [9],
      );
    });

    it('keeps to the caller’s reach: the organisation’s index for one who reaches one', async () => {
      const { deps } = await trail();
      for (const role of ['OrgAdmin', 'Auditor'] as const) {
        const mine = await listAuditRecords({ view: 'failed-sign-ins' }, as(role, ORG), deps);
        expect(seqs(mine)).toEqual([8, 4, 1]);
        expect(mine.total).toBe(3);
        const theirs = await listAuditRecords({ view: 'changes' }, as(role, OTHER), deps);
        expect(seqs(theirs)).toEqual([7]);
        expect(theirs.total).toBe(1);
      }
      expect(seqs(await listAuditRecords({ view: 'changes' }, as('Auditor'), deps))).toEqual([
        7, 3,
      ]);
      const none = await listAuditRecords({ view: 'changes' }, as('OrgAdmin', null), deps);
      expect(none).toMatchObject({ records: [], total: 0, nextCursor: null });
    });

    it('within from (inclusive) and to (exclusive), any offset, the total the same range', async () => {
      const { deps } = await trail();
      const out = await listAuditRecords(
        { view: 'failed-sign-ins', from: at(1), to: '2025-01-15T12:00:07+02:00' },
        admin,
        deps,
      );
      expect(seqs(out)).toEqual([6, 4, 2]);
      expect(out.total).toBe(3);
      const later = await listAuditRecords({ view: 'failed-sign-ins', from: at(7) }, admin, deps);
      expect(seqs(later)).toEqual([8]);
      expect(later.total).toBe(1);
    });

    it('applies the other filters here, and then has no total', async () => {
      const { deps } = await trail();
      const anna = await listAuditRecords(
        { view: 'failed-sign-ins', target: 'anna@' },
        admin,
        deps,
      );
      expect(seqs(anna)).toEqual([8, 1]);
      expect(anna.total).toBeNull();
      const exact = await listAuditRecords(
        { view: 'changes', action: 'user.mfa-reset', outcome: 'success', actor: 'admin@' },
        admin,
        deps,
      );
      expect(seqs(exact)).toEqual([3]);
      expect(exact.total).toBeNull();
    });

    it('pages with a cursor of the view and its filters, the total on every page', async () => {
      const { deps } = await trail();
      const first = await listAuditRecords({ view: 'failed-sign-ins', limit: 2 }, admin, deps);
      expect(seqs(first)).toEqual([8, 6]);
      expect(first.total).toBe(5);
      const second = await listAuditRecords(
        { view: 'failed-sign-ins', limit: 2, cursor: first.nextCursor ?? '' },
        admin,
        deps,
      );
      expect(seqs(second)).toEqual([4, 2]);
      expect(second.total).toBe(5);
      const third = await listAuditRecords(
        { view: 'failed-sign-ins', limit: 2, cursor: second.nextCursor ?? '' },
        admin,
        deps,
      );
      expect(seqs(third)).toEqual([1]);
      expect(third.nextCursor).toBeNull();
      // Another view, another filter or no view at all: not this cursor's list.
      for (const other of [
        { view: 'changes' as const },
        { view: 'failed-sign-ins' as const, outcome: 'failure' as const },
        {},
      ]) {
        await expect(
          listAuditRecords({ ...other, limit: 2, cursor: first.nextCursor ?? '' }, admin, deps),
        ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
      }
      // Nor is a cursor of the chain one of the view's.
      const chain = await listAuditRecords({ limit: 2 }, admin, deps);
      await expect(
        listAuditRecords(
          { view: 'failed-sign-ins', limit: 2, cursor: chain.nextCursor ?? '' },
          admin,
          deps,
        ),
      ).rejects.toThrow(ValidationError);
    });

    it('pages records of the same second in sequence order, none twice, none lost', async () => {
      const table = new MemoryAuditChainTable();
      const clock = new FakeClock();
      const trail = new HashChainedAuditTrail(table, { clock, backoff: noWait });
      // Three batches of records stamped with one time each.
      for (let batch = 0; batch < 3; batch += 1) {
        await trail.appendAll(Array.from({ length: 5 }, () => failed(ORG)));
        clock.advance(1000);
      }
      const deps = { reader: new HashChainedAuditReader(table) };
      const listed: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await listAuditRecords(
          { view: 'failed-sign-ins', limit: 4, ...(cursor === undefined ? {} : { cursor }) },
          as('OrgAdmin', ORG),
          deps,
        );
        expect(page.total).toBe(15);
        listed.push(...seqs(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(listed).toEqual(Array.from({ length: 15 }, (_, i) => 15 - i));
    });

    it('stops after its read budget when few records match, with a cursor to go on', async () => {
      const total = VIEW_READ_BUDGET + 50;
      const { table, deps } = await chainOf(
        Array.from({ length: total }, (_, i) =>
          failed(ORG, i === 0 || i === total - 1 ? 'rare@example.com' : 'common@example.com'),
        ),
      );
      const first = await listAuditRecords(
        { view: 'failed-sign-ins', target: 'rare@' },
        admin,
        deps,
      );
      expect(seqs(first)).toEqual([total]);
      expect(first.nextCursor).not.toBeNull();
      expect(table.indexQueries).toBe(VIEW_READ_BUDGET / 100);
      const second = await listAuditRecords(
        { view: 'failed-sign-ins', target: 'rare@', cursor: first.nextCursor ?? '' },
        admin,
        deps,
      );
      expect(seqs(second)).toEqual([1]);
      expect(second.nextCursor).toBeNull();
    });

    it('gives the same rows as the chain walked with the same filters (the export’s way)', async () => {
      const { table, deps } = await trail();
      const stored = [...table.items.values()].reverse();
      for (const view of AUDIT_VIEWS) {
        for (const ctx of [admin, as('OrgAdmin', ORG), as('Auditor', OTHER)]) {
          const viaIndex = await listAuditRecords({ view, limit: 100 }, ctx, deps);
          const matches = matcher({ view }, ctx.caller);
          const walked = stored.map(toAuditRecord).filter(matches);
          expect(viaIndex.records, view).toEqual(walked);
        }
      }
    });
  });
});
