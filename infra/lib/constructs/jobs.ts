import { Duration, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { LAMBDA_JOBS_DIR } from '../paths';
import { JOB_PERMISSIONS, type ResourceKey } from '../permissions';
import { grantTo, NodeFunction } from './node-function';

export interface JobsProps {
  readonly namePrefix: string;
  /** The variables of lambdas/src/env.ts, as the API's functions get them. */
  readonly environment: Readonly<Record<string, string>>;
  readonly grantTargets: Readonly<Record<ResourceKey, readonly string[]>>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The scheduled jobs (lambdas/src/jobs/). The nightly rebuild of the user index catches changes
 * made in Cognito outside the console (the console keeps the index in step with its own).
 */
export class Jobs extends Construct {
  readonly userIndexRebuild: NodeFunction;
  readonly userIndexRebuildSchedule: events.Rule;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.userIndexRebuild = new NodeFunction(this, 'UserIndexRebuild', {
      functionName: `${props.namePrefix}-job-rebuild-user-index`,
      description: 'Nightly: rebuilds the user index (main table) from the Cognito user pool',
      entry: join(LAMBDA_JOBS_DIR, 'rebuild-user-index.ts'),
      environment: props.environment,
      logRetention: props.logRetention,
      // 10,000 users at ten AdminGetUser calls at a time take a few minutes.
      timeout: Duration.minutes(15),
      memorySize: 1024,
    });
    grantTo(this.userIndexRebuild, JOB_PERMISSIONS['rebuild-user-index'], props.grantTargets);
    Validations.of(this.userIndexRebuild).acknowledge({
      id: 'Serverless-LambdaDLQ',
      reason:
        'The scheduled event carries nothing to keep: a failed rebuild is retried by EventBridge, ' +
        'logged, and runs again the next night (it is idempotent).',
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
  }
}
