import type { routes } from '@ccsc/contract/routes';
import type { Journal } from '../core/journal';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { Core, RequestContext } from '../core/request';
import { type AccountLock, type AccountLocks, isLockedOut } from '../core/ports/account-locks';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { AuthEvent, UserDirectory } from '../core/ports/user-directory';
import {
  type AccountSnapshot,
  recordBaseOf,
  snapshotOf,
  userSubject,
  type UserWriteDeps,
} from '../core/accounts/account-writes';
import { requireWebClient, type SteadyTiming, withMinimumDuration } from './session-shared';
import { userTarget } from '../core/audit-entry';
import { LOCK_CLAIMED_ELSEWHERE, lockAccountWrite } from './session-writes';

export interface AccountLockoutDeps extends SteadyTiming {
  directory: Pick<UserDirectory, 'getUser' | 'listAuthEvents'>;
  locks: AccountLocks;
  /** The lock itself, as one journaled write (session-writes.ts). */
  writes: Pick<Journal<UserWriteDeps>, 'run'>;
  audit: AuditTrail;
  logger: Logger;
  /** The console's app client (USER_POOL_CLIENT_ID). */
  webClientId: string;
  /** Consecutive failed sign-ins that lock (LOCKOUT_THRESHOLD, default 5). */
  threshold: number;
  /** The answer comes no sooner than this after the request, whatever the account. */
  minimumDurationMs?: number;
}

export const LOCKOUT_MIN_RESPONSE_MS = 500;
/** Auth-event pages (60 each) read at most: far more than any threshold needs. */
export const MAX_AUTH_EVENT_PAGES = 5;

/**
 * The account's consecutive failed sign-ins, newest backwards, up to `threshold`: a successful
 * sign-in or password change ends the streak, as does the previous lock (failures it already
 * counted). Sign-ins still in progress (password right, MFA pending) neither count nor end it.
 */
export const consecutiveFailedSignIns = async (
  directory: Pick<UserDirectory, 'listAuthEvents'>,
  userName: string,
  since: Date | null,
  threshold: number,
  /** Collects the failures counted, newest first. */
  failed: AuthEvent[] = [],
): Promise<number> => {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_AUTH_EVENT_PAGES; page += 1) {
    const { events, nextCursor } = await directory.listAuthEvents(userName, cursor);
    for (const event of events) {
      if (since !== null && event.at.getTime() <= since.getTime()) return count;
      if (event.response === 'Pass' && ['SignIn', 'PasswordChange'].includes(event.type)) {
        return count;
      }
      if (event.type === 'SignIn' && event.response === 'Fail') {
        count += 1;
        failed.push(event);
        if (count >= threshold) return count;
      }
    }
    if (nextCursor === null) return count;
    cursor = nextCursor;
  }
  return count;
};

/** An existing, enabled account and the failed sign-ins of its current streak. */
interface Streak {
  userName: string;
  email: string;
  organisationId: string | null;
  /** The account as judged: the lock goes on only while it still is. */
  account: AccountSnapshot;
  /** Newest first. */
  failed: AuthEvent[];
}

type Verdict =
  | { kind: 'unknown' | 'already-locked' }
  | { kind: 'not-locked'; streak?: Streak }
  | ({ kind: 'lock'; failures: number; previous: AccountLock | null } & Streak);

/** Reads only: what the account's real auth events say. */
const judge = async (email: string, deps: AccountLockoutDeps): Promise<Verdict> => {
  const { directory, locks, threshold } = deps;
  const user = await directory.getUser(email);
  if (user === null) {
    // The same Cognito calls as for an account (this one fails: "User does not exist.").
    await directory.listAuthEvents(email).catch((err: unknown) => {
      if (!(err instanceof NotFoundError)) throw err;
    });
    return { kind: 'unknown' };
  }
  const lock = await locks.get(user.userName);
  if (!user.enabled) return { kind: isLockedOut(false, lock) ? 'already-locked' : 'not-locked' };
  const failed: AuthEvent[] = [];
  const failures = await consecutiveFailedSignIns(
    directory,
    user.userName,
    // After an unlock, only failures since the release count (not ones made while it was locked).
    lock?.releasedAt ?? lock?.lockedAt ?? null,
    threshold,
    failed,
  );
  const streak = {
    userName: user.userName,
    email: user.email,
    organisationId: user.organisationId,
    account: snapshotOf(user),
    failed,
  };
  if (failures < threshold) return { kind: 'not-locked', streak };
  return { kind: 'lock', ...streak, failures, previous: lock };
};

/**
 * Records each real failed sign-in of the streak in the audit trail, once (the failures are
 * Cognito's own auth events, never what the request says; a failure reported again is not
 * recorded twice). The source is the browser that reported it, the sign-in screen.
 */
const recordFailures = async (
  streak: Streak,
  ctx: RequestContext<null>,
  deps: AccountLockoutDeps,
): Promise<void> => {
  for (const { id, at } of [...streak.failed].reverse()) {
    const eventId = id ?? at.toISOString();
    if (!(await deps.locks.claimFailureRecord(streak.userName, eventId, at))) continue;
    await deps.audit.append({
      action: 'session.login-failed',
      outcome: 'failure',
      actor: null,
      target: userTarget(streak.userName, streak.email),
      organisationId: streak.organisationId,
      source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
      requestId: ctx.requestId,
      reason: `Incorrect password (Cognito sign-in failure at ${at.toISOString()})`,
    });
  }
};

/**
 * Locks, as one journaled write (lockAccountWrite): the record (once per streak), then Cognito
 * disables the user (under the last-PlatformAdmin rule) and ends its sessions, the audit record,
 * the list's row. Answers whether the account is locked now: true also when a concurrent call
 * claimed this streak and is locking it; false for the last enabled PlatformAdmin, who is not
 * locked out (the refusal is recorded).
 */
const lock = async (
  verdict: Extract<Verdict, { kind: 'lock' }>,
  ctx: RequestContext<null>,
  deps: AccountLockoutDeps,
): Promise<boolean> => {
  const reason = `${String(verdict.failures)} consecutive failed sign-ins (threshold ${String(deps.threshold)})`;
  try {
    await deps.writes.run(lockAccountWrite, userSubject(verdict.userName), {
      record: recordBaseOf(ctx),
      userName: verdict.userName,
      email: verdict.email,
      organisationId: verdict.organisationId,
      expect: verdict.account,
      lock: {
        lockedAt: deps.clock.now().toISOString(),
        failedSignIns: verdict.failures,
        reason: `locked by lockout: ${reason}`,
      },
      previous:
        verdict.previous === null
          ? null
          : {
              lockedAt: verdict.previous.lockedAt.toISOString(),
              failedSignIns: verdict.previous.failedSignIns,
              reason: verdict.previous.reason,
              releasedAt: verdict.previous.releasedAt?.toISOString() ?? null,
            },
      reason,
    });
    return true;
  } catch (err) {
    if (err instanceof ConflictError && err.message === LOCK_CLAIMED_ELSEWHERE) return true;
    if (err instanceof ConflictError) {
      // The last enabled PlatformAdmin (recorded), or the account changed or busy meanwhile:
      // locked only if another call locked it just now; else answered as an unknown account is
      // (the next failure judges again).
      deps.logger.warn('accountLockout: the lock did not go ahead', {
        requestId: ctx.requestId,
        reason: err.message,
      });
      const account = await deps.directory.getUser(verdict.userName);
      return isLockedOut(account?.enabled ?? true, await deps.locks.get(verdict.userName));
    }
    throw err;
  }
};

/**
 * Called by the login screen after "Incorrect username or password."; public. It must not let
 * anyone lock a stranger out, so the request itself proves nothing: the account's real failed
 * sign-ins (Cognito's auth events) are counted, and only at the threshold is the account locked
 * (disabled, sessions ended, the lock recorded with its reason, an audit record). Unknown
 * e-mails, disabled accounts and Cognito throttling answer like an account that is not locked;
 * an account this call locked answers locked: true. The answer takes at least
 * LOCKOUT_MIN_RESPONSE_MS, so its time says nothing about the account either.
 */
export const accountLockout: Core<(typeof routes)['accountLockout'], AccountLockoutDeps> = async (
  input,
  ctx,
  deps,
) => {
  requireWebClient(input.clientId, deps.webClientId);
  return withMinimumDuration(deps, deps.minimumDurationMs ?? LOCKOUT_MIN_RESPONSE_MS, async () => {
    let verdict: Verdict;
    try {
      verdict = await judge(input.email, deps);
    } catch (err) {
      if (!(err instanceof TooManyRequestsError)) throw err;
      deps.logger.warn('accountLockout: Cognito throttled; answered not locked', {
        requestId: ctx.requestId,
      });
      return { locked: false };
    }
    const streak =
      verdict.kind === 'lock'
        ? verdict
        : verdict.kind === 'not-locked'
          ? verdict.streak
          : undefined;
    if (streak !== undefined) await recordFailures(streak, ctx, deps);
    if (verdict.kind === 'lock') return { locked: await lock(verdict, ctx, deps) };
    return { locked: verdict.kind === 'already-locked' };
  });
};
