import type { WebhookQueueItem, WebhookQueueSender } from '../core/ports/webhooks';
import { type SqsAccess, type SqsSource, sqsAccess } from './clients/sqs';

/** SendMessageBatch takes at most 10 messages; SQS delays a message at most 15 minutes. */
const PER_CALL = 10;
export const SQS_MAX_DELAY_SECONDS = 900;

/**
 * The webhook deliveries' queue in AWS (issue 36): one message per delivery, its body
 * `{ deliveryId, endpointId }` (webhookQueueItemSchema), sent ten to a SendMessageBatch call.
 * An entry SQS refused fails the send, naming how many: the caller decides (the delivery is in
 * the table and due either way; the every-minute job enqueues it again).
 */
export class SqsWebhookQueue implements WebhookQueueSender {
  private readonly access: SqsAccess;

  constructor(
    source: SqsSource,
    private readonly queueUrl: string,
  ) {
    this.access = sqsAccess(source);
  }

  async send(items: readonly WebhookQueueItem[], delaySeconds: number): Promise<void> {
    if (items.length === 0) return;
    const { client, sdk } = await this.access();
    const delay = Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds)));
    let refused = 0;
    for (let at = 0; at < items.length; at += PER_CALL) {
      const out = await client.send(
        new sdk.SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: items.slice(at, at + PER_CALL).map((item, i) => ({
            Id: String(i),
            MessageBody: JSON.stringify({
              deliveryId: item.deliveryId,
              endpointId: item.endpointId,
            }),
            DelaySeconds: delay,
          })),
        }),
      );
      refused += out.Failed?.length ?? 0;
    }
    if (refused > 0) {
      throw new Error(`SQS refused ${String(refused)} of ${String(items.length)} message(s).`);
    }
  }
}
