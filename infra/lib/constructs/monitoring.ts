import { NestedStack } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { alarmTopic } from './alarms/alarm-topic';
import { addApiAlarms, addWafAlarm } from './alarms/api-alarms';
import { buildDashboard } from './alarms/dashboard';
import { nameOf } from './alarms/metrics';
import type { MonitoringProps } from './alarms/monitoring-props';
import { addProductAlarms } from './alarms/product-alarms';
import { addSesAlarms } from './alarms/ses-alarms';
import { addTableAlarms } from './alarms/table-alarms';
import type { FailureAlarms } from './node-function';

// The topic, each concern's alarms and the dashboard are built in alarms/; this stack joins them.
export type { MonitoringProps } from './alarms/monitoring-props';

/**
 * What tells people that something is wrong in one environment (issue 19), in a nested stack of
 * its own (`Monitoring`: one resource of the environment's stack, which is near its budget):
 *
 * - the topic `<prefix>-alarms`, encrypted with a key of its own that CloudWatch alarms may use
 *   (AWS's default SNS key does not let them), published to only by this account's alarms and
 *   only over TLS, with one e-mail subscription per `alarms.emails` address;
 * - the environment's alarms: the API's 5xx rate and p99 latency, each table's read and write
 *   throttles, the API web ACL's blocked requests, failed audit appends, failed sign-ins and
 *   lockouts (the product metrics), SES's account bounce and complaint rates;
 * - every function's Errors and Throttles alarms, made beside each function in its own nested
 *   stack (NodeFunction.addFailureAlarms; a job's Errors alarm is its "failed" alarm of Jobs);
 * - the jobs' alarms notify the topic;
 * - the dashboard `<prefix>-operations`.
 *
 * Every alarm's description says what it means and what to look at first; infra/README.md has
 * the rest ("Alarms, the dashboard and what to do when an alarm fires").
 *
 * Nothing here refers to the functions' nested stacks (they refer to the topic): names of
 * functions, alarms, the API, its stage and web ACL, and the tables are plain strings.
 */
export class Monitoring extends NestedStack {
  readonly topic: sns.Topic;
  readonly key: kms.Key;
  readonly dashboard: cloudwatch.Dashboard;
  /** The alarms of this stack, by what they watch. */
  readonly alarms: Readonly<Record<string, cloudwatch.Alarm>>;
  /** Each function's Errors and Throttles alarms, by function name (API functions and jobs). */
  readonly functionAlarms: ReadonlyMap<string, FailureAlarms>;

  private readonly alarmAction: actions.SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, {
      description: `Alarms, their topic and the operations dashboard (${props.namePrefix})`,
    });
    const { namePrefix, settings, api, jobs } = props;

    ({ key: this.key, topic: this.topic } = alarmTopic(this, {
      namePrefix,
      environmentName: props.environmentName,
      emails: settings.emails,
    }));
    this.alarmAction = new actions.SnsAction(this.topic);

    const alarms: Record<string, cloudwatch.Alarm> = {};
    /** Notifies the topic; `withOk`: the important ones also say when they are over. */
    const add = (key: string, alarm: cloudwatch.Alarm, withOk: boolean) => {
      alarms[key] = alarm;
      alarm.addAlarmAction(this.alarmAction);
      if (withOk) alarm.addOkAction(this.alarmAction);
    };

    addApiAlarms(this, props, add);
    addTableAlarms(this, props, add);
    addWafAlarm(this, props, add);
    addProductAlarms(this, props, add);
    addSesAlarms(this, props, add);

    this.alarms = alarms;

    // ---- Every function's Errors and Throttles, beside the function in its nested stack ----
    // (A job's Errors alarm is its failed alarm, in Jobs: it notifies recovery too.)
    const functionAlarms = new Map<string, FailureAlarms>();
    for (const fn of api.allFunctions) {
      functionAlarms.set(fn.functionName, fn.addFailureAlarms(this.alarmAction));
    }
    for (const { fn, failedAlarm } of jobs.jobs) {
      functionAlarms.set(
        fn.functionName,
        fn.addFailureAlarms(this.alarmAction, { errors: failedAlarm }),
      );
      failedAlarm.addOkAction(this.alarmAction);
    }
    jobs.userIndexDriftAlarm.addAlarmAction(this.alarmAction);
    jobs.credentialClientsAlarm.addAlarmAction(this.alarmAction);
    jobs.documentScan.deadLettersAlarm.addAlarmAction(this.alarmAction);
    jobs.documentScan.deadLettersAlarm.addOkAction(this.alarmAction);
    jobs.webhookQueue.deadLettersAlarm.addAlarmAction(this.alarmAction);
    jobs.webhookQueue.deadLettersAlarm.addOkAction(this.alarmAction);
    this.functionAlarms = functionAlarms;

    this.dashboard = buildDashboard(
      this,
      props,
      [
        ...Object.values(alarms).map(nameOf),
        ...jobs.jobs.map((j) => nameOf(j.failedAlarm)),
        nameOf(jobs.userIndexDriftAlarm),
        nameOf(jobs.credentialClientsAlarm),
        nameOf(jobs.documentScan.deadLettersAlarm),
        nameOf(jobs.webhookQueue.deadLettersAlarm),
      ],
      [...functionAlarms.values()]
        .flatMap((a) => [a.errors, a.throttles])
        .filter((a) => !jobs.jobs.some((j) => j.failedAlarm === a))
        .map(nameOf),
    );
  }
}
