import { httpWebhookSender } from '../adapters/http-webhook-sender';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import type { ConsoleWebhookDeps } from '../webhooks/console-webhooks.core';
import type { WebhookDeps } from '../webhooks/webhook-endpoints';
import { JournaledWebhookWrites, webhookWriteJournal } from '../webhooks/webhook-writes';
import { auditTrail, writeJournal } from './dynamodb';
import { registryReader } from './registry';
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

/** The console's webhook calls: the same, and the registry to find the system and its reach. */
export const consoleWebhooks = (): ConsoleWebhookDeps => ({
  ...webhooks(),
  audit: auditTrail(),
  registry: registryReader(),
});
