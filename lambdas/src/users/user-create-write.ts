import * as z from 'zod';
import { roleSchema } from '@ccsc/contract/roles';
import { type Workflow } from '../core/journal';
import { recordOnce } from '../core/journal-audit';
import {
  type UserWriteDeps,
  audited,
  indexed,
  recordSchema,
  userRecord,
} from '../core/accounts/account-writes';
import { ConflictError } from '../core/errors';
import type { AuditEntry } from '../core/ports/audit-trail';
import { unlessGone, emailInUse } from './user-write-kit';

/** create-user as a journaled workflow (user-writes.ts). */

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

/** Cognito's dates are to the second, and clocks differ a little. */
const CLOCK_SLACK_MS = 60_000;

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
