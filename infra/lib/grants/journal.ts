import { JOURNAL_PK, OUTBOX_PK } from '@ccsc/lambdas/data-model';
import type { PermissionGrant } from './grant';

/**
 * A journaled write's own bookkeeping (lambdas/src/core/journal.ts): its entry in the main table
 * (PutItem if new, GetItem of a holder, UpdateItem as steps are done, DeleteItem when over) and
 * the leases beside it (PutItem, DeleteItem).
 */
export const JOURNAL: PermissionGrant = {
  on: 'mainTable',
  actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
};

/** A journaled write's entry alone (the JOURNAL partition): the credentials' and documents'. */
export const JOURNAL_ENTRY: PermissionGrant = { ...JOURNAL, partitions: [JOURNAL_PK] };

export const SEND_MAIL: PermissionGrant = { on: 'mailSender', actions: ['ses:SendEmail'] };
/**
 * The mail outbox (lambdas/src/core/outbox.ts; main table, OUTBOX): a write's step queues a mail
 * (a conditional PutItem) and sends it at once (SES), taking it (UpdateItem) when a run before
 * queued it, and marks it sent (UpdateItem; the table's TTL removes it). Never DeleteItem. The
 * drain reads the queue (Query) too.
 */
export const OUTBOX_QUEUE: readonly PermissionGrant[] = [
  {
    on: 'mainTable',
    actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    partitions: [OUTBOX_PK],
  },
  SEND_MAIL,
];
export const OUTBOX_DRAIN: readonly PermissionGrant[] = [
  ...OUTBOX_QUEUE,
  { on: 'mainTable', actions: ['dynamodb:Query'], partitions: [OUTBOX_PK] },
];
