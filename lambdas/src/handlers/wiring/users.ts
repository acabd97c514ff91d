import {
  ensureUserIndexBuilt,
  IndexedUserDirectory,
  syncAfterChange,
  type UserIndexSync,
} from '../../features/users/user-index-sync';
import { consoleLogger } from '../../http/logger';
import type { UserDirectory } from '../../ports/user-directory';
import { userDirectory } from '../deps';
import { accountLocks, userIndex } from './dynamodb';

/** Cognito plus the user index (DynamoDB) kept in step with it (issue 5's user list). */
const indexSync = (): UserIndexSync => ({
  directory: userDirectory(),
  locks: accountLocks(),
  index: userIndex(),
  logger: consoleLogger,
});

/** The directory every changing call uses: each change is followed by a sync of the user. */
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
