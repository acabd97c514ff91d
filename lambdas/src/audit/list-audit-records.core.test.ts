import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { ValidationError } from '../core/errors';
import { AUDIT_CHAIN_PK, GENESIS_HASH, sortKeyOf } from '../adapters/audit-chain';
import { UNREADABLE_ACTION } from './audit-records';
import { listAuditRecords, READ_BUDGET } from './list-audit-records.core';
import {
  ORG,
  OTHER,
  entry,
  chainOf,
  bulkTable,
  as,
  admin,
  seqs,
} from '../testing/audit-records-kit';

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
});
