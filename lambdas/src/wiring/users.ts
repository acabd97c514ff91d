import type { Journal } from '../core/journal';
import {
  ensureUserIndexBuilt,
  syncAfterChange,
  type UserIndexSync,
} from '../core/accounts/user-index-sync';
import type { RegisteredWorkflow } from '../core/journal';
import {
  LINK_RESET_WRITES,
  LOCKOUT_WRITES,
  PASSWORD_RESET_WRITES,
  SESSION_WRITES,
} from '../session/session-writes';
import { USER_WRITES, userWriteJournal } from '../users/user-writes';
import { type UserWriteDeps } from '../core/accounts/account-writes';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import { userDirectory } from './cognito';
import { auditReader } from './audit';
import {
  accountLocks,
  auditTrail,
  invitations,
  totpResetTickets,
  userIndex,
  writeJournal,
} from './dynamodb';

/** Cognito plus the user index (DynamoDB) kept in step with it (issue 5's user list). */
const indexSync = (): UserIndexSync => ({
  directory: userDirectory(),
  locks: accountLocks(),
  invitations: invitations(),
  index: userIndex(),
  logger: lambdaLogger,
});

/** Syncs one user's row after Cognito changed the account on its own (a sign-in). */
export const syncUser = (): ((userName: string) => Promise<void>) => {
  const sync = indexSync();
  return (userName) => syncAfterChange(sync, userName);
};

/** Builds the index from the directory if it never was. */
export const ensureBuilt = (): (() => Promise<void>) => {
  const sync = indexSync();
  return () => ensureUserIndexBuilt(sync);
};

/** What every journaled user write needs (user-writes.ts). */
export const userWriteDeps = (): UserWriteDeps => ({
  directory: userDirectory(),
  index: userIndex(),
  locks: accountLocks(),
  invitations: invitations(),
  tickets: totpResetTickets(),
  audit: auditTrail(),
  auditReader: auditReader(),
  leases: writeJournal(),
  clock: systemClock,
  logger: lambdaLogger,
});

const journalOf = (workflows: readonly RegisteredWorkflow<UserWriteDeps>[]) => () =>
  userWriteJournal({ journal: writeJournal() }, userWriteDeps(), workflows);

/**
 * The journal user management runs its writes through, and the reconciler's: every kind of
 * user write (a user-management function may take every step of every one: infra's
 * permissions), so an interrupted write of any kind is finished by the next write on the user.
 */
export const userWrites: () => Journal<UserWriteDeps> = journalOf([
  ...USER_WRITES,
  ...SESSION_WRITES,
]);
/**
 * The public calls' journals know their own kind only: they finish an interrupted write of it,
 * and leave any other kind to the reconciler (their functions may not take its steps).
 */
export const lockoutWrites = journalOf(LOCKOUT_WRITES);
export const linkResetWrites = journalOf(LINK_RESET_WRITES);
export const passwordResetWrites = journalOf(PASSWORD_RESET_WRITES);
