import { lambdaLogger } from '../core/logger';
import { systemClock } from '../core/ports/clock';
import { httpWebhookSender } from '../adapters/http-webhook-sender';
import { dispatchDue, type DispatchOutcome } from '../webhooks/webhook-dispatch';
import { endpointDisabledRecords } from '../webhooks/webhook-disabled';
import { auditTrail } from '../wiring/dynamodb';
import { eventWriter } from '../wiring/events';
import { webhookPolicy, webhookStore } from '../wiring/webhooks';
import { scheduledJob } from '../telemetry';

/**
 * The webhook deliveries due, tried once each (webhooks/webhook-dispatch.ts): offline several
 * times a second while any endpoint exists (mock-server console.ts), in AWS every minute. An
 * endpoint disabled for failing is logged at WARN for the operators, is an event for its
 * organisation (its administrators notified, webhook-disabled.ts) and is in the audit trail; its
 * owner sees it disabled (status, disabledReason) in the console and through the API.
 */
export const runWebhookDeliveries = async (): Promise<DispatchOutcome> => {
  const outcome = await dispatchDue({
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
  if (outcome.attempted > 0) lambdaLogger.info('webhook deliveries', { ...outcome });
  return outcome;
};

/** Whether any endpoint exists (the offline console's quick pump runs only then). */
export const anyWebhookEndpoint = async (): Promise<boolean> =>
  (await webhookStore().endpoints()).length > 0;

export const handler = scheduledJob('webhook-deliveries', runWebhookDeliveries);
