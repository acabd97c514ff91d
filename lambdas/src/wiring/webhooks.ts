import { DynamoWebhookStore } from '../adapters/dynamodb-webhooks';
import { dynamodb } from '../adapters/clients/dynamodb';
import { sqs } from '../adapters/clients/sqs';
import { httpWebhookSender } from '../adapters/http-webhook-sender';
import { SqsWebhookQueue } from '../adapters/sqs-webhook-queue';
import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import type { WebhookQueueSender, WebhookStore } from '../core/ports/webhooks';
import { lambdaEnv } from '../env';
import type { DispatchDeps } from '../webhooks/webhook-dispatch';
import { endpointDisabledRecords } from '../webhooks/webhook-disabled';
import type { WebhookWriteDeps } from '../webhooks/webhook-writes';
import { auditReader } from './audit';
import { auditTrail } from './dynamodb';
import { eventWriter } from './events';

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

/**
 * The deliveries' queue (issue 36): SQS in AWS, where infra sets WEBHOOK_QUEUE_URL on the
 * functions that send to it; null offline, where the console tries the due deliveries itself.
 */
export const webhookQueueSender = (): WebhookQueueSender | null => {
  const url = lambdaEnv().WEBHOOK_QUEUE_URL;
  return url === undefined ? null : new SqsWebhookQueue(sqs, url);
};

/**
 * What trying a delivery on its schedule needs, wherever it runs (the every-minute job, the
 * queue's consumer). An endpoint disabled for failing is logged at WARN for the operators, is an
 * event for its organisation (its administrators notified, webhook-disabled.ts) and is in the
 * audit trail; its owner sees it disabled (status, disabledReason) in the console and the API.
 */
export const webhookDispatchDeps = (): DispatchDeps => ({
  store: webhookStore(),
  sender: httpWebhookSender(webhookPolicy()),
  clock: systemClock,
  logger: lambdaLogger,
  onDisabled: (endpoint) => {
    lambdaLogger.warn('webhooks: an endpoint failing for the whole schedule was disabled', {
      endpointId: endpoint.endpointId,
      systemId: endpoint.systemId,
      failingSince: endpoint.failingSince,
    });
    const at = systemClock.now();
    const records = endpointDisabledRecords(endpoint, at);
    return Promise.all([
      eventWriter().appendOnce([records.event], at),
      auditTrail().append(records.audit),
    ]).then(() => undefined);
  },
});
