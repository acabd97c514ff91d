import { Duration, Validations } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { LAMBDA_JOBS_DIR } from '../paths';
import { JOB_PERMISSIONS } from '../permissions';
import type { JobsProps } from './jobs';
import { countAlarm, grantTo, NodeFunction } from './node-function';

/**
 * The consumer's timeout: a batch of 10 deliveries side by side, each POST given up after 15 s
 * (WEBHOOK_TIMEOUT_MS), with its records.
 */
const CONSUMER_TIMEOUT = Duration.seconds(30);

/** How many of the consumer's invocations run at once at most (the event source's cap). */
const CONSUMER_CONCURRENCY = 50;

/** How many times a message is handed over before it goes to the dead-letter queue. */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

/**
 * The webhook deliveries' queue (issue 36, AWS): the fan-out sends each new delivery to it, the
 * consumer (lambdas/src/jobs/webhook-queue-consumer.ts, `webhookQueueConsumer` below) attempts
 * each message's delivery and sends itself the next attempt's message delayed (up to 15
 * minutes), and the every-minute job enqueues what is overdue (the schedule's longer waits, a
 * lost message). The table stays the truth (WEBHOOKMSG#, WEBHOOKDUE): a message is a hint.
 *
 * A message the consumer fails on (the table failing) is handed over again after the visibility
 * timeout — six times the consumer's timeout, as AWS advises for an event source —, and after
 * WEBHOOK_MAX_RECEIVE_COUNT times moves to the dead-letter queue (14 days), whose depth is
 * alarmed. Its delivery stays due in the table meanwhile (the job enqueues it again), so a dead
 * letter says "the consumer kept failing", never "a delivery was lost".
 */
export const webhookDeliveryQueue = (scope: Construct, props: Pick<JobsProps, 'namePrefix'>) => {
  const deadLetters = new sqs.Queue(scope, 'WebhookDeliveriesDeadLetters', {
    queueName: `${props.namePrefix}-webhook-deliveries-dead-letters`,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  for (const id of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy']) {
    Validations.of(deadLetters).acknowledge({
      id,
      reason:
        'This queue is itself the dead-letter queue of the webhook deliveries’ queue: nothing ' +
        'reads it to fail again; its depth is alarmed and the runbook redrives it.',
    });
  }
  const queue = new sqs.Queue(scope, 'WebhookDeliveriesQueue', {
    queueName: `${props.namePrefix}-webhook-deliveries`,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(6 * CONSUMER_TIMEOUT.toSeconds()),
    // A message older than this is no loss: its delivery is in the table.
    retentionPeriod: Duration.days(4),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
  });
  const deadLettersAlarm = countAlarm(scope, 'WebhookDeliveriesDeadLettered', {
    alarmName: `${props.namePrefix}-webhook-deliveries-dead-lettered`,
    alarmDescription:
      'Webhook delivery messages failed the queue’s consumer ' +
      `${String(WEBHOOK_MAX_RECEIVE_COUNT)} times and were moved to ` +
      `${props.namePrefix}-webhook-deliveries-dead-letters (kept 14 days): the consumer keeps ` +
      'failing (DynamoDB throttled or failing, a permission, a bad message). No delivery is ' +
      'lost — each stays due in the main table and the every-minute job enqueues it again — ' +
      'but deliveries are late while it lasts. First: the consumer’s log group ' +
      `(${props.namePrefix}-job-webhook-queue-consumer) in Logs Insights, level WARN or ERROR; ` +
      'once it is fixed, redrive the dead letters (lambdas/docs/operations.md, "Webhook ' +
      'deliveries’ dead letters").',
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
  });
  return { queue, deadLetters, deadLettersAlarm };
};

export type WebhookDeliveryQueue = ReturnType<typeof webhookDeliveryQueue>;

/**
 * The queue's consumer: up to 10 messages a batch, partial batch responses (only the messages
 * that failed are handed over again), at most 10 invocations at once — a burst of deliveries
 * takes no more of the account's concurrency than that, the API keeps the rest.
 */
export const webhookQueueConsumer = (
  scope: Construct,
  props: JobsProps,
  delivery: WebhookDeliveryQueue,
): { fn: NodeFunction; failedAlarm: cloudwatch.Alarm; eventSource: SqsEventSource } => {
  const job = 'webhook-queue-consumer' as const;
  const fn = new NodeFunction(scope, 'WebhookQueueConsumer', {
    functionName: `${props.namePrefix}-job-${job}`,
    description: 'On each batch of the webhook deliveries’ queue: the deliveries due attempted',
    entry: join(LAMBDA_JOBS_DIR, `${job}.ts`),
    environment: { ...props.environment, WEBHOOK_QUEUE_URL: delivery.queue.queueUrl },
    logRetention: props.logRetention,
    timeout: CONSUMER_TIMEOUT,
  });
  grantTo(fn, JOB_PERMISSIONS[job], props.grantTargets);
  Validations.of(fn).acknowledge({
    id: 'Serverless-LambdaDLQ',
    reason:
      'Invoked by its SQS event source, synchronously: a failed message returns to the queue, ' +
      'whose redrive policy moves it to the dead-letter queue; a function DLQ serves ' +
      'asynchronous invocations only.',
  });
  // A batch lasts as long as its slowest attempt (WEBHOOK_TIMEOUT_MS when a receiver hangs), and
  // an endpoint that hangs holds at most WEBHOOK_IN_FLIGHT_PER_ENDPOINT (4) consumers at once
  // (its attempt slots, webhook-queued.ts): 50 leave the others' deliveries going with several
  // endpoints hanging at once.
  const eventSource = new SqsEventSource(delivery.queue, {
    batchSize: 10,
    reportBatchItemFailures: true,
    maxConcurrency: CONSUMER_CONCURRENCY,
  });
  fn.function.addEventSource(eventSource);
  const mapping = fn.function.node
    .findAll()
    .find((c): c is lambda.EventSourceMapping => c instanceof lambda.EventSourceMapping);
  if (mapping === undefined) throw new Error('The webhook queue consumer has no event source.');
  Validations.of(mapping).acknowledge({
    id: 'Serverless-LambdaEventSourceMappingDestination',
    reason:
      'An SQS event source takes no on-failure destination: the queue’s redrive policy is its ' +
      'dead-letter queue (after 5 receives), alarmed on its depth.',
  });
  const failedAlarm = countAlarm(scope, 'WebhookQueueConsumerFailed', {
    alarmName: `${props.namePrefix}-webhook-queue-consumer-failed`,
    alarmDescription:
      'The webhook queue’s consumer failed a whole batch (a timeout, a crash, its configuration): ' +
      'its messages are handed over again, and the deliveries stay due in the main table. ' +
      'First: its log group in Logs Insights, level ERROR.',
    metric: fn.function.metricErrors({ period: Duration.minutes(15) }),
  });
  return { fn, failedAlarm, eventSource };
};
