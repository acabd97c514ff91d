import { describe, expect, it } from 'vitest';
import type { Role } from '@ccsc/contract/roles';
import { HashChainedAuditReader, HashChainedAuditTrail } from '../adapters/audit-chain';
import { FakeUserDirectory, fakeUser } from '../core/testing/fake-user-directory';
import { callerContext, FakeAccountLocks, FakeClock } from '../core/testing/fakes';
import { MemoryAuditChainTable } from './memory-audit-chain-table';
import { listAuditRecords } from '../audit/list-audit-records.core';
import { disableUser } from '../users/user-status.core';
import { userWritesFor } from './user-writes';

/**
 * Two areas meet here: what the users area records when it changes an account is what the
 * audit area lists to whom (an OrgAdmin reads the records about their organisation).
 */
const ORG = 'site-001';
const OTHER = 'sponsor-002';

const chainOf = () => {
  const table = new MemoryAuditChainTable();
  const trail = new HashChainedAuditTrail(table, {
    clock: new FakeClock(),
    backoff: () => Promise.resolve(),
  });
  return { trail, deps: { reader: new HashChainedAuditReader(table) } };
};
const as = (role: Role, organisationId: string | null = null) =>
  callerContext({ role, organisationId });
const admin = as('PlatformAdmin');
const seqs = (out: { records: { seq: number }[] }) => out.records.map((r) => r.seq);

describe('the audit of user writes', () => {
  it('an OrgAdmin sees what the user calls record about their organisation', async () => {
    const directory = new FakeUserDirectory([
      fakeUser(1, { role: 'PlatformAdmin', organisationId: null }),
      fakeUser(3, { role: 'Auditor', organisationId: ORG }),
      fakeUser(4, { role: 'Auditor', organisationId: OTHER }),
    ]);
    const { trail: audit, deps } = chainOf();
    const locks = new FakeAccountLocks();
    const { writes } = userWritesFor(directory, { audit, locks });
    const userDeps = { directory, audit, locks, writes };
    const platformAdmin = callerContext({
      sub: fakeUser(1).userName,
      userName: fakeUser(1).userName,
      role: 'PlatformAdmin',
    });
    for (const n of [3, 4]) {
      await disableUser(
        { userName: fakeUser(n).userName, userRole: 'Auditor' },
        platformAdmin,
        userDeps,
      );
    }
    const mine = await listAuditRecords({}, as('OrgAdmin', ORG), deps);
    expect(mine.records).toEqual([
      expect.objectContaining({
        action: 'user.disabled',
        organisationId: ORG,
        target: expect.objectContaining({ id: fakeUser(3).userName }) as unknown,
        before: { enabled: true },
        after: { enabled: false },
      }),
    ]);
    expect(seqs(await listAuditRecords({}, admin, deps))).toEqual([2, 1]);
  });
});
