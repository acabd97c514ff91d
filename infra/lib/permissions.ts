import type { Operation } from '@ccsc/lambdas/contract';

/**
 * What each operation's function may do, and on what: the IAM policy of every function is built
 * from this table and nothing else (plus its own log group and X-Ray). A test asserts that every
 * operation of the contract has a row. Operations that still run `not-implemented.ts` get no
 * permission at all: they validate and answer 501 without calling anything. A feature that lands
 * adds its actions here, on the narrowest resource that works — never a `*` action.
 */
export type ResourceKey =
  /** The user pool. */
  | 'userPool'
  /** The main table and its declared indexes. */
  | 'mainTable'
  /** The audit table; every function is additionally denied updates and deletes on it. */
  | 'auditTable'
  /** The documents bucket itself (ListBucket), or its objects. */
  | 'documentsBucket'
  | 'documentsObjects'
  | 'artifactsBucket'
  | 'artifactsObjects'
  /** The SES sender identity and its configuration set. */
  | 'mailSender';

export interface PermissionGrant {
  readonly on: ResourceKey;
  readonly actions: readonly string[];
}

export const PERMISSIONS = {
  logout: [{ on: 'userPool', actions: ['cognito-idp:AdminUserGlobalSignOut'] }],
  redirectUser: [],
  accountLockout: [],
  'confirm-forget-password': [],
  'forget-totp': [],
  'forget-totp/confirm': [],
  'list-all-users': [{ on: 'userPool', actions: ['cognito-idp:ListUsers'] }],
  'create-user': [],
  'update-user': [],
  'enable-user': [],
  'disable-user': [],
  'delete-user': [],
  'list-all-groups': [],
  'get-mob-dial-code': [],
  getSiteOrgList: [],
  getSponsorList: [],
  getOrgSysList: [],
  generateApiCredential: [],
  resendApiCredential: [],
  deleteApiCredential: [],
  downloadApiScope: [],
  decription: [],
  'artifact/list-standards': [],
  'artifact/get-standard': [],
  'artifact/create-standard': [],
  'artifact/update-standard': [],
  'artifact/download': [],
  's3documents/list': [],
  's3documents/download': [],
} as const satisfies Record<Operation, readonly PermissionGrant[]>;

/**
 * The audit trail is append-only (data-model.ts): whatever a function is granted, these are
 * explicitly denied on the audit table, so no code path — present or future — can rewrite or
 * erase history, nor switch off its protection. (An explicit Deny beats any Allow.)
 */
export const AUDIT_TABLE_DENIED_ACTIONS = [
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
  'dynamodb:UpdateTable',
  'dynamodb:DeleteTable',
  'dynamodb:UpdateTimeToLive',
] as const;
