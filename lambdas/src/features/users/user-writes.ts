import * as z from 'zod';
import { roleSchema } from '@ccsc/contract';
import {
  Journal,
  type JournalDeps,
  recordOnce,
  register,
  type RegisteredWorkflow,
  type Step,
  type Workflow,
  type WriteRun,
} from '../../core/journal';
import { AppError, ConflictError, NotFoundError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { RequestContext } from '../../core/request';
import type { AccountLocks } from '../../ports/account-locks';
import type { TotpResetTickets } from '../../ports/totp-reset-tickets';
import type { AuditEntry, AuditReader, AuditTrail } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';
import type { DirectoryUserDetail, UserDirectory } from '../../ports/user-directory';
import type { UserIndex } from '../../ports/user-index';
import type { Leases } from '../../ports/write-journal';
import { USER_NOT_FOUND } from './permissions';
import { type AdminRemoval, keepingOnePlatformAdmin } from './platform-admins';
import { actorOf, sourceOf } from '../session/session-shared';
import { syncIndexedUser } from './user-index-sync';

/**
 * Every write of user management as a journaled workflow (core/journal.ts): recorded first, each
 * step safe to run again, the audit record of the outcome written once, the user index brought
 * into step last. A write cut short by a crash is finished by the same steps; one refused for
 * good is undone and its failure recorded.
 */

/** What every user write needs; the cores and the reconciler build it the same way. */
export interface UserWriteDeps {
  /** Cognito, without the index: the workflows keep the index in step themselves. */
  directory: UserDirectory;
  index: UserIndex;
  locks: AccountLocks;
  /** The "Can't access authenticator app" links' tickets (the link reset takes its ticket). */
  tickets: TotpResetTickets;
  audit: AuditTrail;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  leases: Leases;
  clock: Clock;
  logger: Logger;
  /** How waiting for a lease waits (tests move a fake clock); real time by default. */
  sleep?: (ms: number) => Promise<void>;
}

// ---------- what the stored input holds ----------

/** The fields every audit record of the write shares: who, from where, which request. */
export const recordSchema = z.object({
  actor: z
    .object({ sub: z.string(), email: z.string().nullable(), role: roleSchema.nullable() })
    .nullable(),
  source: z.object({ ip: z.string(), userAgent: z.string().nullable() }),
  requestId: z.string(),
});
export type RecordBase = z.infer<typeof recordSchema>;

/** Who asks (the verified caller; nobody for a public call), from where, in which request. */
export const recordBaseOf = (ctx: RequestContext): RecordBase => ({
  actor: ctx.caller === null ? null : actorOf(ctx.caller),
  source: sourceOf(ctx),
  requestId: ctx.requestId,
});

const changeSchema = z.record(z.string(), z.unknown());

/** What the caller's decision saw of the account: the write goes on only while it still holds. */
const snapshotSchema = z.object({
  role: roleSchema.nullable(),
  organisationId: z.string().nullable(),
  enabled: z.boolean(),
  email: z.string(),
});
export type AccountSnapshot = z.infer<typeof snapshotSchema>;
export const snapshotOf = (user: DirectoryUserDetail): AccountSnapshot => ({
  role: user.role,
  organisationId: user.organisationId,
  enabled: user.enabled,
  email: user.email,
});

export const userRef = {
  record: recordSchema,
  /** Cognito's username (the sub). */
  userName: z.string(),
  /** For the record's label. */
  email: z.string(),
  /** The organisation the record is about. */
  organisationId: z.string().nullable(),
  expect: snapshotSchema,
};

export const USER_CHANGED =
  'The user was changed by someone else meanwhile. Reload, check, and try again.';

/**
 * The first step of every write on an existing account: under the write's lock (the journal
 * entry), the account is still what the caller's permission and the write's input were decided
 * on — the same role, organisation, enabled state and address — else 409 and nothing is done. A
 * write queued behind another on the same user can so never act on a state it did not judge.
 */
export const unchanged = <
  I extends { userName: string; expect: AccountSnapshot },
  S,
  T = undefined,
>(): Step<I, S, UserWriteDeps, T> => ({
  name: 'check',
  run: async ({ input }, { directory }) => {
    const now = await directory.getUser(input.userName);
    if (now === null) throw new NotFoundError(USER_NOT_FOUND);
    const expected = input.expect;
    if (
      now.role !== expected.role ||
      now.organisationId !== expected.organisationId ||
      now.enabled !== expected.enabled ||
      now.email.toLowerCase() !== expected.email.toLowerCase()
    ) {
      throw new ConflictError(USER_CHANGED);
    }
    return undefined;
  },
});

/** Whether a step was done before (the write's state lists it). */
const did = (write: WriteRun<unknown, unknown>, step: string) => write.done.includes(step);

export const userRecord = (
  input: { record: RecordBase; userName: string; email: string; organisationId: string | null },
  action: string,
  outcome: AuditEntry['outcome'],
  extra: Pick<AuditEntry, 'before' | 'after' | 'reason'> = {},
): AuditEntry => ({
  action,
  outcome,
  actor: input.record.actor,
  target: { type: 'user', id: input.userName, label: input.email },
  organisationId: input.organisationId,
  source: input.record.source,
  requestId: input.record.requestId,
  ...extra,
});

/**
 * The record of the outcome, once (an interrupted write looks for it before appending). After
 * the change itself: if the trail cannot take it now, the caller still hears that the change was
 * made, and the record (and the row) follow when the write is finished.
 */
export const audited = <I, S, T = undefined>(
  entry: (write: WriteRun<I, S, T>) => AuditEntry,
): Step<I, S, UserWriteDeps, T> => ({
  name: 'audit',
  deferrable: true,
  run: async (write, deps) => {
    await recordOnce(deps.audit, deps.auditReader, write, entry(write));
    return undefined;
  },
});

/** The user's row of the user list, as Cognito and the locks have it now (last, deferrable). */
export const indexed = <I, S, T = undefined>(
  userName: (write: WriteRun<I, S, T>) => string,
): Step<I, S, UserWriteDeps, T> => ({
  name: 'index',
  deferrable: true,
  run: async (write, deps) => {
    await syncIndexedUser(deps, userName(write));
    return undefined;
  },
});

/** A Cognito call on a user that an interrupted write may find already gone: nothing to do. */
const unlessGone = async (work: () => Promise<void>): Promise<void> => {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
};

/**
 * A step that takes an enabled PlatformAdmin away (the account as Cognito has it when the step
 * runs): done only under the last-PlatformAdmin rule (platform-admins.ts), which a write
 * finished after an interruption meets again.
 */
export const guarded = <I extends { userName: string }, S>(
  name: string,
  removal: AdminRemoval,
  act: (input: I, deps: UserWriteDeps) => Promise<void>,
): Step<I, S, UserWriteDeps> => ({
  name,
  run: async ({ input }, deps) => {
    const target = await deps.directory.getUser(input.userName);
    if (target === null) throw new NotFoundError('The user no longer exists.');
    await keepingOnePlatformAdmin(deps, target, removal, () => act(input, deps));
    return undefined;
  },
});

// ---------- create-user ----------

const createInput = z.object({
  record: recordSchema,
  user: z.object({
    email: z.string(),
    givenName: z.string(),
    familyName: z.string(),
    phoneNumber: z.string().nullable(),
    role: roleSchema,
    organisationId: z.string().nullable(),
  }),
});
const createState = z.object({ userName: z.string().optional() });
export type CreateUserWrite = z.infer<typeof createInput>;

const EMAIL_IN_USE = 'A user with this e-mail address already exists.';
/** Cognito's dates are to the second, and clocks differ a little. */
const CLOCK_SLACK_MS = 60_000;
/** Said on the e-mail field, for the form to show it where the address was typed. */
export const emailInUse = (message = EMAIL_IN_USE) =>
  new AppError('CONFLICT', message, [{ path: 'userAttributes.email', message }]);

const createdRecord = (
  input: CreateUserWrite,
  userName: string,
  outcome: AuditEntry['outcome'],
  reason?: string,
): AuditEntry => ({
  ...userRecord(
    { ...input, userName, email: input.user.email, organisationId: input.user.organisationId },
    'user.created',
    outcome,
  ),
  after: { ...input.user },
  ...(reason === undefined ? {} : { reason }),
});

/** create-user: the account, its role group, the invitation, the record, the list's row. */
export const createUserWrite: Workflow<
  CreateUserWrite,
  z.infer<typeof createState>,
  UserWriteDeps
> = {
  kind: 'user.create',
  input: createInput,
  state: createState,
  steps: () => [
    {
      // Under the write's lock on the address: nobody has it. (What makes an account found with
      // it later, after an interruption, this write's own.)
      name: 'check',
      run: async ({ input }, { directory }) => {
        if ((await directory.getUser(input.user.email)) !== null) throw emailInUse();
        return undefined;
      },
    },
    {
      name: 'create',
      run: async ({ input, attempt, startedAt }, { directory }) => {
        try {
          const created = await directory.createUser({
            email: input.user.email,
            givenName: input.user.givenName,
            familyName: input.user.familyName,
            phoneNumber: input.user.phoneNumber,
            organisationId: input.user.organisationId,
          });
          return { userName: created.userName };
        } catch (err) {
          if (!(err instanceof ConflictError)) throw err;
          // After an interruption, the account this write created before it (the address was
          // free when the write checked): one that looks like none other's.
          const existing = attempt > 1 ? await directory.getUser(input.user.email) : null;
          const ours =
            existing !== null &&
            existing.status === 'FORCE_CHANGE_PASSWORD' &&
            existing.createdAt.getTime() >= startedAt.getTime() - CLOCK_SLACK_MS &&
            existing.givenName === input.user.givenName &&
            existing.familyName === input.user.familyName &&
            (existing.role === null || existing.role === input.user.role);
          if (!ours) throw emailInUse(err.message);
          return { userName: existing.userName };
        }
      },
    },
    {
      name: 'group',
      run: async ({ input, state }, { directory }) => {
        await directory.addToGroup(state.userName ?? input.user.email, input.user.role);
        return undefined;
      },
    },
    {
      // Only now the invitation: the account it names is complete. After an interruption just
      // after it, the invitation goes out once more (with a new temporary password) — unless the
      // user has signed in meanwhile: then it reached them.
      name: 'invite',
      run: async ({ input, state, attempt }, { directory }) => {
        if (attempt > 1) {
          const now = await directory.getUser(state.userName ?? input.user.email);
          if (now === null || now.status !== 'FORCE_CHANGE_PASSWORD') return undefined;
        }
        await directory.resendInvitation(input.user.email);
        return undefined;
      },
    },
    audited(({ input, state }) =>
      createdRecord(input, state.userName ?? input.user.email, 'success'),
    ),
    indexed(({ input, state }) => state.userName ?? input.user.email),
  ],
  abandon: async ({ input, state, attempt, startedAt }, deps, refusal) => {
    let reason = refusal.message;
    if (state.userName !== undefined) {
      // Half made: removed again before anyone is mailed.
      await unlessGone(() => deps.directory.deleteUser(state.userName ?? ''));
      await deps.index.remove(state.userName);
      reason = `${reason} The user was removed again.`;
    }
    await recordOnce(
      deps.audit,
      deps.auditReader,
      { attempt, startedAt },
      createdRecord(input, state.userName ?? input.user.email, 'failure', reason),
    );
  },
};

// ---------- update-user ----------

const attributeChanges = z.object({
  email: z.string().optional(),
  givenName: z.string().optional(),
  familyName: z.string().optional(),
  phoneNumber: z.string().nullable().optional(),
  organisationId: z.string().nullable().optional(),
});

const updateInput = z.object({
  ...userRef,
  /** The role group now and afterwards (null: none). */
  roleFrom: roleSchema.nullable(),
  roleTo: roleSchema.nullable(),
  attributes: attributeChanges,
  /** The attributes as they were, to put back if the write is refused. */
  attributesBefore: attributeChanges,
  /** Rights change: the user's sessions end, so the next sign-in carries the new ones. */
  signOut: z.boolean(),
  before: changeSchema,
  after: changeSchema,
});
export type UpdateUserWrite = z.infer<typeof updateInput>;
export const noState = z.object({});

const movesRole = (input: UpdateUserWrite) =>
  input.roleTo !== null && input.roleTo !== input.roleFrom;

/**
 * update-user: out of the old role group first (rights shrink before they grow: a crash between
 * leaves no role, never two), into the new one, the attributes, the sessions, the record, the row.
 */
export const updateUserWrite: Workflow<UpdateUserWrite, z.infer<typeof noState>, UserWriteDeps> = {
  kind: 'user.update',
  input: updateInput,
  state: noState,
  steps: (input) => [
    unchanged<UpdateUserWrite, object>(),
    ...(movesRole(input) && input.roleFrom !== null
      ? [
          guarded<UpdateUserWrite, object>('leave-group', 'demote', async (i, { directory }) => {
            if (i.roleFrom !== null) await directory.removeFromGroup(i.userName, i.roleFrom);
          }),
        ]
      : []),
    ...(movesRole(input)
      ? [
          {
            name: 'join-group',
            run: async (
              { input: i }: WriteRun<UpdateUserWrite, object>,
              { directory }: UserWriteDeps,
            ) => {
              if (i.roleTo !== null) await directory.addToGroup(i.userName, i.roleTo);
              return undefined;
            },
          },
        ]
      : []),
    ...(Object.keys(input.attributes).length > 0
      ? [
          {
            name: 'attributes',
            run: async (
              { input: i }: WriteRun<UpdateUserWrite, object>,
              { directory }: UserWriteDeps,
            ) => {
              try {
                await directory.updateAttributes(i.userName, i.attributes);
              } catch (err) {
                if (err instanceof ConflictError) throw emailInUse(err.message);
                throw err;
              }
              return undefined;
            },
          },
        ]
      : []),
    ...(input.signOut
      ? [
          {
            name: 'sign-out',
            run: async (
              { input: i }: WriteRun<UpdateUserWrite, object>,
              { directory }: UserWriteDeps,
            ) => {
              await directory.signOutEverywhere(i.userName);
              return undefined;
            },
          },
        ]
      : []),
    audited(({ input: i }) =>
      userRecord(i, 'user.updated', 'success', { before: i.before, after: i.after }),
    ),
    indexed(({ input: i }) => i.userName),
  ],
  abandon: async (write, deps, refusal) => {
    const { input } = write;
    // Put back what was changed, newest first.
    await unlessGone(async () => {
      if (did(write, 'attributes')) {
        await deps.directory.updateAttributes(input.userName, input.attributesBefore);
      }
      if (did(write, 'join-group') && input.roleTo !== null) {
        await deps.directory.removeFromGroup(input.userName, input.roleTo);
      }
      if (did(write, 'leave-group') && input.roleFrom !== null) {
        await deps.directory.addToGroup(input.userName, input.roleFrom);
      }
    });
    await recordOnce(
      deps.audit,
      deps.auditReader,
      write,
      userRecord(input, 'user.updated', 'failure', {
        before: input.before,
        after: input.after,
        reason: refusal.message,
      }),
    );
    await syncIndexedUser(deps, input.userName);
  },
};

// ---------- enable, disable, delete, authenticator reset, invitation ----------

const statusInput = z.object({
  ...userRef,
  before: changeSchema,
  after: changeSchema,
  /** Why, for the record (e.g. the lock released by an unlock). */
  reason: z.string().optional(),
});
export type UserStatusWrite = z.infer<typeof statusInput>;
type StatusStep = Step<UserStatusWrite, object, UserWriteDeps>;

/** A status write: its Cognito steps, then the record under `action`, then the row. */
const statusWrite = (
  kind: string,
  action: string | ((input: UserStatusWrite) => string),
  steps: (input: UserStatusWrite) => StatusStep[],
  last?: StatusStep,
): Workflow<UserStatusWrite, object, UserWriteDeps> => {
  const actionOf = (input: UserStatusWrite) =>
    typeof action === 'string' ? action : action(input);
  return {
    kind,
    input: statusInput,
    state: noState,
    steps: (input) => [
      unchanged<UserStatusWrite, object>(),
      ...steps(input),
      audited(({ input: i }) =>
        userRecord(i, actionOf(i), 'success', {
          before: i.before,
          after: i.after,
          ...(i.reason === undefined ? {} : { reason: i.reason }),
        }),
      ),
      last ?? indexed(({ input: i }) => i.userName),
    ],
    abandon: async (write, deps, refusal) => {
      await recordOnce(
        deps.audit,
        deps.auditReader,
        write,
        userRecord(write.input, actionOf(write.input), 'failure', { reason: refusal.message }),
      );
      await syncIndexedUser(deps, write.input.userName).catch(() => undefined);
    },
  };
};

/** A step that only acts (returns nothing for later steps). */
export const step = <I, T = undefined>(
  name: string,
  run: (input: I, deps: UserWriteDeps) => Promise<void>,
  options: { deferrable?: boolean } = {},
): Step<I, object, UserWriteDeps, T> => ({
  name,
  ...(options.deferrable === true ? { deferrable: true } : {}),
  run: async ({ input }, deps) => {
    await run(input, deps);
    return undefined;
  },
});

const signOut = step<UserStatusWrite>('sign-out', (i, d) =>
  d.directory.signOutEverywhere(i.userName),
);

/** disable-user: the user can no longer sign in, and their sessions end at once. */
export const disableUserWrite = statusWrite('user.disable', 'user.disabled', () => [
  guarded('disable', 'disable', (i, d) => d.directory.disableUser(i.userName)),
  signOut,
]);

/** enable-user; of an account accountLockout locked, the lock is released too (an unlock). */
export const enableUserWrite = statusWrite(
  'user.enable',
  (i) => (i.after.locked === false && i.before.locked === true ? 'user.unlocked' : 'user.enabled'),
  (input) => [
    step<UserStatusWrite>('enable', (i, d) => d.directory.enableUser(i.userName)),
    ...(input.before.locked === true
      ? [
          {
            name: 'release-lock',
            run: async (
              { input: i, startedAt }: WriteRun<UserStatusWrite, object>,
              d: UserWriteDeps,
            ) => {
              await d.locks.release(i.userName, startedAt);
              return undefined;
            },
          },
        ]
      : []),
  ],
);

/**
 * delete-user: disabled first (sessions end; under the last-PlatformAdmin rule, which re-reads
 * the account), then deleted; the record keeps who it was.
 */
export const deleteUserWrite = statusWrite(
  'user.delete',
  'user.deleted',
  () => [
    guarded<UserStatusWrite, object>('disable', 'delete', (i, d) =>
      d.directory.disableUser(i.userName),
    ),
    step<UserStatusWrite>('delete', (i, d) => unlessGone(() => d.directory.deleteUser(i.userName))),
  ],
  step<UserStatusWrite>('index', (i, d) => d.index.remove(i.userName), { deferrable: true }),
);

/** reset-user-mfa: the authenticator app is forgotten and the sessions end. */
export const resetUserMfaWrite = statusWrite('user.reset-mfa', 'user.mfa-reset', () => [
  guarded('disable-totp', 'reset-mfa', (i, d) => d.directory.disableTotp(i.userName)),
  signOut,
]);

/**
 * resend-invitation: a new temporary password by e-mail. After an interruption, not again once
 * the user has signed in (the invitation reached them).
 */
export const resendInvitationWrite = statusWrite(
  'user.resend-invitation',
  'user.invitation-resent',
  () => [
    {
      name: 'invite',
      run: async ({ input, attempt }: WriteRun<UserStatusWrite, object>, d: UserWriteDeps) => {
        if (
          attempt > 1 &&
          (await d.directory.getUser(input.userName))?.status !== 'FORCE_CHANGE_PASSWORD'
        ) {
          return undefined;
        }
        await d.directory.resendInvitation(input.email);
        return undefined;
      },
    },
  ],
);

/** The user-management writes (the session's own are in session/session-writes.ts). */
export const USER_WRITES = [
  register(createUserWrite),
  register(updateUserWrite),
  register(disableUserWrite),
  register(enableUserWrite),
  register(deleteUserWrite),
  register(resetUserMfaWrite),
  register(resendInvitationWrite),
];

/**
 * A journal of user writes: runs them, and finishes the interrupted writes of the kinds in
 * `workflows` (those the function may take every step of: see infra's permissions).
 */
export const userWriteJournal = (
  journal: Omit<JournalDeps, 'clock' | 'logger'>,
  deps: UserWriteDeps,
  workflows: readonly RegisteredWorkflow<UserWriteDeps>[],
): Journal<UserWriteDeps> =>
  new Journal({ ...journal, clock: deps.clock, logger: deps.logger }, workflows, deps);

/** The subject a user write locks: the account (its sub), or for a new one its address. */
export const userSubject = (userNameOrEmail: string): string =>
  `user:${userNameOrEmail.toLowerCase()}`;
