import {
  WEBHOOK_DELIVERY_PK_PREFIX,
  WEBHOOK_DUE_PK,
  WEBHOOK_PK,
  WEBHOOK_SLOT_PK_PREFIX,
} from '@ccsc/lambdas/data-model';
import type { PermissionGrant } from './grant';

/** Every endpoint's deliveries: `WEBHOOKMSG#<endpointId>`. */
const DELIVERIES = `${WEBHOOK_DELIVERY_PK_PREFIX}*`;

/**
 * Webhooks (issue 36; lambdas/src/adapters/dynamodb-webhooks.ts): the endpoints (WEBHOOK, read
 * whole) and an endpoint's deliveries (GetItem, Query), read by the partner calls.
 */
export const WEBHOOKS_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:Query'],
  partitions: [WEBHOOK_PK, DELIVERIES],
};

/** …an endpoint made, changed or deleted (a conditional PutItem or DeleteItem). */
export const WEBHOOKS_WRITE: readonly PermissionGrant[] = [
  WEBHOOKS_READ,
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
    partitions: [WEBHOOK_PK],
  },
];

/**
 * A delivery attempted: its record put and its due mark moved in one TransactWriteItems
 * (PutItem, DeleteItem), the due ones read (Query WEBHOOKDUE), the endpoint's health marked or
 * the endpoint disabled (UpdateItem).
 */
export const WEBHOOKS_DELIVER: readonly PermissionGrant[] = [
  WEBHOOKS_READ,
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
    partitions: [DELIVERIES, WEBHOOK_DUE_PK],
  },
  { on: 'mainTable', actions: ['dynamodb:UpdateItem'], partitions: [WEBHOOK_PK] },
];

/** The fan-out's part: the endpoints read, each event's deliveries put with their due marks. */
export const WEBHOOKS_QUEUE: readonly PermissionGrant[] = [
  WEBHOOKS_READ,
  { on: 'mainTable', actions: ['dynamodb:PutItem'], partitions: [DELIVERIES, WEBHOOK_DUE_PK] },
];

/**
 * A delivery's message sent to the queue (issue 36, AWS): SendMessage, which SendMessageBatch
 * needs too — the fan-out's new deliveries, the every-minute job's overdue ones, the consumer's
 * next attempt.
 */
export const WEBHOOKS_ENQUEUE: PermissionGrant = {
  on: 'webhookQueue',
  actions: ['sqs:SendMessage'],
};

/**
 * The every-minute job in AWS, the queue's safety net: the due marks read (Query WEBHOOKDUE) and
 * each one's delivery (GetItem), attempting none.
 */
export const WEBHOOKS_DUE_READ: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:Query'],
  partitions: [DELIVERIES, WEBHOOK_DUE_PK],
};

/**
 * The queue's consumer: a message's delivery and its endpoint read (GetItem), the attempt
 * recorded with its due mark moved (TransactWriteItems: PutItem, DeleteItem), the endpoint's
 * health marked or the endpoint disabled (UpdateItem); one of the endpoint's attempt slots taken
 * and given back (a conditional PutItem, DeleteItem; when all are held, their holders read by
 * Query): `WEBHOOKSLOT#<endpointId>`.
 */
export const WEBHOOKS_ATTEMPT: readonly PermissionGrant[] = [
  { on: 'mainTable', actions: ['dynamodb:GetItem'], partitions: [WEBHOOK_PK, DELIVERIES] },
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
    partitions: [DELIVERIES, WEBHOOK_DUE_PK],
  },
  { on: 'mainTable', actions: ['dynamodb:UpdateItem'], partitions: [WEBHOOK_PK] },
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
    partitions: [`${WEBHOOK_SLOT_PK_PREFIX}*`],
  },
];
