import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { ValidationError } from '../core/errors';
import { HashChainedAuditReader, HashChainedAuditTrail } from '../adapters/audit-chain';
import type { AuditEntry } from '../core/ports/audit-trail';
import { FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from '../testing/memory-audit-chain-table';
import { toAuditRecord } from './audit-records';
import { listAuditRecords, matcher } from './list-audit-records.core';
import { AUDIT_VIEWS } from '@ccsc/contract/audit';
import { VIEW_READ_BUDGET } from '../core/lists/audit';
import { ORG, OTHER, noWait, entry, chainOf, as, admin, seqs } from '../testing/audit-records-kit';

/** list-audit-records over a view, read from its index. */

describe('list-audit-records', () => {
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
