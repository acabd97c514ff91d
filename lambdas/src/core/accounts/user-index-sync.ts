import type { Logger } from '../logger';
import { type AccountLocks, isLockedOut } from '../ports/account-locks';
import type { Invitations } from '../ports/invitations';
import { type DirectoryUserDetail, hasTotp, type UserDirectory } from '../ports/user-directory';
import type { IndexedUser, UserIndex } from '../ports/user-index';

/** What keeping the index in step needs. */
export interface UserIndexSync {
  directory: UserDirectory;
  locks: AccountLocks;
  /** When invitations were sent (carried into the rows of users waiting for the first sign-in). */
  invitations: Pick<Invitations, 'sentAt'>;
  index: UserIndex;
  logger: Logger;
}

export const toIndexedUser = (
  user: DirectoryUserDetail,
  locked: boolean,
  invitationSentAt: Date | null,
): IndexedUser => {
  return {
    userName: user.userName,
    email: user.email,
    emailVerified: user.emailVerified,
    givenName: user.givenName,
    familyName: user.familyName,
    phoneNumber: user.phoneNumber,
    role: user.role,
    organisationId: user.organisationId,
    enabled: user.enabled,
    status: user.status,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    mfaEnrolled: hasTotp(user),
    locked,
    invitationSentAt:
      user.status === 'FORCE_CHANGE_PASSWORD' && invitationSentAt !== null
        ? invitationSentAt.toISOString()
        : null,
  };
};

/**
 * The row the index should hold for the user now: null when the user no longer exists. The lock
 * is read beside the user, and so is when the invitation was sent — only for a user still waiting
 * for the first sign-in (FORCE_CHANGE_PASSWORD): nobody else's row carries it.
 */
const currentRow = async (
  { directory, locks, invitations }: Omit<UserIndexSync, 'logger' | 'index'>,
  userName: string,
): Promise<IndexedUser | null> => {
  const user = await directory.getUser(userName);
  if (user === null) return null;
  const [lock, sentAt] = await Promise.all([
    locks.get(user.userName),
    user.status === 'FORCE_CHANGE_PASSWORD'
      ? invitations.sentAt(user.userName)
      : Promise.resolve(null),
  ]);
  return toIndexedUser(user, isLockedOut(user.enabled, lock), sentAt);
};

/** Reads the user's current state from the directory and the locks and writes it to the index. */
export const syncIndexedUser = async (
  sync: Omit<UserIndexSync, 'logger'>,
  userName: string,
): Promise<void> => {
  const row = await currentRow(sync, userName);
  if (row === null) await sync.index.remove(userName);
  else await sync.index.put(row);
};

const sameRow = (a: IndexedUser, b: IndexedUser): boolean =>
  JSON.stringify(a) === JSON.stringify({ ...a, ...b });

/**
 * Syncs after a change, never failing the change itself: the directory is the truth and has
 * changed already; an index that missed it is corrected by the next sync of that user or a
 * rebuild, and the miss is logged for the operators.
 */
export const syncAfterChange = async (sync: UserIndexSync, userName: string): Promise<void> => {
  try {
    await syncIndexedUser(sync, userName);
  } catch (err) {
    sync.logger.error('user index: could not sync a changed user', {
      userName,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
};

const REBUILD_CONCURRENCY = 10;

/**
 * Rebuilds the index from the directory: every user (ListUsers pages, then AdminGetUser for the
 * authenticator and the lock record), rows written only where they differ, rows of users that no
 * longer exist removed. Marks the index built.
 */
export const rebuildUserIndex = async (
  sync: Omit<UserIndexSync, 'logger'>,
): Promise<{ users: number; removed: number; written: number }> => {
  const held = new Map((await sync.index.all()).map((row) => [row.userName, row]));
  const seen = new Set<string>();
  let written = 0;
  const refresh = async (userName: string) => {
    const row = await currentRow(sync, userName);
    if (row === null) return; // gone since it was listed: removed below
    seen.add(row.userName);
    const before = held.get(row.userName);
    if (before !== undefined && sameRow(before, row)) return;
    await sync.index.put(row);
    written += 1;
  };
  let cursor: string | undefined;
  do {
    const page = await sync.directory.listUsers({ limit: 60, cursor });
    // A few at a time: quicker than one by one, well within Cognito's AdminGetUser rate.
    for (let i = 0; i < page.users.length; i += REBUILD_CONCURRENCY) {
      await Promise.all(
        page.users.slice(i, i + REBUILD_CONCURRENCY).map((listed) => refresh(listed.userName)),
      );
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  let removed = 0;
  for (const userName of held.keys()) {
    if (!seen.has(userName)) {
      await sync.index.remove(userName);
      removed += 1;
    }
  }
  await sync.index.markBuilt();
  return { users: seen.size, removed, written };
};

/** Builds the index once, the first time a reader finds it never built (a new deployment). */
export const ensureUserIndexBuilt = async (sync: Omit<UserIndexSync, 'logger'>): Promise<void> => {
  if (!(await sync.index.isBuilt())) await rebuildUserIndex(sync);
};
