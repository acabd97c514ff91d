import { Duration, NestedStack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import { CREDENTIAL_SWEEP_METRIC, USER_INDEX_DRIFT_METRIC } from '@ccsc/lambdas/metrics';
import type { ResourceKey } from '../permissions';
import { type DocumentScan, documentScanJob } from './document-scan';
import { countAlarm, type NodeFunction } from './node-function';
import { scheduledJob } from './scheduled-job';
import {
  type WebhookDeliveryQueue,
  webhookDeliveryQueue,
  webhookQueueConsumer,
} from './webhook-queue';

export interface JobsProps {
  readonly namePrefix: string;
  /** ENVIRONMENT_NAME: the dimension of the metrics the jobs publish. */
  readonly environmentName: string;
  /** The variables of lambdas/src/env.ts, as the API's functions get them. */
  readonly environment: LambdaEnvironment;
  readonly grantTargets: Readonly<Record<ResourceKey, readonly string[]>>;
  readonly logRetention: logs.RetentionDays;
  /** The documents bucket (name and ARN), which GuardDuty scans (document-scan.ts). */
  readonly documentsBucket: { readonly name: string; readonly arn: string };
}

/**
 * The scheduled jobs (lambdas/src/jobs/):
 * - every five minutes the reconciler finishes (or undoes) the journaled writes a stopped request
 *   left half done (lambdas/src/core/journal.ts); an alarm goes off when a run fails, i.e. when a
 *   write could not be finished;
 * - every night the user index is rebuilt from the user pool, catching changes made in Cognito
 *   outside the console; it counts the rows that disagreed (the `UserIndexDrift` metric) and an
 *   alarm goes off when any did, or when the rebuild failed;
 * - every hour the credential job sends the 30- and 7-day expiry notices, expires credentials
 *   (their Cognito clients deleted) and ends rotations whose grace is over; an alarm goes off when
 *   a credential could not be handled (it is tried again the next hour);
 * - on each GuardDuty verdict of a kept document, its function sets the document's state
 *   (document-scan.ts, issue 34);
 * - every minute the events the writes emitted are fanned out to the users' notifications and
 *   mails, and once a day the notification digests are mailed (issue 35);
 * - every 15 minutes the document follow-ups: returns cut short finished, and the document
 *   requests due soon, overdue or fulfilled told once (issue 35);
 * - the webhook deliveries (issue 36) go through a queue (webhook-queue.ts): the fan-out sends
 *   each new one to it, its consumer attempts them, and every minute a job enqueues those
 *   overdue; its dead-letter queue is alarmed.
 *
 * Each is made by `scheduledJob` (scheduled-job.ts). The jobs live in a nested stack of their own (`Jobs`), like the API's functions: the
 * environment's stack keeps one resource for them instead of about thirty (README, "Staying under
 * CloudFormation's limits"); it deploys, updates and rolls back with it.
 */
export class Jobs extends NestedStack {
  readonly userIndexRebuild: NodeFunction;
  readonly userIndexRebuildSchedule: events.Rule;
  readonly writeReconciler: NodeFunction;
  readonly writeReconcilerSchedule: events.Rule;
  readonly userIndexDriftAlarm: cloudwatch.Alarm;
  /** The reconciler's sweep found API credentials and Cognito app clients that disagreed. */
  readonly credentialClientsAlarm: cloudwatch.Alarm;
  readonly userIndexRebuildFailedAlarm: cloudwatch.Alarm;
  readonly writeReconcilerFailedAlarm: cloudwatch.Alarm;
  readonly credentialExpiry: NodeFunction;
  readonly credentialExpirySchedule: events.Rule;
  readonly credentialExpiryFailedAlarm: cloudwatch.Alarm;
  readonly heldDocumentRelease: NodeFunction;
  readonly heldDocumentReleaseSchedule: events.Rule;
  readonly heldDocumentReleaseFailedAlarm: cloudwatch.Alarm;
  /** Issue 35: document returns cut short finished; requests due soon, overdue, fulfilled told. */
  readonly documentFollowUps: NodeFunction;
  /** GuardDuty on the kept documents, the rule and function acting on its verdicts (issue 34). */
  readonly documentScan: DocumentScan;
  /** The webhook deliveries' queue, its dead-letter queue and that one's alarm (issue 36). */
  readonly webhookQueue: WebhookDeliveryQueue;
  /** The queue's consumer, which attempts the deliveries (issue 36). */
  readonly webhookQueueConsumer: NodeFunction;
  /**
   * Every job's function with its failed alarm (the function's Errors): Monitoring makes that
   * alarm notify the alarm topic, and adds the function's Throttles alarm beside it.
   */
  readonly jobs: readonly { readonly fn: NodeFunction; readonly failedAlarm: cloudwatch.Alarm }[];

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id, {
      description: `The scheduled jobs, their schedules and alarms (${props.namePrefix})`,
    });
    // Issue 36: made first, as the fan-out and the webhook job send to it.
    this.webhookQueue = webhookDeliveryQueue(this, props);
    const toWebhookQueue = { WEBHOOK_QUEUE_URL: this.webhookQueue.queue.queueUrl };
    const rebuild = scheduledJob(this, props, {
      ids: {
        function: 'UserIndexRebuild',
        schedule: 'UserIndexRebuildNightly',
        failedAlarm: 'UserIndexRebuildFailed',
      },
      job: 'rebuild-user-index',
      description: 'Nightly: rebuilds the user index (main table) from the Cognito user pool',
      // 10,000 users at ten account reads at a time take a few minutes.
      timeout: Duration.minutes(15),
      memorySize: 1024,
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: a failed rebuild is retried by EventBridge, ' +
        'logged, alarmed, and runs again the next night (it is idempotent).',
      schedule: {
        description: 'Rebuilds the user index every night at 02:17 UTC',
        expression: events.Schedule.cron({ minute: '17', hour: '2' }),
        target: { retryAttempts: 2, maxEventAge: Duration.hours(2) },
        noDeadLetterQueue:
          'A missed scheduled event carries no data: the next night runs the same rebuild, and ' +
          'the console keeps the index in step with its own changes in between.',
      },
      failedAlarm: {
        name: 'user-index-rebuild-failed',
        description:
          "The nightly rebuild of the user index failed: the console's user list may disagree " +
          'with Cognito until a rebuild succeeds (the next night, or by hand). First: its log ' +
          'group in Logs Insights, level ERROR (Cognito throttling, a permission, the 15-minute ' +
          'timeout); then run it again: Lambda console, Test, with an empty event {}.',
        period: Duration.days(1),
      },
    });
    this.userIndexRebuild = rebuild.fn;
    this.userIndexRebuildSchedule = rebuild.schedule;
    this.userIndexRebuildFailedAlarm = rebuild.failedAlarm;

    const reconciler = scheduledJob(this, props, {
      ids: {
        function: 'WriteReconciler',
        schedule: 'WriteReconcilerSchedule',
        failedAlarm: 'WriteReconcilerFailed',
      },
      job: 'reconcile-writes',
      description:
        'Every 5 minutes: finishes or undoes the journaled writes a stopped request left half done',
      timeout: Duration.minutes(5),
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: what is to be done lives in the write ' +
        'journal (main table), and the next run five minutes later takes it up again.',
      schedule: {
        description: 'Finishes interrupted writes every 5 minutes',
        expression: events.Schedule.rate(Duration.minutes(5)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, five minutes later, does the same.',
      },
      failedAlarm: {
        name: 'interrupted-writes-unfinished',
        description:
          'The reconciler could not finish an interrupted write (a service keeps failing, or an ' +
          'entry of an unknown kind): the user concerned is blocked until it is. First: its log ' +
          'group in Logs Insights, level ERROR (the journal entry and what failed); it runs again ' +
          'every 5 minutes, so a passing fault clears (OK) on its own.',
        period: Duration.minutes(15),
      },
    });
    this.writeReconciler = reconciler.fn;
    this.writeReconcilerSchedule = reconciler.schedule;
    this.writeReconcilerFailedAlarm = reconciler.failedAlarm;

    const credentials = scheduledJob(this, props, {
      ids: {
        function: 'CredentialExpiry',
        schedule: 'CredentialExpiryHourly',
        failedAlarm: 'CredentialExpiryFailed',
      },
      job: 'credential-expiry',
      description:
        'Hourly: API credential expiry notices, expiry (client deleted) and the end of rotations',
      timeout: Duration.minutes(5),
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: each credential records what was done to ' +
        'it (notices sent, expiry, retirement), and the next hourly run takes up what is left.',
      // Not retried by Lambda (its default for asynchronous calls is twice more): the notices a
      // run sent before its failure would go out again. The next hour takes it up.
      noAsyncRetry:
        'A failed run has nothing to deliver elsewhere: its error is logged and alarmed ' +
        '(credential-job-failed), and the next hourly run takes up what is left.',
      schedule: {
        description: 'Credential expiry notices, expiries and ends of rotation, every hour',
        expression: events.Schedule.rate(Duration.hours(1)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, an hour later, does the same.',
      },
      failedAlarm: {
        name: 'credential-job-failed',
        description:
          'The credential job could not handle a credential (a notice, an expiry or the end of a ' +
          'rotation). An expired credential is refused by the partner API anyway; its Cognito ' +
          'client stays until a run succeeds (every hour). First: its log group in Logs ' +
          'Insights, level ERROR: which credential, and what failed (SES, Cognito).',
        period: Duration.hours(1),
      },
    });
    this.credentialExpiry = credentials.fn;
    this.credentialExpirySchedule = credentials.schedule;
    this.credentialExpiryFailedAlarm = credentials.failedAlarm;

    const release = scheduledJob(this, props, {
      ids: {
        function: 'HeldDocumentRelease',
        schedule: 'HeldDocumentReleaseEvery5Minutes',
        failedAlarm: 'HeldDocumentReleaseFailed',
      },
      job: 'release-held-documents',
      description:
        'Every 5 minutes: documents held for a missing mapping classified again and delivered',
      timeout: Duration.minutes(5),
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: the held documents are in the documents ' +
        'table, and the next run five minutes later tries them again.',
      schedule: {
        description: 'Held documents tried again every 5 minutes',
        expression: events.Schedule.rate(Duration.minutes(5)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, five minutes later, does the same.',
      },
      failedAlarm: {
        name: 'held-documents-release-failed',
        description:
          'The release of held documents failed (a service keeps failing): documents stay held, ' +
          'never lost, until a run succeeds (every 5 minutes). First: its log group in Logs ' +
          'Insights, level ERROR: which document, and what failed (DynamoDB, S3, a mapping).',
        period: Duration.minutes(15),
      },
    });
    this.heldDocumentRelease = release.fn;
    this.heldDocumentReleaseSchedule = release.schedule;
    this.heldDocumentReleaseFailedAlarm = release.failedAlarm;

    const distributions = scheduledJob(this, props, {
      ids: {
        function: 'DistributionReminders',
        schedule: 'DistributionRemindersHourly',
        failedAlarm: 'DistributionRemindersFailed',
      },
      job: 'distribution-reminders',
      description:
        'Hourly: safety-letter distributions finished, overdue sites reminded (issue 35 part D)',
      timeout: Duration.minutes(5),
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: each distribution records its deliveries ' +
        'and reminders, and the next hourly run takes up what is left.',
      // Not retried by Lambda: a reminder a failed run recorded is audited by the next run, once.
      noAsyncRetry:
        'A failed run has nothing to deliver elsewhere: its error is logged and alarmed ' +
        '(distribution-reminders-failed), and the next hourly run takes up what is left.',
      schedule: {
        description: 'Distribution reminders and unfinished fan-outs, every hour',
        expression: events.Schedule.rate(Duration.hours(1)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, an hour later, does the same.',
      },
      failedAlarm: {
        name: 'distribution-reminders-failed',
        description:
          'The distributions job failed: sites overdue on a safety letter may not be reminded ' +
          'until a run succeeds (hourly). First: its log group in Logs Insights, level ERROR: ' +
          'which distribution, and what failed (DynamoDB, a mapping, the audit trail).',
        period: Duration.hours(1),
      },
    });

    this.documentScan = documentScanJob(this, props);

    // Issue 35: every 15 minutes, so a sponsor hears of a request fulfilled soon after.
    const followUps = scheduledJob(this, props, {
      ids: {
        function: 'DocumentFollowUps',
        schedule: 'DocumentFollowUpsEvery15Minutes',
        failedAlarm: 'DocumentFollowUpsFailed',
      },
      job: 'document-follow-ups',
      description:
        'Every 15 minutes: document returns cut short finished; requests due soon, overdue, fulfilled told',
      timeout: Duration.minutes(5),
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: the returns cut short are in the write ' +
        'journal, the requests in the documents table, and the next run takes them up again.',
      noAsyncRetry:
        'A failed run has nothing to deliver elsewhere: its error is logged and alarmed, and ' +
        'the next run takes up what is left (each event is written once).',
      schedule: {
        description: 'Document returns finished and request events emitted, every 15 minutes',
        expression: events.Schedule.rate(Duration.minutes(15)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, 15 minutes later, does the same.',
      },
      failedAlarm: {
        name: 'document-follow-ups-failed',
        description:
          'The document follow-ups failed: a return cut short stays unaudited, or a study’s ' +
          'request events untold, until a run succeeds (every 15 minutes). First: its log group ' +
          'in Logs Insights, level ERROR: which write or study, and what failed (DynamoDB).',
        period: Duration.minutes(30),
      },
    });
    this.documentFollowUps = followUps.fn;

    // Issue 35: the events the writes emit, fanned out to notifications (and mails) every minute.
    const notify = scheduledJob(this, props, {
      ids: {
        function: 'EventFanOut',
        schedule: 'EventFanOutEveryMinute',
        failedAlarm: 'EventFanOutFailed',
      },
      job: 'notify-events',
      description:
        'Every minute: events fanned out to the notifications (and e-mails) of the users who hear of them',
      timeout: Duration.minutes(2),
      // Issue 36: each new webhook delivery sent to the queue at once.
      environment: toWebhookQueue,
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: the events waiting for their fan-out are ' +
        'in the main table (EVENTFANOUT), and the next run a minute later takes them up.',
      noAsyncRetry:
        'A failed run has nothing to deliver elsewhere: its error is logged and alarmed ' +
        '(event-fan-out-failed), and the next run a minute later takes up what is left.',
      schedule: {
        description: 'Events fanned out to notifications every minute',
        expression: events.Schedule.rate(Duration.minutes(1)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, a minute later, does the same.',
      },
      failedAlarm: {
        name: 'event-fan-out-failed',
        description:
          'Events could not be fanned out to notifications (a service keeps failing): they stay ' +
          'waiting, never lost, until a run succeeds. First: its log group in Logs Insights, ' +
          'level ERROR: which event, and what failed (DynamoDB, SES).',
        period: Duration.minutes(15),
      },
    });
    const digest = scheduledJob(this, props, {
      ids: {
        function: 'NotificationDigest',
        schedule: 'NotificationDigestDaily',
        failedAlarm: 'NotificationDigestFailed',
      },
      job: 'notification-digest',
      description: 'Daily: the digest e-mail of the notifications each user chose to receive so',
      timeout: Duration.minutes(5),
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: the digest items wait in the main table ' +
        '(NOTIFDIGEST) until mailed, and the next day takes up what is left.',
      noAsyncRetry:
        'A failed run has nothing to deliver elsewhere: its error is logged and alarmed, and the ' +
        'items stay for the next run (a mail queued already is sent once).',
      schedule: {
        description: 'The notification digests, every day at 06:00 UTC',
        expression: events.Schedule.cron({ minute: '0', hour: '6' }),
        target: { retryAttempts: 2, maxEventAge: Duration.hours(2) },
        noDeadLetterQueue: 'A missed run carries no data: the next day mails what waits.',
      },
      failedAlarm: {
        name: 'notification-digest-failed',
        description:
          'The daily notification digest failed: its items stay for the next run. First: its ' +
          'log group in Logs Insights, level ERROR (DynamoDB, SES).',
        period: Duration.days(1),
      },
    });

    // Issue 36: the queue's safety net, every minute: the deliveries overdue by more than a
    // minute (the schedule's longer waits, a message lost) enqueued for the consumer below.
    const webhooks = scheduledJob(this, props, {
      ids: {
        function: 'WebhookDeliveries',
        schedule: 'WebhookDeliveriesEveryMinute',
        failedAlarm: 'WebhookDeliveriesFailed',
      },
      job: 'webhook-deliveries',
      description:
        'Every minute: the webhook deliveries overdue sent to their queue (its consumer tries them)',
      timeout: Duration.minutes(2),
      environment: toWebhookQueue,
      noDeadLetterQueue:
        'The scheduled event carries nothing to keep: every delivery and when it is due is in ' +
        'the main table (WEBHOOKMSG#, WEBHOOKDUE), so none is lost when a target or a run fails.',
      noAsyncRetry:
        'A failed run has nothing to deliver elsewhere: the deliveries stay due, and the next ' +
        'run a minute later enqueues them.',
      schedule: {
        description: 'Overdue webhook deliveries enqueued every minute',
        expression: events.Schedule.rate(Duration.minutes(1)),
        target: { retryAttempts: 0 },
        noDeadLetterQueue:
          'A missed run carries no data: the next one, a minute later, does the same.',
      },
      failedAlarm: {
        name: 'webhook-deliveries-failed',
        description:
          'Overdue webhook deliveries could not be enqueued (DynamoDB or SQS keeps failing): ' +
          'they stay due, never lost, but the schedule’s longer retries wait. First: its log ' +
          'group in Logs Insights, level WARN or ERROR.',
        period: Duration.minutes(15),
      },
    });
    const consumer = webhookQueueConsumer(this, props, this.webhookQueue);
    this.webhookQueueConsumer = consumer.fn;

    this.jobs = [
      webhooks,
      consumer,
      rebuild,
      reconciler,
      credentials,
      release,
      distributions,
      this.documentScan,
      notify,
      digest,
      followUps,
    ];

    this.userIndexDriftAlarm = countAlarm(this, 'UserIndexDrift', {
      alarmName: `${props.namePrefix}-user-index-disagreed`,
      alarmDescription:
        'The nightly rebuild found user-index rows that disagreed with Cognito (and corrected ' +
        'them): something changed users outside the console, or a sync was lost. First: the ' +
        "rebuild's log group (the rows it wrote or removed) and CloudTrail's Cognito calls " +
        'not made by the console’s functions.',
      metric: new cloudwatch.Metric({
        namespace: USER_INDEX_DRIFT_METRIC.namespace,
        metricName: USER_INDEX_DRIFT_METRIC.name,
        dimensionsMap: { [USER_INDEX_DRIFT_METRIC.dimension]: props.environmentName },
        statistic: 'Maximum',
        period: Duration.days(1),
      }),
    });

    this.credentialClientsAlarm = countAlarm(this, 'CredentialClientsDisagreed', {
      alarmName: `${props.namePrefix}-credential-clients-disagreed`,
      alarmDescription:
        'The reconciler found a Cognito app client of the console without its API credential ' +
        '(deleted it: a working machine credential nobody could see), a revoked credential’s ' +
        'client still there (deleted it), or a credential whose client is gone (marked it ' +
        'broken). Each is in the audit trail (api-credential.orphan-client-deleted, ' +
        '.client-deleted, .broken). First: the reconciler’s log group (which clients), then ' +
        'CloudTrail’s CreateUserPoolClient / DeleteUserPoolClient calls not made by the ' +
        'console’s functions.',
      metric: new cloudwatch.Metric({
        namespace: CREDENTIAL_SWEEP_METRIC.namespace,
        metricName: CREDENTIAL_SWEEP_METRIC.name,
        dimensionsMap: { [CREDENTIAL_SWEEP_METRIC.dimension]: props.environmentName },
        statistic: 'Maximum',
        period: Duration.minutes(15),
      }),
    });
  }
}
