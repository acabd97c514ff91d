import { type Journal } from '../core/journal';
import { SESSION_WRITES } from '../session/session-writes';
import { USER_WRITES, userWriteJournal } from '../users/user-writes';
import { type UserWriteDeps } from '../core/accounts/account-writes';
import type { AccountLocks } from '../core/ports/account-locks';
import type { Invitations } from '../core/ports/invitations';
import type { TotpResetTickets } from '../core/ports/totp-reset-tickets';
import type { AuditReader, AuditTrail } from '../core/ports/audit-trail';
import type { UserDirectory } from '../core/ports/user-directory';
import type { UserIndex } from '../core/ports/user-index';
import {
  FakeAccountLocks,
  FakeAuditTrail,
  FakeClock,
  FakeTotpResetTickets,
  FakeUserIndex,
  silentLogger,
} from '../core/testing/fakes';
import { FakeInvitations } from '../core/testing/fake-invitations';
import { MemoryWriteJournal } from '../core/testing/memory-write-journal';

/** The journaled user writes over fakes, as the cores and the reconciler get them. */
export const userWritesFor = (
  directory: UserDirectory,
  parts: {
    audit?: AuditTrail;
    /** Where an interrupted write looks for its record; by default `audit` if it can read. */
    auditReader?: Pick<AuditReader, 'readNewestFirst'>;
    locks?: AccountLocks;
    invitations?: Invitations;
    tickets?: TotpResetTickets;
    index?: UserIndex;
    clock?: FakeClock;
  } = {},
): {
  writes: Journal<UserWriteDeps>;
  journal: MemoryWriteJournal;
  deps: UserWriteDeps;
  clock: FakeClock;
  logger: ReturnType<typeof silentLogger>;
} => {
  const clock = parts.clock ?? new FakeClock();
  const audit = parts.audit ?? new FakeAuditTrail();
  const auditReader =
    parts.auditReader ??
    (audit instanceof FakeAuditTrail ? audit : { readNewestFirst: () => Promise.resolve([]) });
  const journal = new MemoryWriteJournal(clock);
  const logger = silentLogger();
  const deps: UserWriteDeps = {
    directory,
    index: parts.index ?? new FakeUserIndex(),
    locks: parts.locks ?? new FakeAccountLocks(),
    invitations: parts.invitations ?? new FakeInvitations(),
    tickets: parts.tickets ?? new FakeTotpResetTickets(),
    audit,
    auditReader,
    leases: journal,
    clock,
    logger,
    sleep: clock.sleep,
  };
  let ids = 0;
  const writes = userWriteJournal(
    {
      journal,
      sleep: clock.sleep,
      newId: () => {
        ids += 1;
        return `id-${String(ids)}`;
      },
    },
    deps,
    [...USER_WRITES, ...SESSION_WRITES],
  );
  return { writes, journal, deps, clock, logger };
};
