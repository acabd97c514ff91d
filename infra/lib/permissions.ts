import { operations, routes, type Operation } from '@ccsc/lambdas/contract';

/**
 * What each operation's function may do, and on what: the IAM policy of every function is built
 * from this table and nothing else (plus its own log group and X-Ray). A test asserts that every
 * operation of the contract has a row. Operations that still run `not-implemented.ts` get only
 * what the router itself needs (the MFA gate below): they validate and answer 501 without
 * calling anything else. A feature that lands adds its actions here, on the narrowest resource
 * that works — never a `*` action.
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
  /** The CSV exports' objects: written in parts, read through the presigned link. */
  | 'exportsObjects'
  /** The SES sender identity and its configuration set. */
  | 'mailSender';

export interface PermissionGrant {
  readonly on: ResourceKey;
  readonly actions: readonly string[];
}

/**
 * Appending to the hash-chained audit trail (lambdas/src/adapters/audit-chain.ts): a strongly
 * consistent Query for the chain's head, then PutItem of the next sequence number with
 * `attribute_not_exists`. Never UpdateItem or DeleteItem (denied to every function anyway).
 */
const AUDIT_APPEND: PermissionGrant = {
  on: 'auditTable',
  actions: ['dynamodb:PutItem', 'dynamodb:Query'],
};
const SEND_MAIL: PermissionGrant = { on: 'mailSender', actions: ['ses:SendEmail'] };
/** Reading the audit trail back (newest first, or the whole chain to verify it): Query only. */
const AUDIT_READ: PermissionGrant = { on: 'auditTable', actions: ['dynamodb:Query'] };

/**
 * Keeping the user index (main table, partition USERINDEX) in step after a change
 * (lambdas/src/features/users/user-index-sync.ts): the account re-read (AdminGetUser), its lock
 * read (GetItem), its row put or deleted, the index's version raised (UpdateItem).
 */
const INDEX_SYNC: readonly PermissionGrant[] = [
  { on: 'userPool', actions: ['cognito-idp:AdminGetUser'] },
  {
    on: 'mainTable',
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
  },
];

/** Each operation's own needs, before the MFA gate is added. */
export const OPERATION_PERMISSIONS = {
  logout: [{ on: 'userPool', actions: ['cognito-idp:AdminUserGlobalSignOut'] }, AUDIT_APPEND],
  redirectUser: [AUDIT_APPEND, ...INDEX_SYNC],
  accountLockout: [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListUserAuthEvents',
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
    },
    // The lock record (USER#<userName> / ACCOUNT_LOCK), written with a condition.
    { on: 'mainTable', actions: ['dynamodb:GetItem', 'dynamodb:PutItem'] },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  // ConfirmForgotPassword is one of Cognito's public calls (IAM is not evaluated for it);
  // AdminGetUser names the account in the audit record.
  'confirm-forget-password': [
    { on: 'userPool', actions: ['cognito-idp:AdminGetUser'] },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  'forget-totp': [
    { on: 'userPool', actions: ['cognito-idp:AdminGetUser'] },
    // The link's ticket (TOTP_RESET#<sha256>), written only if new.
    { on: 'mainTable', actions: ['dynamodb:PutItem'] },
    AUDIT_APPEND,
    SEND_MAIL,
  ],
  'forget-totp/confirm': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminSetUserMFAPreference',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
    },
    // Redeeming the ticket: one conditional DeleteItem that returns it (single use).
    { on: 'mainTable', actions: ['dynamodb:DeleteItem'] },
    AUDIT_APPEND,
    SEND_MAIL,
    ...INDEX_SYNC,
  ],
  // The user index read whole (Query, version GetItem); built from the directory once if it never
  // was (ListUsers, then a sync of each user).
  // The filtered list streamed into the exports bucket (multipart PutObject; GetObject signs the
  // download link); the index read by e-mail (gsi1 Query), built once if it never was.
  'export-users': [
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
    { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
    AUDIT_APPEND,
  ],
  'list-all-users': [
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
  ],
  // The invitation, the role group, and removing the user again if the group cannot be set; the
  // organisation must exist (GetItem).
  'create-user': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminDeleteUser',
      ],
    },
    { on: 'mainTable', actions: ['dynamodb:GetItem'] },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  // Attributes and the role group; sessions end when the rights change; the organisation must exist.
  'update-user': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminUpdateUserAttributes',
        'cognito-idp:AdminDeleteUserAttributes',
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
    },
    { on: 'mainTable', actions: ['dynamodb:GetItem'] },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  // Each reads the target (AdminGetUser) and counts the enabled PlatformAdmins (ListUsersInGroup)
  // for the last-administrator rule, which may undo its own disable (AdminEnableUser).
  'enable-user': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminEnableUser',
      ],
    },
    // The lockout record: read to tell a lock from a plain disable, released on unlock.
    { on: 'mainTable', actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  'disable-user': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
    },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  'delete-user': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:ListUsersInGroup',
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminDeleteUser',
      ],
    },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  'reset-user-mfa': [
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminSetUserMFAPreference',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
    },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  // RESEND is AdminCreateUser with MessageAction RESEND.
  'resend-invitation': [
    { on: 'userPool', actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser'] },
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  'list-all-groups': [{ on: 'userPool', actions: ['cognito-idp:ListGroups'] }],
  'list-audit-records': [AUDIT_READ],
  // The trail read backwards (Query) and streamed into the exports bucket; the export recorded.
  'export-audit-records': [
    AUDIT_APPEND,
    { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
  ],
  'verify-audit-chain': [AUDIT_READ],
  // Served from the `phone` library's data: nothing to call.
  'get-mob-dial-code': [],
  // The organisations of a kind: a Query of the main table's gsi1.
  getSiteOrgList: [{ on: 'mainTable', actions: ['dynamodb:Query'] }],
  getSponsorList: [{ on: 'mainTable', actions: ['dynamodb:Query'] }],
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
 * The router's MFA gate (lambdas/src/http/mfa-gate.ts) reads the caller's account with
 * AdminGetUser on every authenticated call whose route is not `allowedBeforeMfa` — implemented
 * or not — so each of those functions may do that, and only that, on the pool.
 */
export const MFA_GATE_GRANT: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminGetUser'],
};

export const isMfaGated = (operation: Operation): boolean => {
  const route = routes[operation];
  return route.auth === 'authenticated' && !('allowedBeforeMfa' in route && route.allowedBeforeMfa);
};

/** One grant per resource, actions in a stable order without repeats. */
const mergeByResource = (grants: readonly PermissionGrant[]): PermissionGrant[] => {
  const byResource = new Map<ResourceKey, Set<string>>();
  for (const g of grants) {
    const actions = byResource.get(g.on) ?? new Set<string>();
    for (const a of g.actions) actions.add(a);
    byResource.set(g.on, actions);
  }
  return [...byResource].map(([on, actions]) => ({ on, actions: [...actions].sort() }));
};

/** The permission table the Api construct grants: each operation's own rows plus the MFA gate. */
export const PERMISSIONS: Readonly<Record<Operation, readonly PermissionGrant[]>> = (() => {
  const table: Partial<Record<Operation, readonly PermissionGrant[]>> = {};
  for (const op of operations) {
    table[op] = mergeByResource([
      ...(isMfaGated(op) ? [MFA_GATE_GRANT] : []),
      ...OPERATION_PERMISSIONS[op],
    ]);
  }
  return table as Record<Operation, readonly PermissionGrant[]>;
})();

/**
 * The scheduled jobs (lambdas/src/jobs/): the nightly rebuild of the user index reads every user
 * (ListUsers, AdminGetUser), each lock record, the index (Query, GetItem) and writes what differs.
 */
export const JOB_PERMISSIONS = {
  'rebuild-user-index': mergeByResource([
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
  ]),
} as const satisfies Record<string, readonly PermissionGrant[]>;

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
