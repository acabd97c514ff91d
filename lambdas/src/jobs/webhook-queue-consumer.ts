import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lambdaLogger } from '../core/logger';
import { consumeBatch } from '../webhooks/webhook-queued';
import { webhookDispatchDeps, webhookQueueSender } from '../wiring/webhooks';
import { withInvocation } from '../telemetry';

/**
 * The webhook deliveries' queue consumer (issue 36, AWS only: an SQS event source, up to 10
 * messages a batch, partial batch responses). Each message's delivery is attempted when still
 * due (webhooks/webhook-queued.ts, `consumeBatch`); the messages whose delivery could not be
 * handled (the table failing) are answered as failed items, so SQS hands them over again and,
 * after the queue's maxReceiveCount, moves them to its dead-letter queue (the runbook's
 * "Webhook deliveries' dead letters"). Offline there is no queue and no consumer.
 */
export const handler = (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
  withInvocation(
    context,
    { operation: 'webhook-queue-consumer', correlationId: null },
    async () => {
      const queue = webhookQueueSender();
      if (queue === null) throw new Error('webhooks: WEBHOOK_QUEUE_URL is not set on the consumer');
      const { failed, outcomes } = await consumeBatch(
        { ...webhookDispatchDeps(), queue, logger: lambdaLogger },
        event.Records.map((r) => ({ messageId: r.messageId, body: r.body })),
      );
      if (outcomes.attempted + outcomes.closed + failed.length > 0) {
        lambdaLogger.info('webhook queue batch', { ...outcomes, failed: failed.length });
      }
      return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
    },
  );
