import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import { USER_INDEX_DRIFT_METRIC } from '@ccsc/lambdas/metrics';
import { LAMBDA_JOBS_DIR } from '../paths';
import { JOB_PERMISSIONS, type ResourceKey } from '../permissions';
import { grantTo, NodeFunction } from './node-function';

export interface JobsProps {
  readonly namePrefix: string;
  /** ENVIRONMENT_NAME: the dimension of the metrics the jobs publish. */
  readonly environmentName: string;
  /** The variables of lambdas/src/env.ts, as the API's functions get them. */
  readonly environment: LambdaEnvironment;
  readonly grantTargets: Readonly<Record<ResourceKey, readonly string[]>>;
  readonly logRetention: logs.RetentionDays;
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
 *   a credential could not be handled (it is tried again the next hour).
 */
export class Jobs extends Construct {
  readonly userIndexRebuild: NodeFunction;
  readonly userIndexRebuildSchedule: events.Rule;
  readonly writeReconciler: NodeFunction;
  readonly writeReconcilerSchedule: events.Rule;
  readonly userIndexDriftAlarm: cloudwatch.Alarm;
  readonly userIndexRebuildFailedAlarm: cloudwatch.Alarm;
  readonly writeReconcilerFailedAlarm: cloudwatch.Alarm;
  readonly credentialExpiry: NodeFunction;
  readonly credentialExpirySchedule: events.Rule;
  readonly credentialExpiryFailedAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.userIndexRebuild = new NodeFunction(this, 'UserIndexRebuild', {
      functionName: `${props.namePrefix}-job-rebuild-user-index`,
      description: 'Nightly: rebuilds the user index (main table) from the Cognito user pool',
      entry: join(LAMBDA_JOBS_DIR, 'rebuild-user-index.ts'),
      environment: props.environment,
      logRetention: props.logRetention,
      // 10,000 users at ten account reads at a time take a few minutes.
      timeout: Duration.minutes(15),
      memorySize: 1024,
    });
    grantTo(this.userIndexRebuild, JOB_PERMISSIONS['rebuild-user-index'], props.grantTargets);
    Validations.of(this.userIndexRebuild).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason:
        'The scheduled event carries nothing to keep: a failed rebuild is retried by EventBridge, ' +
        'logged, alarmed, and runs again the next night (it is idempotent).',
    });
    this.userIndexRebuildSchedule = new events.Rule(this, 'UserIndexRebuildNightly', {
      description: 'Rebuilds the user index every night at 02:17 UTC',
      schedule: events.Schedule.cron({ minute: '17', hour: '2' }),
      targets: [
        new targets.LambdaFunction(this.userIndexRebuild.function, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(2),
        }),
      ],
    });
    Validations.of(this.userIndexRebuildSchedule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason:
        'A missed scheduled event carries no data: the next night runs the same rebuild, and ' +
        'the console keeps the index in step with its own changes in between.',
    });

    this.writeReconciler = new NodeFunction(this, 'WriteReconciler', {
      functionName: `${props.namePrefix}-job-reconcile-writes`,
      description:
        'Every 5 minutes: finishes or undoes the journaled writes a stopped request left half done',
      entry: join(LAMBDA_JOBS_DIR, 'reconcile-writes.ts'),
      environment: props.environment,
      logRetention: props.logRetention,
      timeout: Duration.minutes(5),
    });
    grantTo(this.writeReconciler, JOB_PERMISSIONS['reconcile-writes'], props.grantTargets);
    Validations.of(this.writeReconciler).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason:
        'The scheduled event carries nothing to keep: what is to be done lives in the write ' +
        'journal (main table), and the next run five minutes later takes it up again.',
    });
    this.writeReconcilerSchedule = new events.Rule(this, 'WriteReconcilerSchedule', {
      description: 'Finishes interrupted writes every 5 minutes',
      schedule: events.Schedule.rate(Duration.minutes(5)),
      targets: [new targets.LambdaFunction(this.writeReconciler.function, { retryAttempts: 0 })],
    });
    Validations.of(this.writeReconcilerSchedule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed run carries no data: the next one, five minutes later, does the same.',
    });

    this.credentialExpiry = new NodeFunction(this, 'CredentialExpiry', {
      functionName: `${props.namePrefix}-job-credential-expiry`,
      description:
        'Hourly: API credential expiry notices, expiry (client deleted) and the end of rotations',
      entry: join(LAMBDA_JOBS_DIR, 'credential-expiry.ts'),
      environment: props.environment,
      logRetention: props.logRetention,
      timeout: Duration.minutes(5),
    });
    grantTo(this.credentialExpiry, JOB_PERMISSIONS['credential-expiry'], props.grantTargets);
    // A failed run is not retried by Lambda (its default for asynchronous calls is twice more):
    // the notices a run sent before its failure would go out again. The next hour takes it up.
    this.credentialExpiry.function.configureAsyncInvoke({ retryAttempts: 0 });
    Validations.of(this.credentialExpiry).acknowledge({
      id: 'Serverless-LambdaAsyncFailureDestination',
      reason:
        'A failed run has nothing to deliver elsewhere: its error is logged and alarmed ' +
        '(credential-job-failed), and the next hourly run takes up what is left.',
    });
    Validations.of(this.credentialExpiry).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason:
        'The scheduled event carries nothing to keep: each credential records what was done to ' +
        'it (notices sent, expiry, retirement), and the next hourly run takes up what is left.',
    });
    this.credentialExpirySchedule = new events.Rule(this, 'CredentialExpiryHourly', {
      description: 'Credential expiry notices, expiries and ends of rotation, every hour',
      schedule: events.Schedule.rate(Duration.hours(1)),
      targets: [new targets.LambdaFunction(this.credentialExpiry.function, { retryAttempts: 0 })],
    });
    Validations.of(this.credentialExpirySchedule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed run carries no data: the next one, an hour later, does the same.',
    });
    this.credentialExpiryFailedAlarm = new cloudwatch.Alarm(this, 'CredentialExpiryFailed', {
      alarmName: `${props.namePrefix}-credential-job-failed`,
      alarmDescription:
        'The credential job could not handle a credential (a notice, an expiry or the end of a ' +
        'rotation): see its log group. An expired credential is refused by the partner API ' +
        'anyway; its Cognito client stays until a run succeeds.',
      metric: this.credentialExpiry.function.metricErrors({ period: Duration.hours(1) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.writeReconcilerFailedAlarm = new cloudwatch.Alarm(this, 'WriteReconcilerFailed', {
      alarmName: `${props.namePrefix}-interrupted-writes-unfinished`,
      alarmDescription:
        'The reconciler could not finish an interrupted write (a service keeps failing, or an ' +
        'entry of an unknown kind): see its log group; the user concerned is blocked until then.',
      metric: this.writeReconciler.function.metricErrors({ period: Duration.minutes(15) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.userIndexDriftAlarm = new cloudwatch.Alarm(this, 'UserIndexDrift', {
      alarmName: `${props.namePrefix}-user-index-disagreed`,
      alarmDescription:
        'The nightly rebuild found user-index rows that disagreed with Cognito (and corrected ' +
        'them): something changed users outside the console, or a sync was lost.',
      metric: new cloudwatch.Metric({
        namespace: USER_INDEX_DRIFT_METRIC.namespace,
        metricName: USER_INDEX_DRIFT_METRIC.name,
        dimensionsMap: { [USER_INDEX_DRIFT_METRIC.dimension]: props.environmentName },
        statistic: 'Maximum',
        period: Duration.days(1),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.userIndexRebuildFailedAlarm = new cloudwatch.Alarm(this, 'UserIndexRebuildFailed', {
      alarmName: `${props.namePrefix}-user-index-rebuild-failed`,
      alarmDescription: 'The nightly rebuild of the user index failed: see its log group.',
      metric: this.userIndexRebuild.function.metricErrors({ period: Duration.days(1) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
