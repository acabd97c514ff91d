import { routes, type Operation } from '@ccsc/contract';
import { type ApiFunction, routeOf } from './feature-areas';
import {
  AUDIT_VERIFICATION_KEY,
  JOURNAL_PK,
  OUTBOX_PK,
  CREDENTIAL_PK,
  CREDENTIAL_USED_PK,
  credentialClientKey,
  USER_INDEX_CHANGES_PK,
  USER_INDEX_PK,
  USER_INDEX_VERSION_KEY,
} from '@ccsc/lambdas/data-model';

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
  /** The audit table's declared indexes (its views, issue 18): read only. */
  | 'auditIndexes'
  /** The documents table (issue 17) and its indexes. */
  | 'documentsTable'
  /** The documents bucket itself (ListBucket), or its objects. */
  | 'documentsBucket'
  | 'documentsObjects'
  /** The senders' uploads in the documents bucket (`incoming/*`). */
  | 'documentUploads'
  /** The verified documents the hub keeps (`records/*`): written and read, never deleted. */
  | 'documentRecords'
  | 'artifactsBucket'
  | 'artifactsObjects'
  /** The mapping standards' rows in the artifacts bucket (`standards/*`), nothing else of it. */
  | 'standardRowsObjects'
  /** The CSV exports' objects: written in parts, read through the presigned link. */
  | 'exportsObjects'
  /** The SES sender identity and its configuration set. */
  | 'mailSender';

export interface PermissionGrant {
  readonly on: ResourceKey;
  readonly actions: readonly string[];
  /**
   * On a table: only the items whose partition key matches one of these (IAM's
   * `dynamodb:LeadingKeys`, `*` a wildcard), e.g. the registry's partitions and nothing else.
   */
  readonly partitions?: readonly string[];
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
 * Reading the audit trail's views (issue 18): Query of its sparse indexes, records newest first
 * and `Select: COUNT` for a total (lambdas/src/core/lists/audit.ts). For the dashboard's rows too.
 */
export const AUDIT_VIEW_READ: PermissionGrant = { on: 'auditIndexes', actions: ['dynamodb:Query'] };
/** The audit chain's last verification (main table, AUDIT#VERIFICATION / LAST), read. */
export const CHAIN_VERIFICATION_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem'],
  partitions: [AUDIT_VERIFICATION_KEY.pk],
};
/** ... and put by every verification of the chain. */
const CHAIN_VERIFICATION_RECORD: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:PutItem'],
  partitions: [AUDIT_VERIFICATION_KEY.pk],
};

/**
 * Reading one account as the console needs it: AdminGetUser, and its groups (the role is the
 * one role group the user is in; the group is the only source of truth for a role).
 */
const READ_ACCOUNT: PermissionGrant = {
  on: 'userPool',
  actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
};

/**
 * Keeping the user index (main table, partition USERINDEX) in step after a change
 * (lambdas/src/users/user-index-sync.ts): the account re-read, its lock read (GetItem),
 * its row put or deleted, the index's version raised (UpdateItem).
 */
const INDEX_SYNC: readonly PermissionGrant[] = [
  READ_ACCOUNT,
  {
    on: 'mainTable',
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
  },
];

/**
 * A journaled write's own bookkeeping (lambdas/src/core/journal.ts): its entry in the main table
 * (PutItem if new, GetItem of a holder, UpdateItem as steps are done, DeleteItem when over) and
 * the leases beside it (PutItem, DeleteItem).
 */
const JOURNAL: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
};

/**
 * Every journaled user write (lambdas/src/users/user-writes.ts). A write cut short is
 * finished by the next write on the same user, whatever its kind (lambdas/src/core/journal.ts):
 * so each user-management function may take every step of every user write — the Cognito calls
 * of creating, changing, disabling, enabling, deleting and resetting a user, the journal's entry
 * and the last-PlatformAdmin lease (main table: GetItem, PutItem, UpdateItem, DeleteItem), the
 * audit trail (append, and Query to find the record of an interrupted write) and the index.
 * Narrower per operation would leave an interrupted write of another kind blocking the user.
 */
const USER_WRITES: readonly PermissionGrant[] = [
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
 * The registry (issue 14; lambdas/src/adapters/dynamodb-registry.ts), in the main table's
 * partitions that begin with REGISTRY# and no others. Reading: the version (GetItem), the records
 * per type and shard and the change log (Query), one record (GetItem).
 */
const REGISTRY_PARTITIONS = ['REGISTRY#*'] as const;
const REGISTRY_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:Query'],
  partitions: REGISTRY_PARTITIONS,
};

/**
 * A registry write (lambdas/src/wiring/registry.ts): journaled (its entry, in the JOURNAL
 * partition only), committed as one TransactWriteItems — whose items IAM checks as PutItem,
 * UpdateItem, DeleteItem and ConditionCheckItem: records, claims, uses, the version, the change
 * log — with the touched items read back (BatchGetItem) when a commit is cancelled, then its
 * audit records appended (and looked for, by Query, after an interruption).
 */
const REGISTRY_WRITES: readonly PermissionGrant[] = [
  REGISTRY_READ,
  {
    on: 'mainTable',
    actions: [
      'dynamodb:BatchGetItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ],
    partitions: REGISTRY_PARTITIONS,
  },
  { ...JOURNAL, partitions: ['JOURNAL'] },
  AUDIT_APPEND,
];

/**
 * An import also stages its parts before it is made and clears them after (BatchWriteItem,
 * REGISTRY#IMPORT#<id>), and undoes the parts made when a later one is refused (removals: within
 * the writes above).
 */
const REGISTRY_IMPORT: readonly PermissionGrant[] = [
  ...REGISTRY_WRITES,
  { on: 'mainTable', actions: ['dynamodb:BatchWriteItem'], partitions: REGISTRY_PARTITIONS },
];

/** A registry list streamed into the exports bucket, the export recorded. */
const REGISTRY_EXPORT: readonly PermissionGrant[] = [
  REGISTRY_READ,
  { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
  AUDIT_APPEND,
];

/**
 * API credentials (issue 15; lambdas/src/adapters/dynamodb-credentials.ts), in the main table's
 * three credential partitions and no others: the records (`CREDENTIAL`), their last use apart
 * (`CREDENTIAL#USED`) and the partner API's lookup of a Cognito client id (`CREDENTIAL#CLIENT`).
 * Exact partition keys, not `CREDENTIAL*`: nothing else may ever be stored under that prefix.
 */
const CREDENTIAL_RECORDS = CREDENTIAL_PK;
const CREDENTIAL_USED = CREDENTIAL_USED_PK;
const CREDENTIAL_CLIENT = credentialClientKey('').pk;

/** One credential read (store.get): its record and its last use, both by GetItem. */
const CREDENTIAL_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem'],
  partitions: [CREDENTIAL_RECORDS, CREDENTIAL_USED],
};
/** The whole list (store.all): both partitions read by Query. */
const CREDENTIAL_LIST: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:Query'],
  partitions: [CREDENTIAL_RECORDS, CREDENTIAL_USED],
};
/**
 * A change of the record (store.replace, and the link's redemption): a PutItem conditional on
 * the revision read (and the link's hash). Never UpdateItem or DeleteItem: a credential is never
 * removed, a revoked one stays on record.
 */
const CREDENTIAL_CHANGE: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:PutItem'],
  partitions: [CREDENTIAL_RECORDS],
};
/**
 * A new credential (store.create): one TransactWriteItems of two conditional puts — the record
 * and its client lookup — which IAM checks as PutItem on each item.
 */
const CREDENTIAL_CREATE: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:PutItem'],
  partitions: [CREDENTIAL_RECORDS, CREDENTIAL_CLIENT],
};

/**
 * The credentials' Cognito app clients (lambdas/src/adapters/cognito-machine-clients.ts), on the
 * pool only, each action where its operation's core calls it. The three client-secret actions
 * (AddUserPoolClientSecret, ListUserPoolClientSecrets, DeleteUserPoolClientSecret) are named as
 * AWS's Service Authorization Reference for `cognito-idp` lists them (each authorizes the API
 * operation of the same name, on the userpool resource). CreateUserPoolClient needs iam:PassRole
 * only with an analytics configuration, which these clients never have.
 */
const CLIENT = {
  create: 'cognito-idp:CreateUserPoolClient',
  describe: 'cognito-idp:DescribeUserPoolClient',
  delete: 'cognito-idp:DeleteUserPoolClient',
  addSecret: 'cognito-idp:AddUserPoolClientSecret',
  listSecrets: 'cognito-idp:ListUserPoolClientSecrets',
  deleteSecret: 'cognito-idp:DeleteUserPoolClientSecret',
  list: 'cognito-idp:ListUserPoolClients',
} as const;
const clients = (...actions: (typeof CLIENT)[keyof typeof CLIENT][]): PermissionGrant => ({
  on: 'userPool',
  actions,
});

/** A journaled write's entry alone (the JOURNAL partition): the credentials' and documents'. */
const JOURNAL_ENTRY: PermissionGrant = { ...JOURNAL, partitions: [JOURNAL_PK] };

/**
 * The mail outbox (lambdas/src/core/outbox.ts; main table, OUTBOX): a write's step queues a mail
 * (a conditional PutItem) and sends it at once (SES), taking it (UpdateItem) when a run before
 * queued it, and marks it sent (UpdateItem; the table's TTL removes it). Never DeleteItem. The
 * drain reads the queue (Query) too.
 */
const OUTBOX_QUEUE: readonly PermissionGrant[] = [
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    partitions: [OUTBOX_PK],
  },
  SEND_MAIL,
];
const OUTBOX_DRAIN: readonly PermissionGrant[] = [
  ...OUTBOX_QUEUE,
  { on: 'mainTable', actions: ['dynamodb:Query'], partitions: [OUTBOX_PK] },
];

/**
 * What every journaled credential write takes (lambdas/src/credentials/, issue 32): its
 * journal entry, the record read and changed (a conditional PutItem), the audit record appended
 * once (and looked for, by Query, after an interruption). Each kind adds its own steps below.
 */
const CREDENTIAL_WRITE: readonly PermissionGrant[] = [
  JOURNAL_ENTRY,
  CREDENTIAL_READ,
  CREDENTIAL_CHANGE,
  AUDIT_APPEND,
  AUDIT_READ,
];
/** A link mailed through the outbox (composed when sent: a new token's hash on the record). */
const CREDENTIAL_LINK_MAIL: readonly PermissionGrant[] = [...OUTBOX_QUEUE];
/**
 * The issue's steps: the client created (found again by its name after an interruption:
 * ListUserPoolClients), the record and its client lookup created, the link mailed; a refused
 * issue deletes its client unless a record names it (the lookup read).
 */
const CREDENTIAL_ISSUE: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.create, CLIENT.list, CLIENT.delete),
  CREDENTIAL_CREATE,
  { on: 'mainTable', actions: ['dynamodb:GetItem'], partitions: [CREDENTIAL_CLIENT] },
  ...CREDENTIAL_LINK_MAIL,
];
/** The reveal's: the secret read or added, the older ones deleted (grace 0, or its undoing). */
const CREDENTIAL_REVEAL: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.describe, CLIENT.addSecret, CLIENT.listSecrets, CLIENT.deleteSecret),
];
/** The end of a grace period: every secret but the newest deleted. */
const CREDENTIAL_RETIRE: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.listSecrets, CLIENT.deleteSecret),
];
/** Revocation and expiry: the client deleted. */
const CREDENTIAL_END: readonly PermissionGrant[] = [...CREDENTIAL_WRITE, clients(CLIENT.delete)];
/**
 * The reconciler's sweep (features/credentials/credential-sweep.ts): every client of the pool
 * listed and each looked at, every credential read; an orphan or leftover client deleted, a
 * credential without its client marked broken — each a journaled write.
 */
const CREDENTIAL_SWEEP: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  CREDENTIAL_LIST,
  { on: 'mainTable', actions: ['dynamodb:GetItem'], partitions: [CREDENTIAL_CLIENT] },
  clients(CLIENT.list, CLIENT.describe, CLIENT.delete),
];

/** A standard version's rows in the artifacts bucket (`standards/<id>/rows/<sha256>.json`). */
const STANDARD_ROWS_READ: PermissionGrant = {
  on: 'standardRowsObjects',
  actions: ['s3:GetObject'],
};
/**
 * The document exchange (issue 17). HeadObject needs ListBucket to answer "not there" (404)
 * rather than 403; no function may delete a document (none is granted s3:DeleteObject).
 */
const DOCUMENT_READ: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
};
/**
 * The documents' counters alone (data-model.ts `DOCSTATS#<scope>#<shard>`; issue 18): a day
 * range of a scope's shards (Query) and their held counts (BatchGetItem), never a document. What
 * a reader of the figures needs that reads no document (the dashboard); s3documents/list reads
 * them under DOCUMENT_READ, beside the documents.
 */
export const DOCUMENT_COUNTS_READ: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:Query', 'dynamodb:BatchGetItem'],
  partitions: ['DOCSTATS#*'],
};
/**
 * A document's record and its keys; in the same transaction, ADD to its counters (`DOCSTATS#*`,
 * UpdateItem: a send, a hold, its end, a delivery) and, in a delivery's, to its study's
 * (`ARTCOUNT#*`). Not narrowed by partition: a document's own partition is its id.
 */
const DOCUMENT_WRITE: PermissionGrant = {
  on: 'documentsTable',
  actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
};
const DOCUMENT_UPLOAD_SIGN: PermissionGrant = { on: 'documentUploads', actions: ['s3:PutObject'] };
const DOCUMENT_KEEP: readonly PermissionGrant[] = [
  { on: 'documentsBucket', actions: ['s3:ListBucket'] },
  { on: 'documentUploads', actions: ['s3:GetObject'] },
  { on: 'documentRecords', actions: ['s3:PutObject', 's3:AbortMultipartUpload'] },
];
const DOCUMENT_DOWNLOAD_SIGN: PermissionGrant = {
  on: 'documentRecords',
  actions: ['s3:GetObject'],
};

/**
 * Classifying documents again and delivering them (a release, a retry), audited: each a
 * journaled write (its entry; the audit record looked for after an interruption: Query).
 */
const HELD_RELEASE: readonly PermissionGrant[] = [
  REGISTRY_READ,
  STANDARD_ROWS_READ,
  DOCUMENT_READ,
  DOCUMENT_WRITE,
  AUDIT_APPEND,
  JOURNAL_ENTRY,
];

const STANDARD_ROWS_WRITE: PermissionGrant = {
  on: 'standardRowsObjects',
  actions: ['s3:PutObject'],
};

/** Each operation's own needs, before the MFA gate is added. */
export const OPERATION_PERMISSIONS = {
  logout: [{ on: 'userPool', actions: ['cognito-idp:AdminUserGlobalSignOut'] }, AUDIT_APPEND],
  redirectUser: [AUDIT_APPEND, ...INDEX_SYNC],
  // The lock is a journaled write (its entry, and the last-PlatformAdmin lease: main table):
  // the lock record (USER#<userName> / ACCOUNT_LOCK, conditional), then the account disabled
  // under the rule (ListUsersInGroup counts the PlatformAdmins) and signed out, the record.
  accountLockout: [
    READ_ACCOUNT,
    {
      on: 'userPool',
      actions: [
        'cognito-idp:AdminListUserAuthEvents',
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminUserGlobalSignOut',
        'cognito-idp:ListUsersInGroup',
      ],
    },
    JOURNAL,
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  // A journaled write (main table) around ConfirmForgotPassword, one of Cognito's public calls
  // (IAM is not evaluated for it); finishing an interrupted one asks the account's auth events
  // whether the reset happened; the account is read to name it in the record.
  'confirm-forget-password': [
    READ_ACCOUNT,
    { on: 'userPool', actions: ['cognito-idp:AdminListUserAuthEvents'] },
    JOURNAL,
    AUDIT_APPEND,
    ...INDEX_SYNC,
  ],
  'forget-totp': [
    READ_ACCOUNT,
    // The link's ticket (TOTP_RESET#<sha256>), written only if new.
    { on: 'mainTable', actions: ['dynamodb:PutItem'] },
    AUDIT_APPEND,
    SEND_MAIL,
  ],
  'forget-totp/confirm': [
    READ_ACCOUNT,
    {
      on: 'userPool',
      actions: ['cognito-idp:AdminSetUserMFAPreference', 'cognito-idp:AdminUserGlobalSignOut'],
    },
    // Redeeming the ticket: one conditional DeleteItem that returns it (single use); the
    // removal is a journaled write (main table).
    JOURNAL,
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
  // Sorting by organisation names them from the registry (REGISTRY_READ).
  'list-all-users': [
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
    REGISTRY_READ,
  ],
  // The user-management writes: every step of every user write (USER_WRITES, above); the
  // organisation a user is placed in must exist in the registry (GetItem, within USER_WRITES).
  'create-user': USER_WRITES,
  'update-user': USER_WRITES,
  // Enabling a locked account releases its lock record (UpdateItem, within USER_WRITES).
  'enable-user': USER_WRITES,
  'disable-user': USER_WRITES,
  'delete-user': USER_WRITES,
  'reset-user-mfa': USER_WRITES,
  'resend-invitation': USER_WRITES,
  'list-all-groups': [{ on: 'userPool', actions: ['cognito-idp:ListGroups'] }],
  // The chain read backwards, or a view's index read and counted.
  'list-audit-records': [AUDIT_READ, AUDIT_VIEW_READ],
  // The trail read backwards (Query; a view from its index) and streamed into the exports
  // bucket; the export recorded.
  'export-audit-records': [
    AUDIT_APPEND,
    AUDIT_VIEW_READ,
    { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
  ],
  // The whole chain walked (Query); what it found kept as the last verification.
  'verify-audit-chain': [AUDIT_READ, CHAIN_VERIFICATION_RECORD],
  // Served from the `phone` library's data: nothing to call.
  'get-mob-dial-code': [],
  // The registry's lists and details are read from its snapshot (REGISTRY_READ); its changes
  // are registry writes; its CSV imports stage their parts; its exports write the bucket.
  getSiteOrgList: [REGISTRY_READ],
  getSponsorList: [REGISTRY_READ],
  getOrgSysList: [REGISTRY_READ],
  'list-organisations': [REGISTRY_READ],
  'get-organisation': [REGISTRY_READ],
  'create-organisation': REGISTRY_WRITES,
  'update-organisation': REGISTRY_WRITES,
  'activate-organisation': REGISTRY_WRITES,
  'deactivate-organisation': REGISTRY_WRITES,
  'import-organisations': REGISTRY_IMPORT,
  'export-organisations': REGISTRY_EXPORT,
  'create-system': REGISTRY_WRITES,
  'update-system': REGISTRY_WRITES,
  'activate-system': REGISTRY_WRITES,
  'deactivate-system': REGISTRY_WRITES,
  'import-systems': REGISTRY_IMPORT,
  'export-systems': REGISTRY_EXPORT,
  'list-studies': [REGISTRY_READ],
  'create-study': REGISTRY_WRITES,
  'update-study': REGISTRY_WRITES,
  'list-connections': [REGISTRY_READ],
  'export-connections': REGISTRY_EXPORT,
  'search-site-directory': [REGISTRY_READ],
  'invite-site': REGISTRY_WRITES,
  'accept-connection': REGISTRY_WRITES,
  'decline-connection': REGISTRY_WRITES,
  'suspend-connection': REGISTRY_WRITES,
  'resume-connection': REGISTRY_WRITES,
  'end-connection': REGISTRY_WRITES,
  // API credentials (issue 15). Each reads the registry's snapshot for the names it shows
  // (REGISTRY_READ); the administrators' changes are audited, refusals too (AUDIT_APPEND).
  // The list: every credential and its last use, filtered in the function.
  'list-api-credentials': [CREDENTIAL_LIST, REGISTRY_READ],
  // Each change a journaled write of its kind (issue 32): CREDENTIAL_ISSUE and its kin above.
  // A Cognito client with exactly the scopes, the record and its client lookup, the link mailed
  // to the contact through the outbox.
  generateApiCredential: [REGISTRY_READ, ...CREDENTIAL_ISSUE],
  // A new link (a rotation's too) in the record, mailed; no Cognito call until it is revealed.
  resendApiCredential: [REGISTRY_READ, ...CREDENTIAL_WRITE, ...CREDENTIAL_LINK_MAIL],
  // The end of a rotation's grace: the record changed, every secret but the newest deleted.
  'retire-api-credential-secret': [REGISTRY_READ, ...CREDENTIAL_RETIRE],
  // Revocation: the record says revoked (the partner API reads it on every call), then the
  // client is deleted.
  deleteApiCredential: [REGISTRY_READ, ...CREDENTIAL_END],
  // The scope document written to the exports bucket (GetObject signs its link).
  downloadApiScope: [
    CREDENTIAL_READ,
    REGISTRY_READ,
    { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
    AUDIT_APPEND,
  ],
  // Public: the link's preview reads the credential and the names; it writes nothing.
  'get-api-credential-link': [CREDENTIAL_READ, REGISTRY_READ],
  // Public: the one reveal — the link redeemed by a conditional put, then the secret: the
  // client's original one (DescribeUserPoolClient), or for a rotation a second one added
  // (AddUserPoolClientSecret), the older deleted at once for a grace of 0 (List/Delete); a
  // reveal cut short is undone (the secret it made deleted, the link put back).
  decription: [REGISTRY_READ, ...CREDENTIAL_REVEAL],
  // Mapping standards (issue 16): registry records, their rows in the artifacts bucket.
  'artifact/list-standards': [REGISTRY_READ],
  'artifact/get-standard': [REGISTRY_READ, STANDARD_ROWS_READ],
  'artifact/diff-standards': [REGISTRY_READ, STANDARD_ROWS_READ],
  'artifact/catalogue': [],
  'artifact/create-standard': [...REGISTRY_WRITES, STANDARD_ROWS_READ, STANDARD_ROWS_WRITE],
  'artifact/update-standard': [...REGISTRY_WRITES, STANDARD_ROWS_READ, STANDARD_ROWS_WRITE],
  'artifact/new-version': [...REGISTRY_WRITES, STANDARD_ROWS_READ],
  'artifact/retire-standard': [...REGISTRY_WRITES, STANDARD_ROWS_READ],
  // The signature: the signer's password and code checked as a sign-in checks them, the
  // signer's name read (AdminGetUser).
  'artifact/publish-standard': [
    ...REGISTRY_WRITES,
    STANDARD_ROWS_READ,
    // Then the documents held for the standard's systems, tried again (issue 17).
    ...HELD_RELEASE,
    READ_ACCOUNT,
    {
      on: 'userPool',
      actions: ['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge'],
    },
  ],
  'artifact/download': [
    REGISTRY_READ,
    STANDARD_ROWS_READ,
    { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
    AUDIT_APPEND,
  ],
  // The list's pages (its index) and its total (the counters of the caller's scope, DOCSTATS#*).
  's3documents/list': [REGISTRY_READ, DOCUMENT_READ],
  's3documents/get': [REGISTRY_READ, DOCUMENT_READ],
  // The download recorded on the document, audited, then the presigned link.
  's3documents/download': [
    REGISTRY_READ,
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    DOCUMENT_DOWNLOAD_SIGN,
    AUDIT_APPEND,
    JOURNAL_ENTRY,
    // A retry or release of the same document found cut short is finished first: it classifies.
    STANDARD_ROWS_READ,
  ],
  's3documents/retry': [...HELD_RELEASE],
  // The counters the deliveries keep, one query.
  'artifact/study-completeness': [REGISTRY_READ, DOCUMENT_READ],
  // The package streamed from the kept documents into the exports bucket, then its link.
  's3documents/export-etmf': [
    REGISTRY_READ,
    DOCUMENT_READ,
    DOCUMENT_DOWNLOAD_SIGN,
    { on: 'exportsObjects', actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'] },
    AUDIT_APPEND,
  ],
  // eTMF-EMS import: the import and its place in the study's list, the package's upload link.
  's3documents/import-etmf-upload': [
    REGISTRY_READ,
    DOCUMENT_WRITE,
    DOCUMENT_UPLOAD_SIGN,
    AUDIT_APPEND,
  ],
  // The package read by ranges from incoming/, each file staged there and verified, then kept
  // under records/; each outcome written with the import's progress (and the study's claim and
  // counter).
  's3documents/import-etmf': [
    REGISTRY_READ,
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    // Each file staged under incoming/ while it is verified, then kept under records/.
    { on: 'documentUploads', actions: ['s3:PutObject', 's3:AbortMultipartUpload'] },
    ...DOCUMENT_KEEP,
    AUDIT_APPEND,
  ],
  's3documents/imports': [REGISTRY_READ, DOCUMENT_READ],
  's3documents/import-get': [REGISTRY_READ, DOCUMENT_READ],
  's3documents/import-download': [
    REGISTRY_READ,
    DOCUMENT_READ,
    DOCUMENT_DOWNLOAD_SIGN,
    AUDIT_APPEND,
  ],
  // The dashboard (issue 18): read-only, one call per block, each reading what the lists its
  // figures open read. Needs action: the user index (built from the directory if it never was,
  // as the user list does), the credentials, the registry, the documents' held counters.
  'dashboard/needs-action': [
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
    CREDENTIAL_LIST,
    REGISTRY_READ,
    DOCUMENT_COUNTS_READ,
  ],
  // The documents' day counters and the registry's connections.
  'dashboard/activity': [REGISTRY_READ, DOCUMENT_COUNTS_READ],
  // The security views counted on their indexes (Query, Select COUNT); the last verification.
  'dashboard/security': [AUDIT_VIEW_READ, CHAIN_VERIFICATION_READ],
  // One query of the changes' index.
  'dashboard/recent-changes': [AUDIT_VIEW_READ],
  // ---- the partner API (/ccsc/api/v1/): each call reads the registry's snapshot ----
  'partner-me': [REGISTRY_READ],
  'partner-connections': [REGISTRY_READ],
  // The standards' rows (with rows=true) from the artifacts bucket's standards/ prefix.
  'partner-standards': [REGISTRY_READ, STANDARD_ROWS_READ],
  // Announce: the early check of the sender's standard, the record and its idempotency key, the
  // presigned upload, the audit record.
  'partner-send-document': [
    REGISTRY_READ,
    STANDARD_ROWS_READ,
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    DOCUMENT_UPLOAD_SIGN,
    AUDIT_APPEND,
    JOURNAL_ENTRY,
  ],
  // Complete: what arrived copied through a hash into records/, classified, delivered or held.
  'partner-complete-document': [
    REGISTRY_READ,
    STANDARD_ROWS_READ,
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    ...DOCUMENT_KEEP,
    AUDIT_APPEND,
    JOURNAL_ENTRY,
  ],
  'partner-get-document': [REGISTRY_READ, DOCUMENT_READ],
  'partner-list-documents': [REGISTRY_READ, DOCUMENT_READ, DOCUMENT_DOWNLOAD_SIGN],
  'partner-acknowledge-document': [
    REGISTRY_READ,
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    AUDIT_APPEND,
    JOURNAL_ENTRY,
    // An interrupted retry or release of the document is finished first: it classifies.
    STANDARD_ROWS_READ,
  ],
  'partner-openapi': [],
} as const satisfies Record<ApiFunction, readonly PermissionGrant[]>;

/**
 * The router's MFA gate (lambdas/src/http/mfa-gate.ts) reads the caller's account (AdminGetUser,
 * and AdminListGroupsForUser for the role) on every authenticated call whose route is not
 * `allowedBeforeMfa` — implemented or not — so each of those functions may do that, and only
 * that, on the pool.
 */
export const MFA_GATE_GRANT: PermissionGrant = READ_ACCOUNT;

export const isMfaGated = (operation: Operation): boolean => {
  const route = routes[operation];
  return route.auth === 'authenticated' && !('allowedBeforeMfa' in route && route.allowedBeforeMfa);
};

/**
 * One grant per resource (and partitions), actions in a stable order without repeats; an action
 * granted on the whole resource is not repeated for some of its partitions.
 */
const mergeByResource = (grants: readonly PermissionGrant[]): PermissionGrant[] => {
  const merged = new Map<
    string,
    { on: ResourceKey; partitions?: string[]; actions: Set<string> }
  >();
  for (const g of grants) {
    const partitions = g.partitions === undefined ? undefined : [...g.partitions].sort();
    const key = JSON.stringify([g.on, partitions ?? null]);
    const entry = merged.get(key) ?? {
      on: g.on,
      ...(partitions === undefined ? {} : { partitions }),
      actions: new Set<string>(),
    };
    for (const a of g.actions) entry.actions.add(a);
    merged.set(key, entry);
  }
  const whole = (on: ResourceKey) =>
    merged.get(JSON.stringify([on, null]))?.actions ?? new Set<string>();
  return [...merged.values()].flatMap(({ on, partitions, actions }) => {
    const kept = [...actions].filter((a) => partitions === undefined || !whole(on).has(a)).sort();
    if (kept.length === 0) return [];
    return [{ on, actions: kept, ...(partitions === undefined ? {} : { partitions }) }];
  });
};

/**
 * What the one router (lambdas/src/http/router.ts) does before any core, by the kind of call:
 * on a partner call it finds the token's credential — the client lookup, then the record and its
 * last use (GetItem, consistent: a revoked credential is refused from the next call) — and
 * records the use at most every few minutes (a conditional PutItem in CREDENTIAL#USED, the only
 * write). No MFA gate (machines have no account) and no user pool access.
 */
export const PARTNER_CREDENTIAL_CHECK: readonly PermissionGrant[] = [
  {
    on: 'mainTable',
    actions: ['dynamodb:GetItem'],
    partitions: [CREDENTIAL_RECORDS, CREDENTIAL_USED, CREDENTIAL_CLIENT],
  },
  { on: 'mainTable', actions: ['dynamodb:PutItem'], partitions: [CREDENTIAL_USED] },
];

/**
 * The permission table the Api construct grants, one row per function of either API: each
 * operation's own rows plus what the router does for its kind of call (the MFA gate of a console
 * call, the credential check of a partner call), read from the route's declaration.
 */
export const PERMISSIONS: Readonly<Record<ApiFunction, readonly PermissionGrant[]>> = (() => {
  const table: Partial<Record<ApiFunction, readonly PermissionGrant[]>> = {};
  for (const name of Object.keys(OPERATION_PERMISSIONS) as ApiFunction[]) {
    const route = routeOf(name);
    table[name] = mergeByResource([
      ...(route?.api === 'console' && isMfaGated(route.operation) ? [MFA_GATE_GRANT] : []),
      ...(route?.api === 'partner' ? PARTNER_CREDENTIAL_CHECK : []),
      ...OPERATION_PERMISSIONS[name],
    ]);
  }
  return table as Record<ApiFunction, readonly PermissionGrant[]>;
})();

/**
 * The scheduled jobs (lambdas/src/jobs/): the nightly rebuild of the user index reads every user
 * (ListUsers, then each account), each lock record, the index (Query, GetItem) and writes what
 * differs; the reconciler reads the write journal (Query) and finishes or undoes every write
 * cut short, so it may take every step of every journaled write.
 */
export const JOB_PERMISSIONS = {
  'rebuild-user-index': mergeByResource([
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
  ]),
  // Hourly (lambdas/src/jobs/credential-expiry.ts): every credential read; for a notice the
  // recipients (the user index: its version, rows and change log, read only), the notice
  // recorded in the credential, the mails queued in the outbox and sent; at expiry the record
  // changed and the Cognito client deleted; at a rotation's end of grace the older secrets
  // deleted. Each a journaled write of the job's kinds (issue 32), audited once.
  'credential-expiry': mergeByResource([
    CREDENTIAL_LIST,
    ...CREDENTIAL_END,
    ...CREDENTIAL_RETIRE,
    REGISTRY_READ,
    {
      on: 'mainTable',
      actions: ['dynamodb:GetItem', 'dynamodb:Query'],
      partitions: [USER_INDEX_PK, USER_INDEX_VERSION_KEY.pk, USER_INDEX_CHANGES_PK],
    },
    ...OUTBOX_QUEUE,
  ]),
  // Every 5 minutes: first the document writes cut short (issue 32: the journal read, a
  // completion's keep included), then the held documents tried again.
  'release-held-documents': mergeByResource([
    ...HELD_RELEASE,
    ...DOCUMENT_KEEP,
    { on: 'mainTable', actions: ['dynamodb:Query'], partitions: [JOURNAL_PK] },
  ]),
  // The session's writes too: a password reset is checked against the auth events; and the
  // registry's, imports included.
  'reconcile-writes': mergeByResource([
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    { on: 'userPool', actions: ['cognito-idp:AdminListUserAuthEvents'] },
    ...USER_WRITES,
    ...REGISTRY_IMPORT,
    // Every credential write (issue 32), the sweep, and the outbox's drain.
    ...CREDENTIAL_ISSUE,
    ...CREDENTIAL_REVEAL,
    ...CREDENTIAL_RETIRE,
    ...CREDENTIAL_END,
    ...CREDENTIAL_SWEEP,
    ...OUTBOX_DRAIN,
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
