import { Journal, type JournalDeps, register, type RegisteredWorkflow } from '../core/journal';
import { type UserWriteDeps } from '../core/accounts/account-writes';
import { createUserWrite } from './user-create-write';
import { updateUserWrite } from './user-update-write';
import {
  disableUserWrite,
  enableUserWrite,
  deleteUserWrite,
  resetUserMfaWrite,
  resendInvitationWrite,
} from './user-status-writes';

/**
 * Every write of user management as a journaled workflow (core/journal.ts): recorded first, each
 * step safe to run again, the audit record of the outcome written once, the user index brought
 * into step last. A write cut short by a crash is finished by the same steps; one refused for
 * good is undone and its failure recorded.
 */

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
