import type { DirectoryUser } from './user-directory';

/**
 * One user as the user list shows, filters and sorts it: the directory's fields plus what only
 * other places know (the authenticator enrolment from AdminGetUser, the lock from accountLockout,
 * when the invitation was last sent from its record beside the lock).
 */
export interface IndexedUser extends DirectoryUser {
  mfaEnrolled: boolean;
  locked: boolean;
  /**
   * While the user waits for the first sign-in (FORCE_CHANGE_PASSWORD): when the invitation (the
   * temporary password) was last sent, ISO, from ports/invitations.ts; null otherwise, and for a
   * user invited before that record was kept (lists/users.ts falls back on Cognito's dates).
   */
  invitationSentAt: string | null;
}

/**
 * The user index (main table): a copy of the directory that the user list can filter by role,
 * organisation and status, sort and count, which Cognito's ListUsers cannot (it filters on a few
 * standard attributes only and has no count). It is kept in step by every write the console
 * makes (the last step of each journaled write: user-writes.ts, session-writes.ts), by each
 * sign-in (redirectUser), and is rebuilt from the directory (`rebuildUserIndex`) nightly.
 */
export interface UserIndex {
  /** Writes or replaces the user's row. */
  put(user: IndexedUser): Promise<void>;
  /** Removes the user's row; no row, no change. */
  remove(userName: string): Promise<void>;
  /** Every row (any order). May answer from memory while the index has not changed since. */
  all(): Promise<IndexedUser[]>;
  /** Every row in e-mail order, a page at a time (for exports: constant memory). */
  pages(): AsyncIterable<IndexedUser[]>;
  /** Whether the index has ever been built (rebuildUserIndex marks it). */
  isBuilt(): Promise<boolean>;
  /** Marks the index built (after a rebuild). */
  markBuilt(): Promise<void>;
}
