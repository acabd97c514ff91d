import { ArnFormat, Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { PRODUCT_METRICS } from '@ccsc/lambdas/metrics';
import type { EnvironmentConfig } from '../config';
import type { Api } from './api';
import type { Jobs } from './jobs';
import { countAlarm, type FailureAlarms } from './node-function';

export interface MonitoringProps {
  readonly namePrefix: string;
  /** ENVIRONMENT_NAME: the `Environment` dimension of the product metrics. */
  readonly environmentName: string;
  /** The environment's `alarms` settings: subscribers and thresholds. */
  readonly settings: EnvironmentConfig['alarms'];
  readonly api: Api;
  readonly jobs: Jobs;
  /**
   * The metric name of the console's CloudFront web ACL when the edge stack made it (its
   * metrics are in us-east-1); absent when the environment attached an ACL of its own.
   */
  readonly siteWebAclName?: string;
}

type ProductMetric = keyof typeof PRODUCT_METRICS.names;

const FIVE_MINUTES = Duration.minutes(5);
/** An alarm status widget lists at most 100 alarms. */
const ALARMS_PER_WIDGET = 100;

/** The name an alarm was given (a plain string): to list it without a cross-stack reference. */
const nameOf = (alarm: cloudwatch.Alarm): string => {
  const name = (alarm.node.defaultChild as cloudwatch.CfnAlarm).alarmName;
  if (name === undefined) throw new Error(`Monitoring: alarm ${alarm.node.path} has no name`);
  return name;
};

/**
 * An environment's alarm topic in the scope's region: encrypted with a key of its own that
 * CloudWatch alarms may use (AWS's default SNS key does not let them), published to only by this
 * environment's alarms (`<prefix>-*`) and only over TLS, one e-mail subscription per address.
 * The environment's region has `<prefix>-alarms`; the edge stack (us-east-1) has its own, with
 * the same subscribers, because an alarm notifies topics of its own region only.
 */
export const alarmTopic = (
  scope: Construct,
  o: { namePrefix: string; environmentName: string; emails: readonly string[] },
): { key: kms.Key; topic: sns.Topic } => {
  const stack = Stack.of(scope);
  const key = new kms.Key(scope, 'AlarmTopicKey', {
    description: `Encrypts the notifications of ${o.namePrefix}-alarms`,
    enableKeyRotation: true,
    // It protects notifications in transit through SNS, nothing kept: no reason to keep it.
    removalPolicy: RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(7),
  });
  // AWS's own SNS key (alias/aws/sns) does not let CloudWatch alarms publish: ours does.
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      // This account's alarms only.
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );

  const topic = new sns.Topic(scope, 'AlarmTopic', {
    topicName: `${o.namePrefix}-alarms`,
    displayName: `CCSC ${o.environmentName} alarms`,
    masterKey: key,
    enforceSSL: true,
  });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'OnlyThisEnvironmentsAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: `${o.namePrefix}-*`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  // E-mail subscriptions as the topic's own property: each address gets SNS's confirmation
  // mail at deployment. (No AWS::SNS::Subscription resources, so no resource per address; an
  // e-mail endpoint has no dead-letter queue worth reading.)
  if (o.emails.length > 0) {
    (topic.node.defaultChild as sns.CfnTopic).subscription = o.emails.map((e) => ({
      protocol: 'email',
      endpoint: e,
    }));
  }
  return { key, topic };
};

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

  private readonly props: MonitoringProps;
  private readonly alarmAction: actions.SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, {
      description: `Alarms, their topic and the operations dashboard (${props.namePrefix})`,
    });
    this.props = props;
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

    // ---- API Gateway: the stage's 5xx rate and p99 latency ----
    const requests = this.apiMetric('Count', 'Sum', 'Requests');
    const floor = settings.apiMinimumRequests;
    add(
      'api5xxRate',
      new cloudwatch.Alarm(this, 'Api5xxRate', {
        alarmName: `${namePrefix}-api-5xx-rate`,
        alarmDescription:
          `More than ${String(settings.apiServerErrorPercent)} % of the API's answers were 5xx ` +
          `in 2 of 3 five-minute periods (at least ${String(floor)} requests each). Users see ` +
          '"Something went wrong". First: the dashboard shows which function errs or is slow; ' +
          `then its log group (Logs Insights: level ERROR), or the API's access log ` +
          '(status, errorType, integrationStatus). After a deploy: roll back.',
        metric: new cloudwatch.MathExpression({
          expression: `IF(requests >= ${String(floor)}, 100 * errors / requests, 0)`,
          usingMetrics: { errors: this.apiMetric('5XXError', 'Sum', '5xx'), requests },
          period: FIVE_MINUTES,
          label: '5xx % of requests',
        }),
        threshold: settings.apiServerErrorPercent,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        // No requests at all: nothing failed.
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      true,
    );
    add(
      'apiLatencyP99',
      new cloudwatch.Alarm(this, 'ApiLatencyP99', {
        alarmName: `${namePrefix}-api-latency-p99`,
        alarmDescription:
          `The API's p99 latency stayed above ${String(settings.apiLatencyP99Ms)} ms for 15 ` +
          `minutes (at least ${String(floor)} requests each 5 minutes). First: the dashboard's ` +
          'Lambda duration (which function), DynamoDB throttles, and X-Ray traces of the slow ' +
          'calls; an eTMF-EMS import or export (up to 29 s each call) can hold it up on its own.',
        metric: new cloudwatch.MathExpression({
          expression: `IF(requests >= ${String(floor)}, latency, 0)`,
          usingMetrics: { latency: this.apiMetric('Latency', 'p99', 'p99 latency'), requests },
          period: FIVE_MINUTES,
          label: 'p99 latency (ms)',
        }),
        threshold: settings.apiLatencyP99Ms,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
      true,
    );

    // ---- DynamoDB: each table's read and write throttles, its indexes' included ----
    const throttles = (kind: 'Read' | 'Write', dimensionsMap: Record<string, string>) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName: `${kind}ThrottleEvents`,
        dimensionsMap,
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    for (const [key, definition] of Object.entries(TABLES)) {
      const table = tableName(props.environmentName, definition);
      for (const kind of ['Read', 'Write'] as const) {
        add(
          `${key}Table${kind}Throttles`,
          countAlarm(this, `${definition.suffix}-${kind}Throttles`, {
            alarmName: `${table}-${kind.toLowerCase()}-throttles`,
            alarmDescription:
              `DynamoDB throttled ${kind.toLowerCase()}s of ${table} (${String(settings.tableThrottleEvents)} or more events ` +
              'in 5 minutes; the SDK retries, then the call fails). The table is on demand: ' +
              'a sudden peak over twice the previous one, or one hot partition. First: the ' +
              "dashboard's consumed capacity, then CloudWatch Contributor Insights on the table " +
              '(which keys); a job (the nightly user-index rebuild) may be the peak.',
            // The table's own and each global secondary index's (a throttled index write
            // throttles the table's write too): at most 8 series, under metric math's 10.
            metric: new cloudwatch.MathExpression({
              expression: `SUM([${['table', ...definition.indexes.map((_, i) => `index${String(i)}`)].join(', ')}])`,
              usingMetrics: Object.fromEntries<cloudwatch.IMetric>([
                ['table', throttles(kind, { TableName: table })],
                ...definition.indexes.map((index, i): [string, cloudwatch.IMetric] => [
                  `index${String(i)}`,
                  throttles(kind, { TableName: table, GlobalSecondaryIndexName: index.name }),
                ]),
              ]),
              period: FIVE_MINUTES,
              label: `${kind} throttle events, table and indexes`,
            }),
            threshold: settings.tableThrottleEvents,
            // Published only when something was throttled.
          }),
          true,
        );
      }
    }

    // ---- WAF: blocked requests on the API's web ACL ----
    add(
      'wafBlocked',
      countAlarm(this, 'ApiWafBlockedSpike', {
        alarmName: `${namePrefix}-api-waf-blocked-spike`,
        alarmDescription:
          `The API's web ACL (${api.webAclName}) blocked ${String(settings.wafBlockedPerFiveMinutes)} or more ` +
          'requests in 5 minutes: an attack, a scanner, or a client (a partner system, a script) ' +
          'over the rate limits. First: the WAF console, web ACL, "Sampled requests" and the ' +
          `log group aws-waf-logs-${api.webAclName} (which rule, which IP or token, which path); a ` +
          'legitimate partner over its limit needs api.partnerRequestsPerFiveMinutes raised.',
        metric: this.wafMetric('BlockedRequests'),
        threshold: settings.wafBlockedPerFiveMinutes,
        // WAF publishes nothing without requests.
      }),
      false,
    );

    // ---- The product metrics (namespace CCSC, published by the functions) ----
    add(
      'auditAppendFailures',
      countAlarm(this, 'AuditAppendFailed', {
        alarmName: `${namePrefix}-audit-append-failed`,
        alarmDescription:
          'An audit record could not be appended: the change it records was refused or undone, ' +
          'so the user saw an error. Repeated, the audit trail (21 CFR Part 11) cannot be ' +
          "written. First: Logs Insights over the environment's function log groups for " +
          `"audit" at level ERROR; then the ${tableName(props.environmentName, TABLES.audit)} table's ` +
          'throttles and the functions’ permissions (PutItem) after a deploy.',
        metric: this.productMetric('auditAppendFailures', FIVE_MINUTES),
        threshold: 1,
        // Published only when an append failed.
      }),
      true,
    );
    add(
      'failedSignIns',
      countAlarm(this, 'FailedSignInsSpike', {
        alarmName: `${namePrefix}-failed-sign-ins-spike`,
        alarmDescription:
          `${String(settings.failedSignInsPerFiveMinutes)} or more failed sign-ins in 5 minutes, all accounts together: ` +
          'password guessing or a broken sign-in page. First: the console’s audit trail ' +
          '(security events: which accounts, which IPs), the Cognito user pool’s threat ' +
          'protection events, and the WAF’s blocked requests.',
        metric: this.productMetric('failedSignIns', FIVE_MINUTES),
        threshold: settings.failedSignInsPerFiveMinutes,
      }),
      false,
    );
    add(
      'lockouts',
      countAlarm(this, 'LockoutsSpike', {
        alarmName: `${namePrefix}-lockouts-spike`,
        alarmDescription:
          `${String(settings.lockoutsPerHour)} or more accounts were locked within an hour after too many failed ` +
          'sign-ins: a password-guessing campaign, or users locked out by a change. First: ' +
          "the console's audit trail (account.locked: which accounts, from where) and the WAF " +
          "logs; locked administrators are unlocked from the console's user list.",
        metric: this.productMetric('lockouts', Duration.hours(1)),
        threshold: settings.lockoutsPerHour,
      }),
      false,
    );

    // ---- SES: the account's reputation (AWS reviews an account at 5 % bounces, 0.1 % complaints) ----
    const sesRate = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic: 'Maximum',
        period: Duration.hours(1),
      });
    add(
      'sesBounceRate',
      new cloudwatch.Alarm(this, 'SesBounceRate', {
        alarmName: `${namePrefix}-ses-bounce-rate`,
        alarmDescription:
          "The SES account's bounce rate reached 2.5 %, half of the 5 % at which AWS puts the " +
          'account under review and may pause sending (every mail of the product, and ' +
          'Cognito’s with SES). The rate ' +
          'is the whole account’s in this region. First: SES console, Reputation metrics and ' +
          'the suppression list; find who was mailed (invitations to mistyped addresses, a ' +
          'stale distribution list) and stop it.',
        metric: sesRate('Reputation.BounceRate'),
        threshold: 0.025,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        // SES publishes the rates now and then: a gap keeps the last state (a high rate stays
        // high until SES publishes a lower one).
        treatMissingData: cloudwatch.TreatMissingData.IGNORE,
      }),
      true,
    );
    add(
      'sesComplaintRate',
      new cloudwatch.Alarm(this, 'SesComplaintRate', {
        alarmName: `${namePrefix}-ses-complaint-rate`,
        alarmDescription:
          "The SES account's complaint rate reached 0.05 %: recipients mark the product's mails " +
          'as spam, and AWS reviews the account at 0.1 %. The rate is the whole account’s in this ' +
          'region. First: SES console, Reputation metrics; which mails (expiry notices, ' +
          'document notices) and to whom; stop the mails nobody asked for.',
        metric: sesRate('Reputation.ComplaintRate'),
        threshold: 0.0005,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.IGNORE,
      }),
      true,
    );

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
    this.functionAlarms = functionAlarms;

    this.dashboard = this.buildDashboard(
      [
        ...Object.values(alarms).map(nameOf),
        ...jobs.jobs.map((j) => nameOf(j.failedAlarm)),
        nameOf(jobs.userIndexDriftAlarm),
        nameOf(jobs.credentialClientsAlarm),
      ],
      [...functionAlarms.values()]
        .flatMap((a) => [a.errors, a.throttles])
        .filter((a) => !jobs.jobs.some((j) => j.failedAlarm === a))
        .map(nameOf),
    );
  }

  /** AWS/ApiGateway metric of the stage (ApiName, Stage), over 5 minutes. */
  private apiMetric(metricName: string, statistic: string, label: string): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiName: this.props.api.apiName, Stage: this.props.api.stageName },
      statistic,
      period: FIVE_MINUTES,
      label,
    });
  }

  /** AWS/WAFV2 metric of the API's web ACL, every rule together (a label: for a graph). */
  private wafMetric(
    metricName: 'AllowedRequests' | 'BlockedRequests',
    label?: string,
  ): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName,
      dimensionsMap: {
        WebACL: this.props.api.webAclName,
        Region: Stack.of(this).region,
        Rule: 'ALL',
      },
      statistic: 'Sum',
      period: FIVE_MINUTES,
      ...(label === undefined ? {} : { label }),
    });
  }

  /**
   * One of the product metrics: a Count, dimensions exactly { service, Environment } (labelled
   * with its name for a graph).
   */
  private productMetric(metric: ProductMetric, period: Duration, graph = false): cloudwatch.Metric {
    return new cloudwatch.Metric({
      namespace: PRODUCT_METRICS.namespace,
      metricName: PRODUCT_METRICS.names[metric],
      dimensionsMap: {
        service: PRODUCT_METRICS.service,
        [PRODUCT_METRICS.dimension]: this.props.environmentName,
      },
      statistic: 'Sum',
      period,
      ...(graph ? { label: PRODUCT_METRICS.names[metric] } : {}),
    });
  }

  /** The environment's functions' metric: a search over the function names `<prefix>-...`. */
  private functionsSearch(metricName: string, statistic: string, label: string) {
    const tokens = this.props.namePrefix
      .split('-')
      .map((t) => `FunctionName=${t}`)
      .join(' AND ');
    return new cloudwatch.SearchExpression({
      expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" AND ${tokens}', '${statistic}', 300)`,
      label,
      period: FIVE_MINUTES,
    });
  }

  private buildDashboard(
    environmentAlarms: readonly string[],
    functionAlarms: readonly string[],
  ): cloudwatch.Dashboard {
    const { namePrefix, environmentName } = this.props;
    const listed = (names: readonly string[], prefix: string) =>
      names.map((name, i) => cloudwatch.Alarm.fromAlarmName(this, `${prefix}${String(i)}`, name));
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${namePrefix}-operations`,
      defaultInterval: Duration.hours(6),
    });
    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown:
          `# ${namePrefix}: operations\n` +
          'Each alarm’s description says what it means and what to look at first; the runbook ' +
          'is infra/README.md, "Alarms, the dashboard and what to do when an alarm fires". ' +
          `Alarms notify the SNS topic ${namePrefix}-alarms.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Environment alarms',
        alarms: listed(environmentAlarms, 'EnvironmentAlarm'),
        sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
        width: 24,
        height: 5,
      }),
    );
    for (let i = 0; i * ALARMS_PER_WIDGET < functionAlarms.length; i++) {
      dashboard.addWidgets(
        new cloudwatch.AlarmStatusWidget({
          title: `Functions in alarm (Errors, Throttles)${i > 0 ? `, ${String(i + 1)}` : ''}`,
          alarms: listed(
            functionAlarms.slice(i * ALARMS_PER_WIDGET, (i + 1) * ALARMS_PER_WIDGET),
            `FunctionAlarm${String(i)}-`,
          ),
          states: [cloudwatch.AlarmState.ALARM],
          sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
          width: 24,
          height: 3,
        }),
      );
    }

    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API: requests, 4xx, 5xx',
        left: [
          this.apiMetric('Count', 'Sum', 'Requests'),
          this.apiMetric('4XXError', 'Sum', '4xx'),
          this.apiMetric('5XXError', 'Sum', '5xx'),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API: latency (ms)',
        left: [
          this.apiMetric('Latency', 'p50', 'p50'),
          this.apiMetric('Latency', 'p99', 'p99'),
          this.apiMetric('IntegrationLatency', 'p99', 'Lambda p99'),
        ],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda: invocations',
        left: [this.functionsSearch('Invocations', 'Sum', '')],
        width: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda: errors',
        left: [this.functionsSearch('Errors', 'Sum', '')],
        width: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda: throttles',
        left: [this.functionsSearch('Throttles', 'Sum', '')],
        width: 6,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda: duration p99 (ms)',
        left: [this.functionsSearch('Duration', 'p99', '')],
        width: 6,
      }),
    );
    const tableMetric = (metricName: string) =>
      Object.values(TABLES).map((definition) => {
        const table = tableName(environmentName, definition);
        return new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: table },
          statistic: 'Sum',
          period: FIVE_MINUTES,
          label: `${definition.suffix} ${metricName}`,
        });
      });
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'DynamoDB: consumed capacity',
        left: [
          ...tableMetric('ConsumedReadCapacityUnits'),
          ...tableMetric('ConsumedWriteCapacityUnits'),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB: throttle events',
        left: [...tableMetric('ReadThrottleEvents'), ...tableMetric('WriteThrottleEvents')],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Sign-in',
        left: [
          this.productMetric('signIns', FIVE_MINUTES, true),
          this.productMetric('failedSignIns', FIVE_MINUTES, true),
          this.productMetric('lockouts', FIVE_MINUTES, true),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Credentials and documents',
        left: [
          this.productMetric('credentialsIssued', FIVE_MINUTES, true),
          this.productMetric('documentsSent', FIVE_MINUTES, true),
          this.productMetric('documentsReceived', FIVE_MINUTES, true),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Audit appends that failed',
        left: [this.productMetric('auditAppendFailures', FIVE_MINUTES, true)],
        width: 8,
      }),
    );
    const ses = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic,
        period: metricName.startsWith('Reputation') ? Duration.hours(1) : FIVE_MINUTES,
        label: metricName,
      });
    // The site's ACL is global: its metrics are in us-east-1, without a Region dimension.
    const siteWaf = (metricName: 'AllowedRequests' | 'BlockedRequests', label: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName,
        dimensionsMap: { WebACL: this.props.siteWebAclName ?? '', Rule: 'ALL' },
        statistic: 'Sum',
        period: FIVE_MINUTES,
        region: 'us-east-1',
        label,
      });
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API firewall: allowed, blocked',
        left: [
          this.wafMetric('AllowedRequests', 'Allowed'),
          this.wafMetric('BlockedRequests', 'Blocked'),
        ],
        width: 8,
      }),
      ...(this.props.siteWebAclName === undefined
        ? []
        : [
            new cloudwatch.GraphWidget({
              title: 'Console firewall (CloudFront, us-east-1): allowed, blocked',
              left: [siteWaf('AllowedRequests', 'Allowed'), siteWaf('BlockedRequests', 'Blocked')],
              width: 8,
            }),
          ]),
      new cloudwatch.GraphWidget({
        title: 'SES (account): sends, bounces, complaints',
        left: [ses('Send', 'Sum'), ses('Bounce', 'Sum'), ses('Complaint', 'Sum')],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'SES (account): reputation',
        left: [ses('Reputation.BounceRate', 'Maximum'), ses('Reputation.ComplaintRate', 'Maximum')],
        leftAnnotations: [
          { value: 0.05, label: 'bounces: AWS review' },
          { value: 0.025, label: 'bounces: alarm' },
          { value: 0.001, label: 'complaints: AWS review' },
          { value: 0.0005, label: 'complaints: alarm' },
        ],
        width: 8,
      }),
    );
    return dashboard;
  }
}
