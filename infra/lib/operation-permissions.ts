import type { ApiFunction } from './feature-areas';
import {
  AUDIT_APPEND,
  AUDIT_READ,
  AUDIT_VIEW_READ,
  CHAIN_VERIFICATION_READ,
  CHAIN_VERIFICATION_RECORD,
} from './grants/audit';
import {
  CREDENTIAL_END,
  CREDENTIAL_ISSUE,
  CREDENTIAL_LINK_MAIL,
  CREDENTIAL_LIST,
  CREDENTIAL_READ,
  CREDENTIAL_RETIRE,
  CREDENTIAL_REVEAL,
  CREDENTIAL_WRITE,
} from './grants/credentials';
import {
  DOCUMENT_COUNTS_READ,
  DOCUMENT_DOWNLOAD_SIGN,
  DOCUMENT_KEEP,
  DOCUMENT_READ,
  DOCUMENT_UPLOAD_SIGN,
  DOCUMENT_WRITE,
  HELD_RELEASE,
} from './grants/documents';
import type { PermissionGrant } from './grants/grant';
import { JOURNAL, JOURNAL_ENTRY, SEND_MAIL } from './grants/journal';
import {
  REGISTRY_EXPORT,
  REGISTRY_IMPORT,
  REGISTRY_READ,
  REGISTRY_WRITES,
} from './grants/registry';
import { STANDARD_ROWS_READ, STANDARD_ROWS_WRITE } from './grants/standards';
import { INDEX_SYNC, READ_ACCOUNT, USER_WRITES } from './grants/users';

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
