import * as z from 'zod';
import { register, type Workflow } from '../core/journal';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../core/errors';
import type { AccountLock } from '../core/ports/account-locks';
import { PasswordResetRefused } from '../core/ports/user-directory';
import { LAST_PLATFORM_ADMIN } from '../core/accounts/platform-admins';
import {
  audited,
  guarded,
  indexed,
  noState,
  recordSchema,
  step,
  unchanged,
  userRecord,
  userRef,
  type UserWriteDeps,
} from '../core/accounts/account-writes';
import { recordOnce } from '../core/journal-audit';

/**
 * The session calls' writes, journaled like user management's (core/journal.ts): the lock of
 * accountLockout, the authenticator removed through the e-mailed link, and a forgotten password
 * reset with the e-mailed code. Their actor is nobody (public calls): the records say so.
 */

type NoState = z.infer<typeof noState>;

// ---------- accountLockout: lock the account ----------

const lockInput = z.object({
  ...userRef,
  lock: z.object({ lockedAt: z.string(), failedSignIns: z.number(), reason: z.string() }),
  /** The lock record this lock replaces (put back if the lock is refused), or null for the first. */
  previous: z
    .object({
      lockedAt: z.string(),
      failedSignIns: z.number(),
      reason: z.string(),
      releasedAt: z.string().nullable(),
    })
    .nullable(),
  /** Why, for the record ("5 consecutive failed sign-ins (threshold 5)"). */
  reason: z.string(),
});
export type LockAccountWrite = z.infer<typeof lockInput>;

/** Another call is locking this very streak (it claimed the lock record first). */
export const LOCK_CLAIMED_ELSEWHERE = 'Another call is locking this account.';

const lockOf = (input: LockAccountWrite): AccountLock => ({
  userName: input.userName,
  lockedAt: new Date(input.lock.lockedAt),
  failedSignIns: input.lock.failedSignIns,
  reason: input.lock.reason,
  releasedAt: null,
});

const previousOf = (input: LockAccountWrite): AccountLock | null =>
  input.previous === null
    ? null
    : {
        userName: input.userName,
        lockedAt: new Date(input.previous.lockedAt),
        failedSignIns: input.previous.failedSignIns,
        reason: input.previous.reason,
        releasedAt: input.previous.releasedAt === null ? null : new Date(input.previous.releasedAt),
      };

/**
 * The lock: the record claimed (once per streak: only over the record read), then Cognito
 * disables the account (under the last-PlatformAdmin rule) and ends its sessions, the record, the
 * row. The last enabled PlatformAdmin is not locked: Cognito's own throttling of wrong passwords
 * still holds, the refusal is recorded, and the claimed record starts the next streak.
 */
export const lockAccountWrite: Workflow<LockAccountWrite, NoState, UserWriteDeps> = {
  kind: 'account.lock',
  input: lockInput,
  state: noState,
  steps: () => [
    unchanged<LockAccountWrite, NoState>(),
    {
      name: 'claim',
      run: async ({ input, attempt }, { locks }) => {
        const lock = lockOf(input);
        if (await locks.claim(lock, previousOf(input))) return undefined;
        // Claimed already: by another call — or, when finishing an interrupted write, by this
        // write itself before the interruption (the record carries its time).
        const current = await locks.get(input.userName);
        if (attempt === 1 || current?.lockedAt.getTime() !== lock.lockedAt.getTime()) {
          throw new ConflictError(LOCK_CLAIMED_ELSEWHERE);
        }
        return undefined;
      },
    },
    guarded<LockAccountWrite, NoState>('disable', 'lockout', (i, d) =>
      d.directory.disableUser(i.userName),
    ),
    step<LockAccountWrite>('sign-out', (i, d) => d.directory.signOutEverywhere(i.userName)),
    audited(({ input }) =>
      userRecord(input, 'account.locked', 'success', {
        before: { enabled: true },
        after: { enabled: false },
        reason: input.reason,
      }),
    ),
    indexed(({ input }) => input.userName),
  ],
  abandon: async (write, deps, refusal) => {
    // Another call is locking this streak: it records the outcome.
    if (refusal.message === LOCK_CLAIMED_ELSEWHERE) return;
    if (refusal.message !== LAST_PLATFORM_ADMIN.lockout) {
      // Refused on the way (the account changed, the rule's lease busy): the claim is put back,
      // so the same failures count toward the next call's judgement.
      if (write.done.includes('claim')) {
        await deps.locks.unclaim(lockOf(write.input), previousOf(write.input));
      }
      return;
    }
    // The last enabled PlatformAdmin: the claim stays (the next streak starts after it, so the
    // same failures are not judged again), and the refusal is recorded once.
    await recordOnce(
      deps.audit,
      deps.auditReader,
      write,
      userRecord(write.input, 'account.locked', 'failure', {
        reason: `${write.input.reason}: ${refusal.message} Cognito's own throttling of wrong passwords still applies.`,
      }),
    );
  },
};

// ---------- forget-totp/confirm: the authenticator removed through the e-mailed link ----------

export const INVALID_LINK_MESSAGE =
  'This link is not valid: it has expired or was already used. Request a new one.';

export const invalidLink = () =>
  new ValidationError(INVALID_LINK_MESSAGE, [{ path: 'token', message: INVALID_LINK_MESSAGE }]);

const linkResetInput = z.object({
  ...userRef,
  /** The SHA-256 of the link's token (the ticket's key; the token itself is never stored). */
  tokenHash: z.string(),
  mfaMethods: z.array(z.string()),
});
export type LinkResetWrite = z.infer<typeof linkResetInput>;

/**
 * The link spent (its ticket taken, once), the authenticator removed (Cognito forgets the
 * software token), every session ended, the record, the row. The user's own recovery: never held
 * back by the last-PlatformAdmin rule (the next sign-in, with the password, enrols a new
 * authenticator). The ticket is taken inside the write, so a write that cannot go ahead (the
 * account changed, a crash before it began) leaves the link usable.
 */
export const linkResetWrite: Workflow<LinkResetWrite, NoState, UserWriteDeps> = {
  kind: 'mfa.reset-by-link',
  input: linkResetInput,
  state: noState,
  steps: () => [
    unchanged<LinkResetWrite, NoState>(),
    {
      name: 'redeem',
      run: async ({ input, attempt, startedAt }, { tickets }) => {
        const ticket = await tickets.redeem(input.tokenHash, startedAt);
        // Gone when finishing an interrupted write: this write took it before (nothing else
        // takes a ticket, and a second use of the link waits behind this write).
        if (ticket === null && attempt === 1) throw invalidLink();
        return undefined;
      },
    },
    step<LinkResetWrite>('disable-totp', (i, d) => d.directory.disableTotp(i.userName)),
    step<LinkResetWrite>('sign-out', (i, d) => d.directory.signOutEverywhere(i.userName)),
    audited(({ input }) =>
      userRecord(input, 'mfa.reset', 'success', {
        before: { mfaMethods: input.mfaMethods },
        after: { mfaMethods: input.mfaMethods.filter((m) => m !== 'SOFTWARE_TOKEN_MFA') },
        reason: 'authenticator removed with the e-mailed single-use link',
      }),
    ),
    indexed(({ input }) => input.userName),
  ],
  abandon: async (write, deps, refusal) => {
    // A link already spent is no event of the account's: anyone can try one.
    if (refusal.message === INVALID_LINK_MESSAGE) return;
    await recordOnce(
      deps.audit,
      deps.auditReader,
      write,
      userRecord(write.input, 'mfa.reset', 'failure', { reason: refusal.message }),
    );
  },
};

// ---------- confirm-forget-password: a forgotten password reset with the e-mailed code ----------

const passwordResetInput = z.object({
  record: recordSchema,
  /** The login e-mail as typed (an account or not: the answer must not tell). */
  email: z.string(),
  clientId: z.string(),
});
export type PasswordResetWrite = z.infer<typeof passwordResetInput>;
/** Never stored: only the run that began the write holds them. */
export interface PasswordResetSecret {
  code: string;
  newPassword: string;
}

/**
 * The one answer to a code that cannot be used, true whatever the reason: wrong, expired, never
 * requested, spent, too many wrong guesses, or no such (enabled) account.
 */
export const CODE_REFUSED_MESSAGE =
  'The code is not valid or has expired. Check it, or request a new code.';

const codeRefused = () =>
  new ValidationError(CODE_REFUSED_MESSAGE, [
    { path: 'confirmationCode', message: CODE_REFUSED_MESSAGE },
  ]);

/**
 * What a refusal tells the caller. Everything about the code is one answer: Cognito's own
 * answers differ (CodeMismatchException for a wrong code and, with PreventUserExistenceErrors
 * ENABLED, for an unknown or disabled account; ExpiredCodeException when the account exists but
 * has no code or an old one; LimitExceededException after wrong guesses, which only an existing
 * account can reach), so passing them on would say which addresses have accounts. Only the
 * password is named on its own: Cognito checks it after the code, so the caller already holds a
 * valid code, and the contract's rules are stricter than the pool's policy anyway.
 */
export const passwordResetRefusal = (err: unknown): ValidationError | null => {
  if (err instanceof PasswordResetRefused) {
    if (err.refusal !== 'invalid-password') return codeRefused();
    // Cognito's message names the rule ("Password does not conform to policy: ...").
    const message = err.message || 'Password does not meet the password policy';
    return new ValidationError(message, [{ path: 'newPassword', message }]);
  }
  // A directory that says "no such user" instead: the same answer as any refused code.
  if (err instanceof NotFoundError) return codeRefused();
  return null;
};

/**
 * Whether Cognito recorded a password change since the write began (its auth events, newest
 * first, read back to the write's start): then the reset happened. A pool without threat
 * protection keeps no auth events: the reset cannot be known, and is taken as not made.
 */
const resetSince = async (deps: UserWriteDeps, email: string, since: Date): Promise<boolean> => {
  const from = since.getTime() - 1000;
  let cursor: string | undefined;
  try {
    for (;;) {
      const page = await deps.directory.listAuthEvents(email, cursor);
      for (const e of page.events) {
        if (e.at.getTime() < from) return false;
        if (e.type === 'PasswordChange' && e.response === 'Pass') return true;
      }
      if (page.nextCursor === null) return false;
      cursor = page.nextCursor;
    }
  } catch (err) {
    if (err instanceof NotFoundError) return false;
    if (err instanceof Error && err.name === 'UserPoolAddOnNotEnabledException') {
      deps.logger.error('password reset: no auth events to tell whether it happened', {
        email,
      });
      return false;
    }
    throw err;
  }
};

/** Not a refusal the caller hears: an interrupted reset that never reached Cognito. */
class ResetNotMade extends AppError {
  constructor() {
    super('NOT_FOUND', 'The password was not reset before the interruption.');
  }
}

/**
 * ConfirmForgotPassword through the web client with the code and password only this run holds;
 * an interrupted write asks Cognito's auth events whether it happened. Then the record (written
 * later if it cannot be now: the password IS reset, and the user must hear so) and the row.
 * A refused reset is not recorded: anyone can call this, and the trail is not theirs to fill.
 */
export const passwordResetWrite: Workflow<
  PasswordResetWrite,
  NoState,
  UserWriteDeps,
  PasswordResetSecret
> = {
  kind: 'password.reset',
  input: passwordResetInput,
  state: noState,
  steps: () => [
    {
      name: 'reset',
      run: async ({ input, transient, startedAt }, deps) => {
        if (transient === undefined) {
          if (!(await resetSince(deps, input.email, startedAt))) throw new ResetNotMade();
          return undefined;
        }
        try {
          await deps.directory.confirmPasswordReset({
            clientId: input.clientId,
            email: input.email,
            code: transient.code,
            newPassword: transient.newPassword,
          });
        } catch (err) {
          throw passwordResetRefusal(err) ?? err;
        }
        return undefined;
      },
    },
    {
      name: 'audit',
      deferrable: true,
      run: async (write, deps) => {
        const user = await deps.directory.getUser(write.input.email);
        await recordOnce(deps.audit, deps.auditReader, write, {
          action: 'password.reset',
          outcome: 'success',
          actor: null,
          target: {
            type: 'user',
            id: user?.userName ?? write.input.email,
            label: write.input.email,
          },
          organisationId: user?.organisationId ?? null,
          source: write.input.record.source,
          requestId: write.input.record.requestId,
          reason: 'forgotten password reset with the e-mailed code',
        });
        return undefined;
      },
    },
    indexed(({ input }) => input.email),
  ],
  abandon: () => Promise.resolve(),
};

/** The session's writes, for the journals that may finish them. */
export const LOCKOUT_WRITES = [register(lockAccountWrite)];
export const LINK_RESET_WRITES = [register(linkResetWrite)];
export const PASSWORD_RESET_WRITES = [register(passwordResetWrite)];
export const SESSION_WRITES = [...LOCKOUT_WRITES, ...LINK_RESET_WRITES, ...PASSWORD_RESET_WRITES];

/** A password reset's subject: its own, so a public call never meets another kind of write. */
export const passwordResetSubject = (email: string): string =>
  `password-reset:${email.toLowerCase()}`;
