import type { SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { SqsWebhookQueue } from './sqs-webhook-queue';

const recordingClient = (failed: (entries: { Id: string }[]) => { Id: string }[] = () => []) => {
  const sent: {
    QueueUrl: string;
    Entries: { Id: string; MessageBody: string; DelaySeconds: number }[];
  }[] = [];
  const client = {
    config: {},
    send: (command: { input: (typeof sent)[number] }) => {
      sent.push(command.input);
      return Promise.resolve({ Successful: [], Failed: failed(command.input.Entries) });
    },
  };
  return { client: client as unknown as SQSClient, sent };
};

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ deliveryId: `msg_${String(i)}`, endpointId: 'e-1' }));

const URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/ccsc-sit-webhook-deliveries';

describe('SqsWebhookQueue', () => {
  it('sends one message per delivery, ten to a SendMessageBatch call, each with its delay', async () => {
    const { client, sent } = recordingClient();
    await new SqsWebhookQueue(client, URL).send(items(23), 4.2);
    expect(sent.map((c) => c.Entries.length)).toEqual([10, 10, 3]);
    expect(sent[0]).toMatchObject({ QueueUrl: URL });
    expect(sent[2]?.Entries[0]).toEqual({
      Id: '0',
      MessageBody: JSON.stringify({ deliveryId: 'msg_20', endpointId: 'e-1' }),
      DelaySeconds: 5,
    });
  });

  it('keeps the delay within what SQS takes (0 to 15 minutes), and sends nothing for nothing', async () => {
    const { client, sent } = recordingClient();
    const queue = new SqsWebhookQueue(client, URL);
    await queue.send(items(1), 3_600);
    await queue.send(items(1), -3);
    await queue.send([], 0);
    expect(sent.map((c) => c.Entries[0]?.DelaySeconds)).toEqual([900, 0]);
  });

  it('fails, naming how many, when SQS refused some entries', async () => {
    const { client } = recordingClient((entries) => entries.slice(0, 2));
    await expect(new SqsWebhookQueue(client, URL).send(items(12), 0)).rejects.toThrow(
      'SQS refused 4 of 12 message(s).',
    );
  });
});
