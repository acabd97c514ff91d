import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SLOT_PK_PREFIX } from '@ccsc/lambdas/data-model';
import { JOB_PERMISSIONS } from '../lib/permissions';
import { logicalIdIn, resourcesAround, sitStack, type Resource } from './support/stacks';

const { stack } = sitStack();
const webhooks = stack.jobs.webhookQueue;
const consumer = stack.jobs.webhookQueueConsumer;
/** The queue, its consumer and the jobs that send to it live in the Jobs nested stack. */
const resources = resourcesAround(consumer);
const props = (construct: IConstruct): Record<string, unknown> => {
  const resource: Resource | undefined = resources[logicalIdIn(construct)];
  if (resource === undefined) throw new Error(`no resource for ${construct.node.path}`);
  return resource.Properties ?? {};
};
const queueId = logicalIdIn(webhooks.queue);
const deadLettersId = logicalIdIn(webhooks.deadLetters);

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}
const allowedBy = (role: IConstruct): Statement[] => {
  const roleId = logicalIdIn(role);
  const policies = Object.values(resources).filter(
    (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties?.Roles).includes(roleId),
  );
  return policies
    .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((s) => s.Effect === 'Allow');
};
const sqsActionsOf = (role: IConstruct) =>
  allowedBy(role)
    .filter((s) => JSON.stringify(s.Resource).includes(queueId))
    .flatMap((s) => [s.Action].flat())
    .sort();
const functionProps = (fn: { function: IConstruct }) => props(fn.function);

describe('Webhook deliveries through a queue with a dead-letter queue (issue 36)', () => {
  it('keeps the messages encrypted, over TLS only, and moves one failed five times to the dead letters', () => {
    const timeout = functionProps(consumer).Timeout as number;
    expect(props(webhooks.queue)).toMatchObject({
      QueueName: 'ccsc-sit-webhook-deliveries',
      SqsManagedSseEnabled: true,
      // At least six times the consumer's timeout, as AWS advises for an event source.
      VisibilityTimeout: 6 * timeout,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId, 'Arn'] },
        maxReceiveCount: 5,
      },
    });
    expect(props(webhooks.deadLetters)).toMatchObject({
      QueueName: 'ccsc-sit-webhook-deliveries-dead-letters',
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const policies = Object.values(resources).filter((r) => r.Type === 'AWS::SQS::QueuePolicy');
    for (const id of [queueId, deadLettersId]) {
      const policy = policies.find((p) => JSON.stringify(p.Properties?.Queues).includes(id));
      expect(JSON.stringify(policy?.Properties?.PolicyDocument)).toContain(
        '"aws:SecureTransport":"false"',
      );
    }
  });

  it('hands the queue to its consumer ten at a time, with partial batch responses, ten at once at most', () => {
    const mapping = Object.values(resources).find(
      (r) => r.Type === 'AWS::Lambda::EventSourceMapping',
    )?.Properties;
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionName: { Ref: logicalIdIn(consumer.function) },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 50 },
    });
    expect(functionProps(consumer)).toMatchObject({
      FunctionName: 'ccsc-sit-job-webhook-queue-consumer',
      Timeout: 30,
    });
  });

  it('tells the queue’s URL to the functions that send to it, and to no other', () => {
    const url = { Ref: queueId };
    const senders = [stack.jobs.webhookQueueConsumer, ...stack.jobs.jobs.map((j) => j.fn)].filter(
      (fn) =>
        JSON.stringify(
          (functionProps(fn).Environment as { Variables: Record<string, unknown> }).Variables
            .WEBHOOK_QUEUE_URL,
        ) === JSON.stringify(url),
    );
    expect(new Set(senders.map((fn) => fn.functionName))).toEqual(
      new Set([
        'ccsc-sit-job-notify-events',
        'ccsc-sit-job-webhook-deliveries',
        'ccsc-sit-job-webhook-queue-consumer',
      ]),
    );
    for (const fn of stack.api.allFunctions.slice(0, 5)) {
      expect(JSON.stringify(resourcesAround(fn)[logicalIdIn(fn.function)])).not.toContain(
        'WEBHOOK_QUEUE_URL',
      );
    }
  });

  it('lets the fan-out and the every-minute job send to the queue, nothing more of it', () => {
    const fnNamed = (name: string) => {
      const found = stack.jobs.jobs.find((j) => j.fn.functionName === name);
      if (found === undefined) throw new Error(`no job ${name}`);
      return found.fn;
    };
    for (const name of ['ccsc-sit-job-notify-events', 'ccsc-sit-job-webhook-deliveries']) {
      expect(sqsActionsOf(fnNamed(name).role), name).toEqual(['sqs:SendMessage']);
    }
    // The safety net attempts nothing: it reads what is overdue and writes nothing of the table.
    expect(JOB_PERMISSIONS['webhook-deliveries'].flatMap((g) => g.actions).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:Query',
      'sqs:SendMessage',
    ]);
  });

  it('lets the consumer take its messages, send the next attempt, and attempt a delivery (no Query of the deliveries)', () => {
    expect(sqsActionsOf(consumer.role)).toEqual(
      expect.arrayContaining([
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'sqs:ReceiveMessage',
        'sqs:SendMessage',
      ]),
    );
    const actions = JOB_PERMISSIONS['webhook-queue-consumer'].flatMap((g) => g.actions);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:DeleteItem',
        'dynamodb:UpdateItem',
      ]),
    );
    // Its Query is the event log's (appending an endpoint's disabling) and the attempt slots'
    // (their holders, when all are held), never the deliveries' nor the due marks'.
    for (const grant of JOB_PERMISSIONS['webhook-queue-consumer']) {
      if (grant.actions.includes('dynamodb:Query')) {
        const webhookOnes = grant.partitions?.filter((p) => p.startsWith('WEBHOOK')) ?? [];
        expect(webhookOnes.every((p) => p === `${WEBHOOK_SLOT_PK_PREFIX}*`)).toBe(true);
      }
    }
  });

  it('alarms on a dead-lettered message and on a failed batch, and says when they are over', () => {
    const deadLettered = props(webhooks.deadLettersAlarm);
    expect(deadLettered).toMatchObject({
      AlarmName: 'ccsc-sit-webhook-deliveries-dead-lettered',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLettersId, 'QueueName'] } }],
      Threshold: 1,
    });
    expect(String(deadLettered.AlarmDescription)).toMatch(/First: .*redrive/);
    const failed = stack.jobs.jobs.find((j) => j.fn === consumer)?.failedAlarm;
    expect(failed && props(failed)).toMatchObject({ MetricName: 'Errors', Threshold: 1 });
    for (const alarm of [deadLettered, failed && props(failed)]) {
      expect(JSON.stringify(alarm?.AlarmActions)).toContain('AlarmTopic');
      expect(JSON.stringify(alarm?.OKActions)).toContain('AlarmTopic');
    }
  });
});
