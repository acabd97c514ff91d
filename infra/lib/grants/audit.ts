import { AUDIT_VERIFICATION_KEY } from '@ccsc/lambdas/data-model';
import type { PermissionGrant } from './grant';

/**
 * Appending to the hash-chained audit trail (lambdas/src/adapters/audit-chain.ts): a strongly
 * consistent Query for the chain's head, then PutItem of the next sequence number with
 * `attribute_not_exists`. Never UpdateItem or DeleteItem (denied to every function anyway).
 */
export const AUDIT_APPEND: PermissionGrant = {
  on: 'auditTable',
  actions: ['dynamodb:PutItem', 'dynamodb:Query'],
};
/** Reading the audit trail back (newest first, or the whole chain to verify it): Query only. */
export const AUDIT_READ: PermissionGrant = { on: 'auditTable', actions: ['dynamodb:Query'] };
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
export const CHAIN_VERIFICATION_RECORD: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:PutItem'],
  partitions: [AUDIT_VERIFICATION_KEY.pk],
};

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
