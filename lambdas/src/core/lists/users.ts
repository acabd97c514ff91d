import type * as z from 'zod';
import {
  INVITATION_EXPIRING_HOURS,
  type InvitationFilter,
  type User,
  type UserListItem,
  type userListQuerySchema,
  type UserStatus,
} from '@ccsc/contract/users';
import { decide } from '@ccsc/contract/permissions';
import type { Caller } from '../request';
import type { DirectoryUser } from '../ports/user-directory';
import type { IndexedUser } from '../ports/user-index';

/**
 * What the user list (list-all-users, export-users) shows and the dashboard counts of it, written
 * once: who the caller sees, the filters, the invitation's expiry, the row as the list shows it.
 * The rows are the user index's (ports/user-index.ts).
 */

/** The user list's query: its filters, and its order (which no predicate reads). */
export type UserListQuery = z.output<typeof userListQuerySchema>;
/** The filters alone: what a count takes. */
export type UserListFilters = Omit<UserListQuery, 'sort' | 'order'>;
/** Who asks: the verified caller (their own account aside, reach decides). */
export type UserListCaller = Pick<Caller, 'userName' | 'role' | 'organisationId'>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Whether the caller may see the user at all (permissions.ts's read rule, applied to a row). */
export const visibleTo =
  (caller: UserListCaller) =>
  (user: IndexedUser): boolean =>
    decide({
      actor: {
        userName: caller.userName,
        role: caller.role,
        organisationId: caller.organisationId,
      },
      action: 'read',
      target: user,
    }).allowed;

/**
 * The one status the list shows and filters on, in this precedence: locked by accountLockout,
 * disabled, waiting for the first sign-in (Cognito's FORCE_CHANGE_PASSWORD), no authenticator
 * app yet, else enabled.
 */
export const displayStatus = (user: IndexedUser): UserStatus => {
  if (user.locked) return 'LOCKED';
  if (!user.enabled) return 'DISABLED';
  if (user.status === 'FORCE_CHANGE_PASSWORD') return 'FORCE_CHANGE_PASSWORD';
  if (!user.mfaEnrolled) return 'MFA_NOT_ENROLLED';
  return 'ENABLED';
};

/**
 * When the temporary password of the user's invitation expires: for a user waiting for the first
 * sign-in (status FORCE_CHANGE_PASSWORD), `temporaryPasswordDays` (Cognito's
 * TemporaryPasswordValidityDays, env TEMPORARY_PASSWORD_DAYS) after the invitation was last sent;
 * null for anyone else (a disabled or locked user is not waiting: it cannot sign in, and the
 * invitation cannot be sent again until it is enabled).
 *
 * When it was sent is the INVITATION record's time (create-user, resend-invitation). A user
 * invited before that record was kept has none: then Cognito's UserLastModifiedDate stands in
 * (`updatedAt`), which Cognito sets when it sets a temporary password (creation, RESEND) and
 * which only moves later after that (an edit). So the estimate is never earlier than the real
 * sending: such an invitation is never called expired before Cognito refuses it (it may be
 * called valid a little longer than it is).
 */
export const invitationExpiresAt = (
  user: IndexedUser,
  temporaryPasswordDays: number,
): Date | null => {
  if (displayStatus(user) !== 'FORCE_CHANGE_PASSWORD') return null;
  const sentAt =
    user.invitationSentAt === null ? user.updatedAt.getTime() : Date.parse(user.invitationSentAt);
  return new Date(sentAt + temporaryPasswordDays * DAY_MS);
};

/** Whether the user's invitation is in the state the filter names, at `now` (contract: users.ts). */
export const invitationMatches = (
  user: IndexedUser,
  filter: InvitationFilter,
  now: Date,
  temporaryPasswordDays: number,
): boolean => {
  const expiresAt = invitationExpiresAt(user, temporaryPasswordDays);
  if (expiresAt === null) return false;
  const left = expiresAt.getTime() - now.getTime();
  switch (filter) {
    case 'pending':
      return left > 0;
    case 'expiring':
      return left > 0 && left <= INVITATION_EXPIRING_HOURS * HOUR_MS;
    case 'expired':
      return left <= 0;
  }
};

const startsWith = (value: string | null, prefix: string): boolean =>
  value !== null && value.toLowerCase().startsWith(prefix);

/**
 * The list's predicate: the users the caller sees that match the filters at `now`. `search`
 * matches the start of the e-mail, the given name, the family name or "given family", in any
 * case; `status` the display status; `invitation` the invitation's state (`invitationMatches`);
 * the others match exactly.
 */
export const userMatcher = (
  query: UserListFilters,
  caller: UserListCaller,
  now: Date,
  temporaryPasswordDays: number,
): ((user: IndexedUser) => boolean) => {
  const visible = visibleTo(caller);
  const search = query.search?.trim().toLowerCase() ?? '';
  const invitation = query.invitation;
  return (user) => {
    if (!visible(user)) return false;
    if (query.role !== undefined && user.role !== query.role) return false;
    if (query.organisationId !== undefined && user.organisationId !== query.organisationId) {
      return false;
    }
    if (query.status !== undefined && displayStatus(user) !== query.status) return false;
    if (
      invitation !== undefined &&
      !invitationMatches(user, invitation, now, temporaryPasswordDays)
    ) {
      return false;
    }
    if (search === '') return true;
    return (
      startsWith(user.email, search) ||
      startsWith(user.givenName, search) ||
      startsWith(user.familyName, search) ||
      startsWith(`${user.givenName ?? ''} ${user.familyName ?? ''}`, search)
    );
  };
};

/** How many rows list-all-users would total for this query and caller at `now`. */
export const countUsers = (
  rows: readonly IndexedUser[],
  query: UserListFilters,
  caller: UserListCaller,
  now: Date,
  temporaryPasswordDays: number,
): number => {
  const matches = userMatcher(query, caller, now, temporaryPasswordDays);
  let count = 0;
  for (const row of rows) if (matches(row)) count += 1;
  return count;
};

/** A directory user as the API shows it. */
export const toApiUser = (u: DirectoryUser): User => ({
  userName: u.userName,
  email: u.email,
  emailVerified: u.emailVerified,
  givenName: u.givenName,
  familyName: u.familyName,
  phoneNumber: u.phoneNumber,
  role: u.role,
  organisationId: u.organisationId,
  enabled: u.enabled,
  cognitoStatus: u.status,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});

/** A row of the user list as list-all-users answers it (and the dashboard shows it). */
export const toListItem = (user: IndexedUser, temporaryPasswordDays: number): UserListItem => ({
  ...toApiUser(user),
  status: displayStatus(user),
  locked: user.locked,
  mfaEnrolled: user.mfaEnrolled,
  invitationExpiresAt: invitationExpiresAt(user, temporaryPasswordDays)?.toISOString() ?? null,
});
