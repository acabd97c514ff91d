import { httpWebhookSender } from '../adapters/http-webhook-sender';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import type { WebhookDeps } from '../webhooks/partner-webhooks.core';
import { JournaledWebhookWrites, webhookWriteJournal } from '../webhooks/webhook-writes';
import { auditTrail, writeJournal } from './dynamodb';
import { webhookPolicy, webhookStore, webhookWriteDeps } from './webhooks';

/** The webhooks area's kit (webhooks/operations.ts). */
export const webhooks = (): WebhookDeps => ({
  store: webhookStore(),
  writes: new JournaledWebhookWrites(
    webhookWriteJournal({ journal: writeJournal() }, webhookWriteDeps()),
  ),
  sender: httpWebhookSender(webhookPolicy()),
  audit: auditTrail(),
  clock: systemClock,
  logger: lambdaLogger,
  policy: webhookPolicy(),
});
