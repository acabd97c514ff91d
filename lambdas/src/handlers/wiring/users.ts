import type { Journal } from '../../core/journal';
import {
  ensureUserIndexBuilt,
  IndexedUserDirectory,
  syncAfterChange,
  type UserIndexSync,
} from '../../features/users/user-index-sync';
import { type UserWriteDeps, userWriteJournal } from '../../features/users/user-writes';
import { consoleLogger } from '../../http/logger';
import { systemClock } from '../../ports/clock';
import type { UserDirectory } from '../../ports/user-directory';
import { userDirectory } from '../deps';
import { auditReader } from './audit';
import { accountLocks, auditTrail, userIndex, writeJournal } from './dynamodb';

/** Cognito plus the user index (DynamoDB) kept in step with it (issue 5's user list). */
const indexSync = (): UserIndexSync => ({
  directory: userDirectory(),
  locks: accountLocks(),
  index: userIndex(),
  logger: consoleLogger,
});

/**
 * The directory the session calls that change an account use: each change is followed by a
 * sync of the user's row. (User management's writes keep the row in step as a step of their own.)
 */
export const managedUserDirectory = (): UserDirectory => {
  const { directory, ...sync } = indexSync();
  return new IndexedUserDirectory(directory, sync);
};

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
  audit: auditTrail(),
  auditReader: auditReader(),
  leases: writeJournal(),
  clock: systemClock,
  logger: consoleLogger,
});

/** The journal user management runs its writes through; also what the reconciler finishes. */
export const userWrites = (): Journal<UserWriteDeps> =>
  userWriteJournal({ journal: writeJournal() }, userWriteDeps());
