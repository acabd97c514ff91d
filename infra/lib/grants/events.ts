import { EVENT_FANOUT_PK, NOTIFICATION_DIGEST_PK } from '@ccsc/lambdas/data-model';
import type { PermissionGrant } from './grant';

/**
 * Events and notifications (issue 35; lambdas/src/adapters/dynamodb-events.ts and
 * dynamodb-notifications.ts), in the main table's partitions EVENT#*, EVENTFANOUT, NOTIF#* and
 * NOTIFDIGEST, and no others.
 */
export const EVENT_PARTITIONS = ['EVENT#*'] as const;
export const NOTIFICATION_PARTITIONS = ['NOTIF#*'] as const;

/**
 * A journaled write's events step (core/journal-events.ts): the write's key looked for
 * (GetItem), the organisation's sequence taken (UpdateItem ADD), then the key, the event and its
 * fan-out marker put in one TransactWriteItems (IAM checks each as PutItem).
 */
export const EVENTS_APPEND: readonly PermissionGrant[] = [
  {
    on: 'mainTable',
    actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem'],
    partitions: EVENT_PARTITIONS,
  },
  { on: 'mainTable', actions: ['dynamodb:PutItem'], partitions: [EVENT_FANOUT_PK] },
];

/**
 * Many events at once (issue 35, the distributions'; adapters/dynamodb-event-batch-writer.ts):
 * the write keys and the organisations' sequences read (BatchGetItem), then the keys, the events
 * and their markers put and the sequences raised in TransactWriteItems.
 */
export const EVENTS_APPEND_MANY: readonly PermissionGrant[] = [
  ...EVENTS_APPEND,
  { on: 'mainTable', actions: ['dynamodb:BatchGetItem'], partitions: EVENT_PARTITIONS },
];

/** The partner feed: one Query of the calling system's organisation's events. */
export const EVENTS_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:Query'],
  partitions: EVENT_PARTITIONS,
};

/** A user's own notifications listed and counted (Query, GetItem). */
export const NOTIFICATIONS_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:Query'],
  partitions: NOTIFICATION_PARTITIONS,
};

/** …marked read (UpdateItem, one by one in a TransactWriteItems) and the preferences put. */
export const NOTIFICATIONS_WRITE: readonly PermissionGrant[] = [
  NOTIFICATIONS_READ,
  {
    on: 'mainTable',
    actions: ['dynamodb:UpdateItem', 'dynamodb:PutItem'],
    partitions: NOTIFICATION_PARTITIONS,
  },
];

/**
 * The fan-out job: the events waiting (Query EVENTFANOUT, DeleteItem once fanned out), each
 * delivered to its users (their preferences and the events' marks read, BatchGetItem; the
 * event's mark, the notification and the count of many users in TransactWriteItems; a digest
 * item put). The daily digest reads the digest items (Query) and deletes them once mailed.
 */
export const NOTIFICATIONS_FAN_OUT: readonly PermissionGrant[] = [
  ...NOTIFICATIONS_WRITE,
  { on: 'mainTable', actions: ['dynamodb:BatchGetItem'], partitions: NOTIFICATION_PARTITIONS },
  {
    on: 'mainTable',
    actions: ['dynamodb:Query', 'dynamodb:DeleteItem'],
    partitions: [EVENT_FANOUT_PK],
  },
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
    partitions: [NOTIFICATION_DIGEST_PK],
  },
];
