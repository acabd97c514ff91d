import { CREDENTIAL_PK, CREDENTIAL_USED_PK, credentialClientKey } from '@ccsc/lambdas/data-model';
import { AUDIT_APPEND, AUDIT_READ } from './audit';
import type { PermissionGrant } from './grant';
import { JOURNAL_ENTRY, OUTBOX_QUEUE } from './journal';

/**
 * API credentials (issue 15; lambdas/src/adapters/dynamodb-credentials.ts), in the main table's
 * three credential partitions and no others: the records (`CREDENTIAL`), their last use apart
 * (`CREDENTIAL#USED`) and the partner API's lookup of a Cognito client id (`CREDENTIAL#CLIENT`).
 * Exact partition keys, not `CREDENTIAL*`: nothing else may ever be stored under that prefix.
 */
export const CREDENTIAL_RECORDS = CREDENTIAL_PK;
export const CREDENTIAL_USED = CREDENTIAL_USED_PK;
export const CREDENTIAL_CLIENT = credentialClientKey('').pk;

/** One credential read (store.get): its record and its last use, both by GetItem. */
export const CREDENTIAL_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem'],
  partitions: [CREDENTIAL_RECORDS, CREDENTIAL_USED],
};
/** The whole list (store.all): both partitions read by Query. */
export const CREDENTIAL_LIST: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:Query'],
  partitions: [CREDENTIAL_RECORDS, CREDENTIAL_USED],
};
/**
 * A change of the record (store.replace, and the link's redemption): a PutItem conditional on
 * the revision read (and the link's hash). Never UpdateItem or DeleteItem: a credential is never
 * removed, a revoked one stays on record.
 */
export const CREDENTIAL_CHANGE: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:PutItem'],
  partitions: [CREDENTIAL_RECORDS],
};
/**
 * A new credential (store.create): one TransactWriteItems of two conditional puts — the record
 * and its client lookup — which IAM checks as PutItem on each item.
 */
export const CREDENTIAL_CREATE: PermissionGrant = {
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
export const CLIENT = {
  create: 'cognito-idp:CreateUserPoolClient',
  describe: 'cognito-idp:DescribeUserPoolClient',
  delete: 'cognito-idp:DeleteUserPoolClient',
  addSecret: 'cognito-idp:AddUserPoolClientSecret',
  listSecrets: 'cognito-idp:ListUserPoolClientSecrets',
  deleteSecret: 'cognito-idp:DeleteUserPoolClientSecret',
  list: 'cognito-idp:ListUserPoolClients',
} as const;
export const clients = (...actions: (typeof CLIENT)[keyof typeof CLIENT][]): PermissionGrant => ({
  on: 'userPool',
  actions,
});

/**
 * What every journaled credential write takes (lambdas/src/credentials/, issue 32): its
 * journal entry, the record read and changed (a conditional PutItem), the audit record appended
 * once (and looked for, by Query, after an interruption). Each kind adds its own steps below.
 */
export const CREDENTIAL_WRITE: readonly PermissionGrant[] = [
  JOURNAL_ENTRY,
  CREDENTIAL_READ,
  CREDENTIAL_CHANGE,
  AUDIT_APPEND,
  AUDIT_READ,
];
/** A link mailed through the outbox (composed when sent: a new token's hash on the record). */
export const CREDENTIAL_LINK_MAIL: readonly PermissionGrant[] = [...OUTBOX_QUEUE];
/**
 * The issue's steps: the client created (found again by its name after an interruption:
 * ListUserPoolClients), the record and its client lookup created, the link mailed; a refused
 * issue deletes its client unless a record names it (the lookup read).
 */
export const CREDENTIAL_ISSUE: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.create, CLIENT.list, CLIENT.delete),
  CREDENTIAL_CREATE,
  { on: 'mainTable', actions: ['dynamodb:GetItem'], partitions: [CREDENTIAL_CLIENT] },
  ...CREDENTIAL_LINK_MAIL,
];
/** The reveal's: the secret read or added, the older ones deleted (grace 0, or its undoing). */
export const CREDENTIAL_REVEAL: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.describe, CLIENT.addSecret, CLIENT.listSecrets, CLIENT.deleteSecret),
];
/** The end of a grace period: every secret but the newest deleted. */
export const CREDENTIAL_RETIRE: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.listSecrets, CLIENT.deleteSecret),
];
/** Revocation and expiry: the client deleted. */
export const CREDENTIAL_END: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  clients(CLIENT.delete),
];
/**
 * The reconciler's sweep (features/credentials/credential-sweep.ts): every client of the pool
 * listed and each looked at, every credential read; an orphan or leftover client deleted, a
 * credential without its client marked broken — each a journaled write.
 */
export const CREDENTIAL_SWEEP: readonly PermissionGrant[] = [
  ...CREDENTIAL_WRITE,
  CREDENTIAL_LIST,
  { on: 'mainTable', actions: ['dynamodb:GetItem'], partitions: [CREDENTIAL_CLIENT] },
  clients(CLIENT.list, CLIENT.describe, CLIENT.delete),
];

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
