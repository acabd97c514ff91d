import * as z from 'zod';
import { type Step, type Workflow, type WriteRun } from '../core/journal';
import { recordOnce } from '../core/journal-audit';
import {
  type UserWriteDeps,
  audited,
  changeSchema,
  guarded,
  indexed,
  noState,
  step,
  unchanged,
  userRecord,
  userRef,
} from '../core/accounts/account-writes';
import { syncIndexedUser } from '../core/accounts/user-index-sync';
import { unlessGone } from './user-write-kit';

/** The status writes of user management as journaled workflows (user-writes.ts). */

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
export const statusWrite = (
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

export const signOut = step<UserStatusWrite>('sign-out', (i, d) =>
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
