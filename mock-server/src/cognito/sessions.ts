import { randomBytes } from 'node:crypto';
import type { Clock } from 'cognito-local/lib/services/clock.js';
import { MESSAGES, notAuthorized } from './errors';

/** Cognito's default challenge-session lifetime (AuthSessionValidity): 3 minutes. */
export const SESSION_LIFETIME_MS = 3 * 60 * 1000;

/** Wrong answers one session tolerates before Cognito ends it. */
export const MAX_SESSION_FAILURES = 5;

export type ChallengeName =
  'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';

export interface ChallengeSession<D = unknown> {
  poolId: string;
  clientId: string;
  /** cognito-local's Username of the user being signed in. */
  username: string;
  challenge: ChallengeName;
  /** MFA_SETUP: set once VerifySoftwareToken with this session succeeded. */
  data: D;
  expiresAt: number;
}

/**
 * Challenge sessions, issued only here: opaque random strings, bound to pool, client, user and
 * challenge, single-use, expiring after three minutes. They live in memory: a restart ends the
 * sign-ins in flight, as an expired session would.
 */
export class SessionStore {
  private readonly sessions = new Map<string, ChallengeSession>();
  /** Consumed session ids until they would have expired: a replay is told so. */
  private readonly used = new Map<string, number>();
  /** Expired session ids, for an hour: their late use is told it came too late. */
  private readonly expired = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  private now() {
    return this.clock.get().getTime();
  }

  issue<D>(session: Omit<ChallengeSession<D>, 'expiresAt'>): string {
    const now = this.now();
    for (const [key, value] of this.sessions) {
      if (value.expiresAt <= now) {
        this.sessions.delete(key);
        this.expired.set(key, now + 60 * 60 * 1000);
      }
    }
    for (const [key, until] of this.used) if (until <= now) this.used.delete(key);
    for (const [key, until] of this.expired) if (until <= now) this.expired.delete(key);
    const id = randomBytes(192).toString('base64');
    this.sessions.set(id, { ...session, expiresAt: now + SESSION_LIFETIME_MS });
    return id;
  }

  /**
   * The live session `id` for this client and challenge, not yet consumed. Anything else is
   * Cognito's NotAuthorizedException: expired sessions say so, the rest are just invalid.
   */
  peek<D>(
    id: string | undefined,
    clientId: string,
    challenges: readonly ChallengeName[],
  ): ChallengeSession<D> {
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (!session && id !== undefined && (this.used.get(id) ?? 0) > this.now()) {
      throw notAuthorized(MESSAGES.sessionUsed);
    }
    if (!session && id !== undefined && this.expired.has(id)) {
      throw notAuthorized(MESSAGES.sessionExpired);
    }
    if (!session || session.clientId !== clientId || !challenges.includes(session.challenge)) {
      throw notAuthorized(MESSAGES.invalidSession);
    }
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id as string);
      throw notAuthorized(MESSAGES.sessionExpired);
    }
    return session as ChallengeSession<D>;
  }

  /** Like peek, for calls that carry no client id (AssociateSoftwareToken, VerifySoftwareToken). */
  lookup<D>(id: string | undefined, challenges: readonly ChallengeName[]): ChallengeSession<D> {
    const session = id === undefined ? undefined : this.sessions.get(id);
    return this.peek<D>(id, session?.clientId ?? '', challenges);
  }

  /**
   * Ends session `id` and issues its successor for the same user and challenge, with `data`
   * merged in: each step of a challenge hands the client a new session, as Cognito does.
   */
  reissue<D>(id: string, data?: Partial<D>): string {
    const session = this.sessions.get(id) as ChallengeSession<D> | undefined;
    if (!session) throw notAuthorized(MESSAGES.invalidSession);
    this.consume(id);
    return this.issue<D>({
      poolId: session.poolId,
      clientId: session.clientId,
      username: session.username,
      challenge: session.challenge,
      data: { ...session.data, ...data },
    });
  }

  /**
   * Peek and consume in one step, before the caller awaits anything: two requests racing with
   * one session cannot both get past this.
   */
  take<D>(
    id: string | undefined,
    clientId: string,
    challenges: readonly ChallengeName[],
  ): ChallengeSession<D> {
    const session = this.peek<D>(id, clientId, challenges);
    this.consume(id as string);
    return session;
  }

  /** Gives a taken session back (a wrong MFA code may be retried with the same session). */
  putBack(id: string, session: ChallengeSession) {
    if (session.expiresAt <= this.now()) return;
    this.used.delete(id);
    this.sessions.set(id, session);
  }

  /** Ends a session (single use): later use of it is answered as a replay. */
  consume(id: string) {
    const session = this.sessions.get(id);
    if (session) this.used.set(id, session.expiresAt);
    this.sessions.delete(id);
  }
}
