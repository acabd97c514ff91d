import { DynamoWebhookStore } from '../adapters/dynamodb-webhooks';
import { dynamodb } from '../adapters/clients/dynamodb';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import type { WebhookStore } from '../core/ports/webhooks';
import { lambdaEnv } from '../env';
import type { WebhookWriteDeps } from '../webhooks/webhook-writes';
import { auditReader } from './audit';
import { auditTrail } from './dynamodb';

/** Webhook endpoints and deliveries (issue 36), in the main table. */
export const webhookStore = (): WebhookStore =>
  new DynamoWebhookStore(dynamodb, lambdaEnv().MAIN_TABLE);

/** Where deliveries may go: public addresses; offline, loopback too (WEBHOOK_ALLOW_LOOPBACK). */
export const webhookPolicy = () => ({ allowLoopback: lambdaEnv().WEBHOOK_ALLOW_LOOPBACK });

/** What a `webhook.write` needs: its operations', and the reconciler's to finish one. */
export const webhookWriteDeps = (): WebhookWriteDeps => ({
  store: webhookStore(),
  audit: auditTrail(),
  auditReader: auditReader(),
  clock: systemClock,
  logger: lambdaLogger,
});
