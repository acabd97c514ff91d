import { Duration, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { LAMBDA_JOBS_DIR } from '../paths';
import {
  acknowledgeDocumentGrants,
  acknowledgeMalwareProtectionRole,
  acknowledgeStandardRowGrants,
} from '../nag';
import { DOCUMENT_RECORDS_PREFIX, JOB_PERMISSIONS } from '../permissions';
import type { JobsProps } from './jobs';
import { MalwareProtection, SCAN_RESULT_DETAIL_TYPE } from './malware-protection';
import { countAlarm, grantTo, NodeFunction } from './node-function';

/**
 * How long EventBridge keeps trying to hand a verdict to the function (throttling, the function
 * unavailable) before it goes to the dead-letter queue, and how long Lambda tries a verdict the
 * function failed on. The verdict is also on the object (its tag), and the documents' job reads
 * the tag of a document left awaiting its scan: a verdict that never arrived is taken up there.
 */
const DELIVERY = { retryAttempts: 8, maxEventAge: Duration.hours(6) };
const FUNCTION_RETRIES = { retryAttempts: 2, maxEventAge: Duration.hours(6) };

/**
 * The scan verdicts (issue 34): GuardDuty Malware Protection for S3 on the documents bucket's
 * `records/` (malware-protection.ts), and the function that turns each verdict into the
 * document's state (lambdas/src/jobs/document-scan-result.ts: clean → classified and delivered or
 * held; threats → quarantined; failed, unsupported, access denied → held with the reason). The
 * rule matches the verdicts of this bucket's `records/` only; a verdict that cannot be handed over
 * or handled lands in a dead-letter queue, whose depth is alarmed, beside the function's Errors.
 */
export const documentScanJob = (scope: Construct, props: JobsProps) => {
  const job = 'document-scan-result' as const;
  const protection = new MalwareProtection(scope, 'DocumentMalwareProtection', {
    bucketName: props.documentsBucket.name,
    bucketArn: props.documentsBucket.arn,
    objectPrefix: DOCUMENT_RECORDS_PREFIX,
  });
  acknowledgeMalwareProtectionRole(protection.role);

  const fn = new NodeFunction(scope, 'DocumentScanResult', {
    functionName: `${props.namePrefix}-job-${job}`,
    description:
      'On each GuardDuty scan verdict of a kept document: its state (delivered, held, quarantined)',
    entry: join(LAMBDA_JOBS_DIR, `${job}.ts`),
    environment: props.environment,
    logRetention: props.logRetention,
    // One verdict: a journaled write, a classification and the deliveries of one document.
    timeout: Duration.minutes(1),
  });
  grantTo(fn, JOB_PERMISSIONS[job], props.grantTargets);
  // A clean document is classified: the standards' rows read, like a release.
  acknowledgeStandardRowGrants(fn);
  // An imported file's content check reads it under records/ before it joins the study.
  acknowledgeDocumentGrants(fn);

  // Verdicts that could not be handed to the function (EventBridge) or that the function failed
  // on after its retries (Lambda): kept 14 days, the longest SQS allows, for the runbook's replay.
  const deadLetters = new sqs.Queue(scope, 'DocumentScanResultDeadLetters', {
    queueName: `${props.namePrefix}-document-scan-result-dead-letters`,
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  for (const id of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy']) {
    Validations.of(deadLetters).acknowledge({
      id,
      reason:
        'This queue is itself the dead-letter queue of the scan verdicts (the rule target’s and ' +
        'the function’s failure destination): nothing reads it to fail again; its depth is ' +
        'alarmed and the runbook replays it.',
    });
  }
  fn.function.configureAsyncInvoke({
    ...FUNCTION_RETRIES,
    onFailure: new destinations.SqsDestination(deadLetters),
  });
  Validations.of(fn).acknowledge({
    id: 'Serverless-LambdaDLQ',
    reason:
      'Its asynchronous failures go to an on-failure destination (the same dead-letter queue as ' +
      'the rule’s), which keeps the error with the event; a DLQ would keep the event alone.',
  });

  const rule = new events.Rule(scope, 'DocumentScanResultRule', {
    description: 'GuardDuty verdicts of the kept documents, to the function that acts on them',
    eventPattern: {
      source: ['aws.guardduty'],
      detailType: [SCAN_RESULT_DETAIL_TYPE],
      detail: {
        s3ObjectDetails: {
          bucketName: [props.documentsBucket.name],
          objectKey: events.Match.prefix(DOCUMENT_RECORDS_PREFIX),
        },
      },
    },
    targets: [
      new targets.LambdaFunction(fn.function, { ...DELIVERY, deadLetterQueue: deadLetters }),
    ],
  });
  rule.node.addDependency(protection.plan);

  // Every 5 minutes the same function finishes the joins of imported files a stopped invocation
  // left half done and joins those whose verdict never came (their tag read): the sweep of
  // lambdas/src/jobs/document-scan-result.ts (a "Scheduled Event" tells it apart).
  const sweep = new events.Rule(scope, 'DocumentScanResultSweep', {
    description: 'Imported files whose scan verdict never joined them to their study',
    schedule: events.Schedule.rate(Duration.minutes(5)),
    targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
  });
  Validations.of(sweep).acknowledge({
    id: 'Serverless-EventBusDLQ',
    reason:
      'A schedule tick that cannot be handed over loses nothing: the next one, 5 minutes later, ' +
      'sweeps the same files (a failed sweep itself goes to the function’s on-failure destination).',
  });

  const failedAlarm = countAlarm(scope, 'DocumentScanResultFailed', {
    alarmName: `${props.namePrefix}-document-scan-result-failed`,
    alarmDescription:
      'The function that acts on GuardDuty verdicts failed on one (Lambda tries it twice more): ' +
      'the document stays awaiting its scan — never delivered — until it is handled (the ' +
      'documents’ job reads the verdict tag every 5 minutes). First: its log group in Logs ' +
      'Insights, level ERROR: which object, and what failed (DynamoDB, S3, a mapping).',
    metric: fn.function.metricErrors({ period: Duration.minutes(15) }),
  });
  const deadLettersAlarm = countAlarm(scope, 'DocumentScanResultDeadLettered', {
    alarmName: `${props.namePrefix}-document-scan-results-dead-lettered`,
    alarmDescription:
      'A GuardDuty verdict could not be handed to, or handled by, its function after every retry ' +
      '(it is in the queue <prefix>-document-scan-result-dead-letters, 14 days). Its document ' +
      'stays awaiting its scan, never delivered. First: the message (ERROR_CODE, ERROR_MESSAGE ' +
      'attributes, or the function’s error in the body), then the runbook’s "Scan verdicts".',
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: 'Maximum',
    }),
  });
  return { protection, fn, rule, sweep, deadLetters, failedAlarm, deadLettersAlarm };
};

export type DocumentScan = ReturnType<typeof documentScanJob>;
