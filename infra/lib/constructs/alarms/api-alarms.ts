import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { MonitoringProps } from './monitoring-props';
import { countAlarm } from '../node-function';
import { apiMetric, FIVE_MINUTES, wafMetric } from './metrics';

/** Records an alarm of the environment and has it notify the topic (Monitoring's `add`). */
export type AddAlarm = (key: string, alarm: cloudwatch.Alarm, withOk: boolean) => void;

/** The API stage's 5xx rate and p99 latency. */
export const addApiAlarms = (scope: Construct, props: MonitoringProps, add: AddAlarm): void => {
  const { namePrefix, settings } = props;
  const requests = apiMetric(props, 'Count', 'Sum', 'Requests');
  const floor = settings.apiMinimumRequests;
  add(
    'api5xxRate',
    new cloudwatch.Alarm(scope, 'Api5xxRate', {
      alarmName: `${namePrefix}-api-5xx-rate`,
      alarmDescription:
        `More than ${String(settings.apiServerErrorPercent)} % of the API's answers were 5xx ` +
        `in 2 of 3 five-minute periods (at least ${String(floor)} requests each). Users see ` +
        '"Something went wrong". First: the dashboard shows which function errs or is slow; ' +
        `then its log group (Logs Insights: level ERROR), or the API's access log ` +
        '(status, errorType, integrationStatus). After a deploy: roll back.',
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${String(floor)}, 100 * errors / requests, 0)`,
        usingMetrics: { errors: apiMetric(props, '5XXError', 'Sum', '5xx'), requests },
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
    new cloudwatch.Alarm(scope, 'ApiLatencyP99', {
      alarmName: `${namePrefix}-api-latency-p99`,
      alarmDescription:
        `The API's p99 latency stayed above ${String(settings.apiLatencyP99Ms)} ms for 15 ` +
        `minutes (at least ${String(floor)} requests each 5 minutes). First: the dashboard's ` +
        'Lambda duration (which function), DynamoDB throttles, and X-Ray traces of the slow ' +
        'calls; an eTMF-EMS import or export (up to 29 s each call) can hold it up on its own.',
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${String(floor)}, latency, 0)`,
        usingMetrics: { latency: apiMetric(props, 'Latency', 'p99', 'p99 latency'), requests },
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
};

/** Blocked requests on the API's web ACL. */
export const addWafAlarm = (scope: Construct, props: MonitoringProps, add: AddAlarm): void => {
  const { namePrefix, settings, api } = props;
  add(
    'wafBlocked',
    countAlarm(scope, 'ApiWafBlockedSpike', {
      alarmName: `${namePrefix}-api-waf-blocked-spike`,
      alarmDescription:
        `The API's web ACL (${api.webAclName}) blocked ${String(settings.wafBlockedPerFiveMinutes)} or more ` +
        'requests in 5 minutes: an attack, a scanner, or a client (a partner system, a script) ' +
        'over the rate limits. First: the WAF console, web ACL, "Sampled requests" and the ' +
        `log group aws-waf-logs-${api.webAclName} (which rule, which IP or token, which path); a ` +
        'legitimate partner over its limit needs api.partnerRequestsPerFiveMinutes raised.',
      metric: wafMetric(scope, props, 'BlockedRequests'),
      threshold: settings.wafBlockedPerFiveMinutes,
      // WAF publishes nothing without requests.
    }),
    false,
  );
};
