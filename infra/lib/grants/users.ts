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
