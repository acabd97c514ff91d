import { AUDIT_APPEND } from './audit';
import type { PermissionGrant } from './grant';
import { JOURNAL } from './journal';

/**
 * Reading one account as the console needs it: AdminGetUser, and its groups (the role is the
 * one role group the user is in; the group is the only source of truth for a role).
 */
export const READ_ACCOUNT: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
};

/**
 * Keeping the user index (main table, partition USERINDEX) in step after a change
 * (lambdas/src/users/user-index-sync.ts): the account re-read, its lock read (GetItem),
 * its row put or deleted, the index's version raised (UpdateItem).
 */
export const INDEX_SYNC: readonly PermissionGrant[] = [
  READ_ACCOUNT,
  {
    on: 'mainTable',
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
  },
];

/**
 * Every journaled user write (lambdas/src/users/user-writes.ts). A write cut short is
 * finished by the next write on the same user, whatever its kind (lambdas/src/core/journal.ts):
 * so each user-management function may take every step of every user write — the Cognito calls
 * of creating, changing, disabling, enabling, deleting and resetting a user, the journal's entry
 * and the last-PlatformAdmin lease (main table: GetItem, PutItem, UpdateItem, DeleteItem), the
 * audit trail (append, and Query to find the record of an interrupted write) and the index.
 * Narrower per operation would leave an interrupted write of another kind blocking the user.
 */
export const USER_WRITES: readonly PermissionGrant[] = [
  {
    on: 'userPool',
    actions: [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminDeleteUserAttributes',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminSetUserMFAPreference',
      'cognito-idp:ListUsersInGroup',
    ],
  },
  JOURNAL,
  AUDIT_APPEND,
  ...INDEX_SYNC,
];

/**
 * The user index read whole (Query, the version's GetItem within INDEX_SYNC), built from the
 * directory once if it never was (ListUsers, then a sync of each user): the user list, its
 * export, the dashboard's figures.
 */
export const USER_INDEX_READ: readonly PermissionGrant[] = [
  { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
  { on: 'mainTable', actions: ['dynamodb:Query'] },
  ...INDEX_SYNC,
];

/** Signing the caller out everywhere (sign-out). */
export const GLOBAL_SIGN_OUT: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminUserGlobalSignOut'],
};

/**
 * The account lockout: a journaled write (JOURNAL: its entry, and the last-PlatformAdmin lease)
 * of the lock record (USER#<userName> / ACCOUNT_LOCK, conditional), then the account disabled
 * under the rule (ListUsersInGroup counts the PlatformAdmins) and signed out; the failed sign-ins
 * are read from the account's auth events.
 */
export const LOCK_ACCOUNT: PermissionGrant = {
  on: 'userPool',
  actions: [
    'cognito-idp:AdminListUserAuthEvents',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:ListUsersInGroup',
  ],
};

/**
 * The account's auth events: finishing an interrupted password reset (a journaled write around
 * ConfirmForgotPassword, one of Cognito's public calls, for which IAM is not evaluated) asks them
 * whether the reset happened.
 */
export const AUTH_EVENTS: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminListUserAuthEvents'],
};

/** The authenticator reset redeemed: the TOTP factor switched off, the account signed out. */
export const RESET_TOTP: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminSetUserMFAPreference', 'cognito-idp:AdminUserGlobalSignOut'],
};

/** The authenticator reset link's ticket (TOTP_RESET#<sha256>), written only if new. */
export const TOTP_RESET_TICKET: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:PutItem'],
};

/** The role groups listed (the user form's choices). */
export const LIST_GROUPS: PermissionGrant = { on: 'userPool', actions: ['cognito-idp:ListGroups'] };

/**
 * A signature (a standard's publication): the signer's password and code checked as a sign-in
 * checks them; the signer's name read with READ_ACCOUNT (AdminGetUser).
 */
export const CHECK_SIGN_IN: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge'],
};
