import * as z from 'zod';
import { register, type Step, type Workflow } from '../../core/journal';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { AccountLock } from '../../ports/account-locks';
import { PasswordResetRefused } from '../../ports/user-directory';
import { LAST_PLATFORM_ADMIN } from '../users/platform-admins';
import {
  audited,
  guarded,
  indexed,
  recordSchema,
  userRecord,
  userRef,
  type UserWriteDeps,
} from '../users/user-writes';
import { recordOnce } from '../../core/journal';

/**
 * The session calls' writes, journaled like user management's (core/journal.ts): the lock of
 * accountLockout, the authenticator removed through the e-mailed link, and a forgotten password
 * reset with the e-mailed code. Their actor is nobody (public calls): the records say so.
 */

const noState = z.object({});
type NoState = z.infer<typeof noState>;

const step = <I, T = undefined>(
  name: string,
  run: (input: I, deps: UserWriteDeps) => Promise<void>,
): Step<I, NoState, UserWriteDeps, T> => ({
  name,
  run: async ({ input }, deps) => {
    await run(input, deps);
    return undefined;
  },
});

// ---------- accountLockout: lock the account ----------

const lockInput = z.object({
  ...userRef,
  lock: z.object({ lockedAt: z.string(), failedSignIns: z.number(), reason: z.string() }),
  /** The lock record this lock replaces (its time), or null for the first. */
  previousLockedAt: z.string().nullable(),
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
    {
      name: 'claim',
      run: async ({ input, attempt }, { locks }) => {
        const lock = lockOf(input);
        const previous =
          input.previousLockedAt === null
            ? null
            : { ...lock, lockedAt: new Date(input.previousLockedAt) };
        if (await locks.claim(lock, previous)) return undefined;
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
    if (refusal.message !== LAST_PLATFORM_ADMIN.lockout) return; // the other call records it
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

const linkResetInput = z.object({
  ...userRef,
  mfaMethods: z.array(z.string()),
});
export type LinkResetWrite = z.infer<typeof linkResetInput>;

/**
 * The authenticator removed (Cognito forgets the software token), every session ended, the
 * record, the row. The user's own recovery: never held back by the last-PlatformAdmin rule (the
 * next sign-in, with the password, enrols a new authenticator).
 */
export const linkResetWrite: Workflow<LinkResetWrite, NoState, UserWriteDeps> = {
  kind: 'mfa.reset-by-link',
  input: linkResetInput,
  state: noState,
  steps: () => [
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

/** Cognito's record of a password change since the write began: the reset happened. */
const resetSince = async (deps: UserWriteDeps, email: string, since: Date): Promise<boolean> => {
  try {
    const { events } = await deps.directory.listAuthEvents(email);
    return events.some(
      (e) =>
        e.type === 'PasswordChange' &&
        e.response === 'Pass' &&
        e.at.getTime() >= since.getTime() - 1000,
    );
  } catch (err) {
    if (err instanceof NotFoundError) return false;
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
