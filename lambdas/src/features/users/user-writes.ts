import * as z from 'zod';
import { roleSchema } from '../../contract';
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
import type { Caller } from '../../http/claims';
import { AppError, ConflictError, NotFoundError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import type { RequestContext } from '../../http/router';
import type { AccountLocks } from '../../ports/account-locks';
import type { AuditEntry, AuditReader, AuditTrail } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';
import type { UserDirectory } from '../../ports/user-directory';
import type { UserIndex } from '../../ports/user-index';
import type { Leases } from '../../ports/write-journal';
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
  audit: AuditTrail;
  auditReader: Pick<AuditReader, 'readNewestFirst'>;
  leases: Leases;
  clock: Clock;
  logger: Logger;
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

/** Who asks, from where, in which request: from the verified caller. */
export const recordBaseOf = (ctx: RequestContext<Caller>): RecordBase => ({
  actor: actorOf(ctx.caller),
  source: sourceOf(ctx),
  requestId: ctx.requestId,
});

const changeSchema = z.record(z.string(), z.unknown());

export const userRef = {
  record: recordSchema,
  /** Cognito's username (the sub). */
  userName: z.string(),
  /** For the record's label. */
  email: z.string(),
  /** The organisation the record is about. */
  organisationId: z.string().nullable(),
};

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

/** The record of the outcome, once (an interrupted write looks for it before appending). */
export const audited = <I, S, T = undefined>(
  entry: (write: WriteRun<I, S, T>) => AuditEntry,
): Step<I, S, UserWriteDeps, T> => ({
  name: 'audit',
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
      name: 'create',
      run: async ({ input, attempt }, { directory }) => {
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
          // The run that began this write found the address free (create-user asks first), so
          // after an interruption an account with it is the one this write created.
          const existing = attempt > 1 ? await directory.getUser(input.user.email) : null;
          if (existing === null) throw emailInUse(err.message);
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
      // after it, the invitation goes out once more (with a new temporary password).
      name: 'invite',
      run: async ({ input }, { directory }) => {
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
const noState = z.object({});

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

const step = (
  name: string,
  run: (input: UserStatusWrite, deps: UserWriteDeps) => Promise<void>,
): StatusStep => ({
  name,
  run: async ({ input }, deps) => {
    await run(input, deps);
    return undefined;
  },
});

const signOut = step('sign-out', (i, d) => d.directory.signOutEverywhere(i.userName));

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
    step('enable', (i, d) => d.directory.enableUser(i.userName)),
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

/** delete-user: disabled first (sessions end), then deleted; the record keeps who it was. */
export const deleteUserWrite = statusWrite(
  'user.delete',
  'user.deleted',
  (input) => [
    ...(input.before.enabled === true
      ? [
          guarded<UserStatusWrite, object>('disable', 'delete', (i, d) =>
            d.directory.disableUser(i.userName),
          ),
        ]
      : []),
    step('delete', (i, d) => unlessGone(() => d.directory.deleteUser(i.userName))),
  ],
  step('index', (i, d) => d.index.remove(i.userName)),
);

/** reset-user-mfa: the authenticator app is forgotten and the sessions end. */
export const resetUserMfaWrite = statusWrite('user.reset-mfa', 'user.mfa-reset', () => [
  guarded('disable-totp', 'reset-mfa', (i, d) => d.directory.disableTotp(i.userName)),
  signOut,
]);

/** resend-invitation: a new temporary password by e-mail. */
export const resendInvitationWrite = statusWrite(
  'user.resend-invitation',
  'user.invitation-resent',
  () => [step('invite', (i, d) => d.directory.resendInvitation(i.email))],
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
