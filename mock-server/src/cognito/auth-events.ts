import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import { requestOrigin } from './request';
import {
  type AuthEventResponse,
  type AuthEventType,
  FidelityStore,
  type PoolState,
  type StoredAuthEvent,
  type UserMeta,
} from './state';

/** Cognito locks password sign-in after this many consecutive failures… */
export const LOCKOUT_AFTER_FAILURES = 5;
/** …for 1 s, doubling with each further failure, up to about 15 minutes… */
export const LOCKOUT_MAX_MS = 15 * 60 * 1000;
/** …and forgets the failures after 15 minutes without an attempt. */
export const FAILURES_FORGOTTEN_AFTER_MS = 15 * 60 * 1000;

/** Events kept per user (newest first when listed); older ones are dropped. */
export const AUTH_EVENTS_KEPT = 500;

export type ChallengeResult = StoredAuthEvent['ChallengeResponses'][number];

export type AttemptOutcome = 'ok' | 'failed' | 'locked';

/** Per-process key for the stand-in records of names that are no account. */
const standInKey = randomBytes(32);

/**
 * The key under which attempts on a name that is no account are counted: the same work and the
 * same lockout as for a real account, so neither answer nor timing tells them apart.
 */
export const standInFor = (poolId: string, username: string) =>
  `unknown:${createHmac('sha256', standInKey).update(`${poolId}|${username.toLowerCase()}`).digest('hex').slice(0, 32)}`;

/**
 * Auth events as Cognito's threat protection records them (AdminListUserAuthEvents), and the
 * temporary password lockout ("Password attempts exceeded") driven by the same failures. Every
 * check-and-count happens inside one store update, so parallel attempts cannot slip past it.
 */
export class AuthEvents {
  constructor(
    private readonly store: FidelityStore,
    private readonly clock: Clock,
  ) {}

  private now() {
    return this.clock.get().getTime();
  }

  private event(
    type: AuthEventType,
    response: AuthEventResponse,
    challenges: ChallengeResult[],
  ): StoredAuthEvent {
    const origin = requestOrigin();
    return {
      EventId: randomUUID(),
      EventType: type,
      CreatedAt: this.now(),
      EventResponse: response,
      ChallengeResponses: challenges,
      EventContextData: { IpAddress: origin.ipAddress, DeviceName: origin.userAgent },
    };
  }

  private static append(state: PoolState, username: string, event: StoredAuthEvent) {
    const list = (state.authEvents[username] ??= []);
    list.push(event);
    if (list.length > AUTH_EVENTS_KEPT) list.splice(0, list.length - AUTH_EVENTS_KEPT);
  }

  async record(
    poolId: string,
    username: string,
    type: AuthEventType,
    response: AuthEventResponse,
    challenges: ChallengeResult[],
  ): Promise<StoredAuthEvent> {
    const event = this.event(type, response, challenges);
    await this.store.update(poolId, (state) => {
      AuthEvents.append(state, username, event);
    });
    return event;
  }

  private locked(meta: UserMeta | undefined, now: number) {
    return meta?.lockedUntil !== undefined && meta.lockedUntil > now;
  }

  /**
   * One password (or, after it, MFA code) attempt, judged and counted at once: while locked it
   * is refused uncounted; a failure is counted (after 15 quiet minutes the count starts again)
   * and recorded, and past the threshold it locks for 2^(n-5) s. `username` may be a stand-in
   * (standInFor): then nothing is recorded as an event, as Cognito records none.
   */
  async attempt(
    poolId: string,
    username: string,
    succeeded: boolean,
    challenges: ChallengeResult[] = [{ ChallengeName: 'Password', ChallengeResponse: 'Failure' }],
  ): Promise<AttemptOutcome> {
    const now = this.now();
    const event = this.event('SignIn', 'Fail', challenges);
    return this.store.update(poolId, (state): AttemptOutcome => {
      const meta = FidelityStore.userMeta(state, username);
      if (this.locked(meta, now)) return 'locked';
      if (succeeded) return 'ok';
      if (
        meta.lastFailureAt !== undefined &&
        now - meta.lastFailureAt > FAILURES_FORGOTTEN_AFTER_MS
      ) {
        meta.failedAttempts = 0;
      }
      meta.failedAttempts = (meta.failedAttempts ?? 0) + 1;
      meta.lastFailureAt = now;
      const over = meta.failedAttempts - LOCKOUT_AFTER_FAILURES;
      if (over >= 0) meta.lockedUntil = now + Math.min(1000 * 2 ** over, LOCKOUT_MAX_MS);
      if (!username.startsWith('unknown:')) AuthEvents.append(state, username, event);
      return 'failed';
    });
  }

  /** True while the user's password sign-in is temporarily locked. */
  async isLocked(poolId: string, username: string) {
    return this.locked((await this.store.read(poolId)).users[username], this.now());
  }

  /** A completed sign-in (or a password reset) ends the failure streak. */
  async clearFailures(poolId: string, username: string) {
    await this.store.update(poolId, (state) => {
      const meta = FidelityStore.userMeta(state, username);
      delete meta.failedAttempts;
      delete meta.lockedUntil;
      delete meta.lastFailureAt;
    });
  }

  /**
   * A limited action other than sign-in (ChangePassword's old password, a password-reset code):
   * after five consecutive failures Cognito answers LimitExceededException for 15 minutes.
   * Returns false when the limit is reached (the caller refuses without checking).
   */
  async limited(
    poolId: string,
    username: string,
    counter: 'changePasswordFailures' | 'resetCodeFailures',
    succeeded: boolean,
  ): Promise<boolean> {
    const now = this.now();
    return this.store.update(poolId, (state) => {
      const meta = FidelityStore.userMeta(state, username);
      const entry = meta[counter] ?? { count: 0, at: 0 };
      if (now - entry.at > FAILURES_FORGOTTEN_AFTER_MS) entry.count = 0;
      if (entry.count >= LOCKOUT_AFTER_FAILURES) return false;
      if (succeeded) {
        Reflect.deleteProperty(meta, counter);
        return true;
      }
      meta[counter] = { count: entry.count + 1, at: now };
      return true;
    });
  }
}

export const LIMIT_EXCEEDED = 'Attempt limit exceeded, please try after some time.';
