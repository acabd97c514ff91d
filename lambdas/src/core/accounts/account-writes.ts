import * as z from 'zod';
import { roleSchema } from '@ccsc/contract/roles';
import { USER_NOT_FOUND } from '@ccsc/contract/permissions';
import { type Step, type WriteRun } from '../journal';
import { recordOnce } from '../journal-audit';
import { ConflictError, NotFoundError } from '../errors';
import type { Logger } from '../logger';
import type { RequestContext } from '../request';
import type { AccountLocks } from '../ports/account-locks';
import type { AuditEntry, AuditReader, AuditTrail } from '../ports/audit-trail';
import type { Clock } from '../ports/clock';
import type { Invitations } from '../ports/invitations';
import type { TotpResetTickets } from '../ports/totp-reset-tickets';
import type { DirectoryUserDetail, UserDirectory } from '../ports/user-directory';
import type { UserIndex } from '../ports/user-index';
import type { Leases } from '../ports/write-journal';
import { actorOf, sourceOf } from '../audit-entry';
import { type AdminRemoval, keepingOnePlatformAdmin } from './platform-admins';
import { syncIndexedUser } from './user-index-sync';

/**
 * The pieces every journaled write on an administrator account is made of (core/journal.ts):
 * what the stored input holds, the check that the account is still as judged, the audit record
 * written once, the user-list row brought into step, the last-PlatformAdmin guard. User
 * management (features/users) and the session calls (features/session) both write accounts
 * with them; neither feature imports the other.
 */

/** What every user write needs; the cores and the reconciler build it the same way. */
export interface UserWriteDeps {
  /** Cognito, without the index: the workflows keep the index in step themselves. */
  directory: UserDirectory;
  index: UserIndex;
  locks: AccountLocks;
  /** When each invitation was sent (create-user and resend-invitation record it; the row reads it). */
  invitations: Invitations;
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

export const changeSchema = z.record(z.string(), z.unknown());

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
export const did = (write: WriteRun<unknown, unknown>, step: string) => write.done.includes(step);

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

/**
 * The user's row of the user list, as Cognito, the locks and the invitation record have it now
 * (last, deferrable).
 */
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

/** The state of a workflow that carries nothing from one step to the next. */
export const noState = z.object({});

/** The subject a user write locks: the account (its sub), or for a new one its address. */
export const userSubject = (userNameOrEmail: string): string =>
  `user:${userNameOrEmail.toLowerCase()}`;
