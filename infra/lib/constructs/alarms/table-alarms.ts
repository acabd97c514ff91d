import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { countAlarm } from '../node-function';
import type { AddAlarm } from './api-alarms';
import { FIVE_MINUTES } from './metrics';
import type { MonitoringProps } from './monitoring-props';

/** Each table's read and write throttles, its indexes' included. */
export const addTableAlarms = (scope: Construct, props: MonitoringProps, add: AddAlarm): void => {
  const { settings } = props;
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
        countAlarm(scope, `${definition.suffix}-${kind}Throttles`, {
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
};
