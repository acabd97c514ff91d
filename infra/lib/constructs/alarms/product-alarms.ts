import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { countAlarm } from '../node-function';
import type { AddAlarm } from './api-alarms';
import { FIVE_MINUTES, productMetric } from './metrics';
import type { MonitoringProps } from './monitoring-props';

/** The product metrics' alarms (namespace CCSC, published by the functions). */
export const addProductAlarms = (scope: Construct, props: MonitoringProps, add: AddAlarm): void => {
  const { namePrefix, settings } = props;
  add(
    'auditAppendFailures',
    countAlarm(scope, 'AuditAppendFailed', {
      alarmName: `${namePrefix}-audit-append-failed`,
      alarmDescription:
        'An audit record could not be appended: the change it records was refused or undone, ' +
        'so the user saw an error. Repeated, the audit trail (21 CFR Part 11) cannot be ' +
        "written. First: Logs Insights over the environment's function log groups for " +
        `"audit" at level ERROR; then the ${tableName(props.environmentName, TABLES.audit)} table's ` +
        'throttles and the functions’ permissions (PutItem) after a deploy.',
      metric: productMetric(props, 'auditAppendFailures', FIVE_MINUTES),
      threshold: 1,
      // Published only when an append failed.
    }),
    true,
  );
  add(
    'failedSignIns',
    countAlarm(scope, 'FailedSignInsSpike', {
      alarmName: `${namePrefix}-failed-sign-ins-spike`,
      alarmDescription:
        `${String(settings.failedSignInsPerFiveMinutes)} or more failed sign-ins in 5 minutes, all accounts together: ` +
        'password guessing or a broken sign-in page. First: the console’s audit trail ' +
        '(security events: which accounts, which IPs), the Cognito user pool’s threat ' +
        'protection events, and the WAF’s blocked requests.',
      metric: productMetric(props, 'failedSignIns', FIVE_MINUTES),
      threshold: settings.failedSignInsPerFiveMinutes,
    }),
    false,
  );
  add(
    'lockouts',
    countAlarm(scope, 'LockoutsSpike', {
      alarmName: `${namePrefix}-lockouts-spike`,
      alarmDescription:
        `${String(settings.lockoutsPerHour)} or more accounts were locked within an hour after too many failed ` +
        'sign-ins: a password-guessing campaign, or users locked out by a change. First: ' +
        "the console's audit trail (account.locked: which accounts, from where) and the WAF " +
        "logs; locked administrators are unlocked from the console's user list.",
      metric: productMetric(props, 'lockouts', Duration.hours(1)),
      threshold: settings.lockoutsPerHour,
    }),
    false,
  );
};
