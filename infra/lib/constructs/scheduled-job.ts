import { Validations } from 'aws-cdk-lib';
import type { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import { join } from 'node:path';
import { LAMBDA_JOBS_DIR } from '../paths';
import { acknowledgeDocumentGrants, acknowledgeStandardRowGrants } from '../nag';
import { JOB_PERMISSIONS } from '../permissions';
import type { JobsProps } from './jobs';
import { countAlarm, grantTo, NodeFunction } from './node-function';

// The one way a scheduled job is made (jobs.ts makes each): kept apart so that module stays a
// list of the jobs, within the size a source file may have.

/** One scheduled job: its function, grants, schedule and the alarm on its failures. */
export interface JobSpec {
  /** The construct ids, as deployed: the function, its schedule, its failure alarm. */
  ids: { function: string; schedule: string; failedAlarm: string };
  /** lambdas/src/jobs/<job>.ts, its grants in JOB_PERMISSIONS, `<prefix>-job-<job>`. */
  job: Exclude<keyof typeof JOB_PERMISSIONS, 'document-scan-result' | 'webhook-queue-consumer'>;
  description: string;
  timeout: Duration;
  memorySize?: number;
  /** Variables of its own, beside the API's (the webhook queue's URL). */
  environment?: Partial<LambdaEnvironment>;
  /** Why the function needs no dead-letter queue (cdk-nag Serverless-LambdaDLQ). */
  noDeadLetterQueue: string;
  /** Set when Lambda must not retry a failed run itself; why it needs no failure destination. */
  noAsyncRetry?: string;
  schedule: {
    description: string;
    expression: events.Schedule;
    target: targets.LambdaFunctionProps;
    /** Why a missed event needs no dead-letter queue (cdk-nag Serverless-EventBusDLQ). */
    noDeadLetterQueue: string;
  };
  failedAlarm: { name: string; description: string; period: Duration };
}

export const scheduledJob = (scope: Construct, props: JobsProps, spec: JobSpec) => {
  const fn = new NodeFunction(scope, spec.ids.function, {
    functionName: `${props.namePrefix}-job-${spec.job}`,
    description: spec.description,
    entry: join(LAMBDA_JOBS_DIR, `${spec.job}.ts`),
    environment: { ...props.environment, ...spec.environment },
    logRetention: props.logRetention,
    timeout: spec.timeout,
    ...(spec.memorySize === undefined ? {} : { memorySize: spec.memorySize }),
  });
  grantTo(fn, JOB_PERMISSIONS[spec.job], props.grantTargets);
  if (JOB_PERMISSIONS[spec.job].some((g) => g.on === 'standardRowsObjects')) {
    acknowledgeStandardRowGrants(fn);
  }
  // The reconciler finishes a completion cut short: the upload read, the verified copy kept.
  if (
    JOB_PERMISSIONS[spec.job].some((g) => g.on === 'documentUploads' || g.on === 'documentRecords')
  ) {
    acknowledgeDocumentGrants(fn);
  }
  Validations.of(fn).acknowledge({ id: 'Serverless-LambdaDLQ', reason: spec.noDeadLetterQueue });
  if (spec.noAsyncRetry !== undefined) {
    fn.function.configureAsyncInvoke({ retryAttempts: 0 });
    Validations.of(fn).acknowledge({
      id: 'Serverless-LambdaAsyncFailureDestination',
      reason: spec.noAsyncRetry,
    });
  }
  const schedule = new events.Rule(scope, spec.ids.schedule, {
    description: spec.schedule.description,
    schedule: spec.schedule.expression,
    targets: [new targets.LambdaFunction(fn.function, spec.schedule.target)],
  });
  Validations.of(schedule).acknowledge({
    id: 'Serverless-EventBusDLQ',
    reason: spec.schedule.noDeadLetterQueue,
  });
  const failedAlarm = countAlarm(scope, spec.ids.failedAlarm, {
    alarmName: `${props.namePrefix}-${spec.failedAlarm.name}`,
    alarmDescription: spec.failedAlarm.description,
    metric: fn.function.metricErrors({ period: spec.failedAlarm.period }),
  });
  return { fn, schedule, failedAlarm };
};
