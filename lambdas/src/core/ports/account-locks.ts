/**
 * Why and when accountLockout last locked an account (main table). A user is "locked" while
 * Cognito has it disabled AND its lock is not released: user management shows it as 'locked',
 * and unlocking is enabling the user plus `release` (and, if wanted, a password reset). The
 * record stays after a release: the release (`releasedAt`, else `lockedAt`) is where the next
 * failure streak starts, so failures that locked the account once, or were made against it while
 * it was locked, are never counted again.
 */
export interface AccountLock {
  userName: string;
  lockedAt: Date;
  /** The failed sign-ins counted when it locked. */
  failedSignIns: number;
  /** Why, in words ("locked by lockout: ..."). */
  reason: string;
  /** When an administrator unlocked the account; null while the lock stands. */
  releasedAt: Date | null;
}

export interface AccountLocks {
  get(userName: string): Promise<AccountLock | null>;
  /**
   * Records a lock if nobody recorded one since `previous` was read (null: none existed).
   * Answers false when a concurrent call got there first, so one streak locks once.
   */
  claim(lock: AccountLock, previous: AccountLock | null): Promise<boolean>;
  /**
   * Undoes a claim that did not lead to a lock (the lock was refused on the way): if the record is
   * still `lock`, `previous` is put back (or, if null, the record removed), so the streak counts
   * as if nothing had been claimed.
   */
  unclaim(lock: AccountLock, previous: AccountLock | null): Promise<void>;
  /** Marks the current lock released (the unlock of user management); no lock, no change. */
  release(userName: string, at: Date): Promise<void>;
  /**
   * Claims the audit record of one failed sign-in (Cognito's auth event, by its EventId): true
   * for the first caller only, so each real failure is recorded once however often it is
   * reported. `at` is when it happened (the bookkeeping expires 30 days after).
   */
  claimFailureRecord(userName: string, eventId: string, at: Date): Promise<boolean>;
}

/** True when the account is disabled because accountLockout locked it (not released since). */
export const isLockedOut = (enabled: boolean, lock: AccountLock | null): boolean =>
  !enabled && lock !== null && lock.releasedAt === null;
