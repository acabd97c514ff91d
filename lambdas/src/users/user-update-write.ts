import * as z from 'zod';
import { roleSchema } from '@ccsc/contract/roles';
import { type Workflow, type WriteRun } from '../core/journal';
import { recordOnce } from '../core/journal-audit';
import {
  type UserWriteDeps,
  audited,
  changeSchema,
  did,
  guarded,
  indexed,
  noState,
  unchanged,
  userRecord,
  userRef,
} from '../core/accounts/account-writes';
import { ConflictError } from '../core/errors';
import { syncIndexedUser } from '../core/accounts/user-index-sync';
import { unlessGone, emailInUse } from './user-write-kit';

/** update-user as a journaled workflow (user-writes.ts). */

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
