import { createHash } from 'node:crypto';
import type { AccountLock, AccountLocks } from '../ports/account-locks';
import type { AuditEntry, AuditReader, AuditTrail } from '../ports/audit-trail';
import type { Clock } from '../ports/clock';
import type { MailMessage, Mailer } from '../ports/mailer';
import type { TotpResetTicket, TotpResetTickets } from '../ports/totp-reset-tickets';
import type { IndexedUser, UserIndex } from '../ports/user-index';
import type { Logger } from '../logger';
import type { Caller } from '../request';
import type { RequestContext } from '../request';

/** In-memory ports for core tests. */

export class FakeAuditTrail implements AuditTrail, Pick<AuditReader, 'readNewestFirst'> {
  readonly entries: AuditEntry[] = [];
  failWith: Error | null = null;
  /** The time records get (`at`); a test may move it. */
  clock: Clock = { now: () => new Date('2025-01-15T10:00:00.000Z') };

  async appendAll(entries: readonly AuditEntry[]): Promise<void> {
    for (const entry of entries) await this.append(entry);
  }

  append(entry: AuditEntry): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.entries.push(structuredClone(entry));
    this.times.push(this.clock.now().toISOString());
    return Promise.resolve();
  }

  private readonly times: string[] = [];

  /** The records as stored (seq from 1, `at`), newest first below `beforeSeq`. */
  readNewestFirst(beforeSeq: number | null, limit: number): Promise<Record<string, unknown>[]> {
    const stored = this.entries.map((e, i) => ({ ...e, seq: i + 1, at: this.times[i] }));
    return Promise.resolve(
      stored
        .filter((r) => beforeSeq === null || r.seq < beforeSeq)
        .reverse()
        .slice(0, limit),
    );
  }

  actions(): string[] {
    return this.entries.map((e) => e.action);
  }
}

export class FakeMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failWith: Error | null = null;

  send(message: MailMessage): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.sent.push(message);
    return Promise.resolve();
  }
}

export class FakeAccountLocks implements AccountLocks {
  readonly locks = new Map<string, AccountLock>();

  get(userName: string) {
    return Promise.resolve(this.locks.get(userName) ?? null);
  }

  claim(lock: AccountLock, previous: AccountLock | null) {
    const current = this.locks.get(lock.userName) ?? null;
    if (current?.lockedAt.getTime() !== previous?.lockedAt.getTime()) {
      return Promise.resolve(false);
    }
    this.locks.set(lock.userName, lock);
    return Promise.resolve(true);
  }

  unclaim(lock: AccountLock, previous: AccountLock | null) {
    if (this.locks.get(lock.userName)?.lockedAt.getTime() === lock.lockedAt.getTime()) {
      if (previous === null) this.locks.delete(lock.userName);
      else this.locks.set(lock.userName, previous);
    }
    return Promise.resolve();
  }

  release(userName: string, at: Date) {
    const lock = this.locks.get(userName);
    if (lock?.releasedAt === null) this.locks.set(userName, { ...lock, releasedAt: at });
    return Promise.resolve();
  }

  readonly recordedFailures = new Set<string>();

  claimFailureRecord(userName: string, eventId: string) {
    const key = `${userName}@${eventId}`;
    if (this.recordedFailures.has(key)) return Promise.resolve(false);
    this.recordedFailures.add(key);
    return Promise.resolve(true);
  }
}

export class FakeTotpResetTickets implements TotpResetTickets {
  readonly tickets = new Map<string, TotpResetTicket>();

  issue(ticket: TotpResetTicket) {
    this.tickets.set(ticket.tokenHash, ticket);
    return Promise.resolve();
  }

  peek(tokenHash: string, now: Date) {
    const ticket = this.tickets.get(tokenHash);
    return Promise.resolve(
      ticket && ticket.expiresAt.getTime() > now.getTime() ? { ...ticket } : null,
    );
  }

  redeem(tokenHash: string, now: Date) {
    const ticket = this.tickets.get(tokenHash);
    if (!ticket || ticket.expiresAt.getTime() <= now.getTime()) return Promise.resolve(null);
    this.tickets.delete(tokenHash);
    return Promise.resolve(ticket);
  }
}

/** A clock that only moves when told, and a sleep that moves it instead of waiting. */
export class FakeClock implements Clock {
  constructor(public current = new Date('2025-01-15T10:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  /** For deps.sleep: records the wait and advances the clock by it. */
  readonly slept: number[] = [];
  sleep = (ms: number): Promise<void> => {
    this.slept.push(ms);
    this.advance(ms);
    return Promise.resolve();
  };
}

export const silentLogger = (): Logger & { errors: unknown[] } => {
  const errors: unknown[] = [];
  return {
    errors,
    info: () => undefined,
    warn: () => undefined,
    error: (message, detail) => {
      errors.push({ message, ...detail });
    },
  };
};

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export const publicContext = (
  overrides: Partial<RequestContext<null>> = {},
): RequestContext<null> => ({
  caller: null,
  requestId: 'req-1',
  sourceIp: '203.0.113.7',
  userAgent: 'vitest',
  origin: null,
  host: null,
  ...overrides,
});

export const callerContext = (
  caller: Partial<Caller> = {},
  overrides: Partial<Omit<RequestContext<Caller>, 'caller'>> = {},
): RequestContext<Caller> => ({
  caller: {
    sub: 'caller-sub',
    userName: 'caller-sub',
    email: 'caller@example.com',
    role: 'Auditor',
    organisationId: null,
    ...caller,
  },
  requestId: 'req-1',
  sourceIp: '203.0.113.7',
  userAgent: 'vitest',
  origin: null,
  host: null,
  ...overrides,
});

/** An in-memory user index with the adapter's rule: a row is replaced only by a newer state. */
export class FakeUserIndex implements UserIndex {
  readonly rows = new Map<string, IndexedUser>();
  built = false;
  failWith: Error | null = null;

  put(user: IndexedUser): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    const existing = this.rows.get(user.userName);
    if (existing === undefined || existing.updatedAt <= user.updatedAt) {
      this.rows.set(user.userName, structuredClone(user));
    }
    return Promise.resolve();
  }

  remove(userName: string): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.rows.delete(userName);
    return Promise.resolve();
  }

  all(): Promise<IndexedUser[]> {
    return Promise.resolve([...this.rows.values()]);
  }

  async *pages(): AsyncIterable<IndexedUser[]> {
    const byEmail = [...this.rows.values()].sort((a, b) =>
      `${a.email}#${a.userName}` < `${b.email}#${b.userName}` ? -1 : 1,
    );
    for (let i = 0; i < byEmail.length; i += 25) {
      await Promise.resolve();
      yield byEmail.slice(i, i + 25);
    }
  }

  isBuilt(): Promise<boolean> {
    return Promise.resolve(this.built);
  }

  markBuilt(): Promise<void> {
    this.built = true;
    return Promise.resolve();
  }
}
