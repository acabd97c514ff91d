import * as z from 'zod';
import { roleSchema } from '@ccsc/contract/roles';
import {
  Journal,
  type JournalDeps,
  register,
  type RegisteredWorkflow,
  type Step,
  type Workflow,
  type WriteRun,
} from '../core/journal';
import { recordOnce } from '../core/journal-audit';
import {
  type UserWriteDeps,
  audited,
  changeSchema,
  did,
  guarded,
  indexed,
  noState,
  recordSchema,
  step,
  unchanged,
  userRecord,
  userRef,
} from '../core/accounts/account-writes';
import { AppError, ConflictError, NotFoundError } from '../core/errors';
import type { AuditEntry } from '../core/ports/audit-trail';
import { syncIndexedUser } from '../core/accounts/user-index-sync';

/**
 * Every write of user management as a journaled workflow (core/journal.ts): recorded first, each
 * step safe to run again, the audit record of the outcome written once, the user index brought
 * into step last. A write cut short by a crash is finished by the same steps; one refused for
 * good is undone and its failure recorded.
 */

/** A Cognito call on a user that an interrupted write may find already gone: nothing to do. */
const unlessGone = async (work: () => Promise<void>): Promise<void> => {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
};

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
      // user has signed in meanwhile: then it reached them. When it goes out is recorded just
      // before (the temporary password's validity counts from it; a record a moment early only
      // shortens it by that moment, and a send that fails is retried and recorded again).
      name: 'invite',
      run: async ({ input, state, attempt }, deps) => {
        const userName = state.userName ?? input.user.email;
        if (attempt > 1) {
          const now = await deps.directory.getUser(userName);
          if (now === null || now.status !== 'FORCE_CHANGE_PASSWORD') return undefined;
        }
        await deps.invitations.recordSent(userName, deps.clock.now());
        await deps.directory.resendInvitation(input.user.email);
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
 * resend-invitation: a new temporary password by e-mail, its time recorded just before (as
 * create-user's invite step does). After an interruption, not again once the user has signed in
 * (the invitation reached them).
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
        await d.invitations.recordSent(input.userName, d.clock.now());
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
