import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { apiMetric, FIVE_MINUTES, functionsSearch, productMetric, wafMetric } from './metrics';
import type { MonitoringProps } from './monitoring-props';

/** An alarm status widget lists at most 100 alarms. */
const ALARMS_PER_WIDGET = 100;

/** The dashboard `<prefix>-operations`: the alarms' states, then the graphs behind them. */
export const buildDashboard = (
  scope: Construct,
  props: MonitoringProps,
  environmentAlarms: readonly string[],
  functionAlarms: readonly string[],
): cloudwatch.Dashboard => {
  const { namePrefix, environmentName } = props;
  const listed = (names: readonly string[], prefix: string) =>
    names.map((name, i) => cloudwatch.Alarm.fromAlarmName(scope, `${prefix}${String(i)}`, name));
  const dashboard = new cloudwatch.Dashboard(scope, 'Dashboard', {
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
        apiMetric(props, 'Count', 'Sum', 'Requests'),
        apiMetric(props, '4XXError', 'Sum', '4xx'),
        apiMetric(props, '5XXError', 'Sum', '5xx'),
      ],
      width: 12,
    }),
    new cloudwatch.GraphWidget({
      title: 'API: latency (ms)',
      left: [
        apiMetric(props, 'Latency', 'p50', 'p50'),
        apiMetric(props, 'Latency', 'p99', 'p99'),
        apiMetric(props, 'IntegrationLatency', 'p99', 'Lambda p99'),
      ],
      width: 12,
    }),
  );
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'Lambda: invocations',
      left: [functionsSearch(props, 'Invocations', 'Sum', '')],
      width: 6,
    }),
    new cloudwatch.GraphWidget({
      title: 'Lambda: errors',
      left: [functionsSearch(props, 'Errors', 'Sum', '')],
      width: 6,
    }),
    new cloudwatch.GraphWidget({
      title: 'Lambda: throttles',
      left: [functionsSearch(props, 'Throttles', 'Sum', '')],
      width: 6,
    }),
    new cloudwatch.GraphWidget({
      title: 'Lambda: duration p99 (ms)',
      left: [functionsSearch(props, 'Duration', 'p99', '')],
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
        productMetric(props, 'signIns', FIVE_MINUTES, true),
        productMetric(props, 'failedSignIns', FIVE_MINUTES, true),
        productMetric(props, 'lockouts', FIVE_MINUTES, true),
      ],
      width: 8,
    }),
    new cloudwatch.GraphWidget({
      title: 'Credentials and documents',
      left: [
        productMetric(props, 'credentialsIssued', FIVE_MINUTES, true),
        productMetric(props, 'documentsSent', FIVE_MINUTES, true),
        productMetric(props, 'documentsReceived', FIVE_MINUTES, true),
      ],
      width: 8,
    }),
    new cloudwatch.GraphWidget({
      title: 'Audit appends that failed',
      left: [productMetric(props, 'auditAppendFailures', FIVE_MINUTES, true)],
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
      dimensionsMap: { WebACL: props.siteWebAclName ?? '', Rule: 'ALL' },
      statistic: 'Sum',
      period: FIVE_MINUTES,
      region: 'us-east-1',
      label,
    });
  dashboard.addWidgets(
    new cloudwatch.GraphWidget({
      title: 'API firewall: allowed, blocked',
      left: [
        wafMetric(scope, props, 'AllowedRequests', 'Allowed'),
        wafMetric(scope, props, 'BlockedRequests', 'Blocked'),
      ],
      width: 8,
    }),
    ...(props.siteWebAclName === undefined
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
};
