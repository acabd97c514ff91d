import { AUDIT_APPEND } from './audit';
import { EVENTS_APPEND } from './events';
import { EXPORTS_WRITE } from './exports';
import type { PermissionGrant } from './grant';
import { JOURNAL } from './journal';

/**
 * The registry (issue 14; lambdas/src/adapters/dynamodb-registry.ts), in the main table's
 * partitions that begin with REGISTRY# and no others. Reading: the version (GetItem), the records
 * per type and shard and the change log (Query), one record (GetItem).
 */
export const REGISTRY_PARTITIONS = ['REGISTRY#*'] as const;
export const REGISTRY_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:Query'],
  partitions: REGISTRY_PARTITIONS,
};

/**
 * A registry write (lambdas/src/wiring/registry.ts): journaled (its entry, in the JOURNAL
 * partition only), committed as one TransactWriteItems — whose items IAM checks as PutItem,
 * UpdateItem, DeleteItem and ConditionCheckItem: records, claims, uses, the version, the change
 * log — with the touched items read back (BatchGetItem) when a commit is cancelled, then its
 * audit records appended (and looked for, by Query, after an interruption), then its events
 * (issue 35: a connection's step, a standard published) written once.
 */
export const REGISTRY_WRITES: readonly PermissionGrant[] = [
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
  ...EVENTS_APPEND,
];

/**
 * An import also stages its parts before it is made and clears them after (BatchWriteItem,
 * REGISTRY#IMPORT#<id>), and undoes the parts made when a later one is refused (removals: within
 * the writes above).
 */
export const REGISTRY_IMPORT: readonly PermissionGrant[] = [
  ...REGISTRY_WRITES,
  { on: 'mainTable', actions: ['dynamodb:BatchWriteItem'], partitions: REGISTRY_PARTITIONS },
];

/** A registry list streamed into the exports bucket, the export recorded. */
export const REGISTRY_EXPORT: readonly PermissionGrant[] = [
  REGISTRY_READ,
  EXPORTS_WRITE,
  AUDIT_APPEND,
];
