import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { PRODUCT_METRICS } from '@ccsc/lambdas/metrics';
import type { MonitoringProps } from './monitoring-props';

// The metrics the environment's alarms and its dashboard watch (Monitoring, ../monitoring.ts).

type ProductMetric = keyof typeof PRODUCT_METRICS.names;

export const FIVE_MINUTES = Duration.minutes(5);

/** The name an alarm was given (a plain string): to list it without a cross-stack reference. */
export const nameOf = (alarm: cloudwatch.Alarm): string => {
  const name = (alarm.node.defaultChild as cloudwatch.CfnAlarm).alarmName;
  if (name === undefined) throw new Error(`Monitoring: alarm ${alarm.node.path} has no name`);
  return name;
};

/** AWS/ApiGateway metric of the stage (ApiName, Stage), over 5 minutes. */
export const apiMetric = (
  props: MonitoringProps,
  metricName: string,
  statistic: string,
  label: string,
): cloudwatch.Metric =>
  new cloudwatch.Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiName: props.api.apiName, Stage: props.api.stageName },
    statistic,
    period: FIVE_MINUTES,
    label,
  });

/** AWS/WAFV2 metric of the API's web ACL, every rule together (a label: for a graph). */
export const wafMetric = (
  scope: Construct,
  props: MonitoringProps,
  metricName: 'AllowedRequests' | 'BlockedRequests',
  label?: string,
): cloudwatch.Metric =>
  new cloudwatch.Metric({
    namespace: 'AWS/WAFV2',
    metricName,
    dimensionsMap: {
      WebACL: props.api.webAclName,
      Region: Stack.of(scope).region,
      Rule: 'ALL',
    },
    statistic: 'Sum',
    period: FIVE_MINUTES,
    ...(label === undefined ? {} : { label }),
  });

/**
 * One of the product metrics: a Count, dimensions exactly { service, Environment } (labelled
 * with its name for a graph).
 */
export const productMetric = (
  props: MonitoringProps,
  metric: ProductMetric,
  period: Duration,
  graph = false,
): cloudwatch.Metric =>
  new cloudwatch.Metric({
    namespace: PRODUCT_METRICS.namespace,
    metricName: PRODUCT_METRICS.names[metric],
    dimensionsMap: {
      service: PRODUCT_METRICS.service,
      [PRODUCT_METRICS.dimension]: props.environmentName,
    },
    statistic: 'Sum',
    period,
    ...(graph ? { label: PRODUCT_METRICS.names[metric] } : {}),
  });

/** The environment's functions' metric: a search over the function names `<prefix>-...`. */
export const functionsSearch = (
  props: MonitoringProps,
  metricName: string,
  statistic: string,
  label: string,
) => {
  const tokens = props.namePrefix
    .split('-')
    .map((t) => `FunctionName=${t}`)
    .join(' AND ');
  return new cloudwatch.SearchExpression({
    expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" AND ${tokens}', '${statistic}', 300)`,
    label,
    period: FIVE_MINUTES,
  });
};
