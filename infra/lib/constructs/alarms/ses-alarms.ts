import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { AddAlarm } from './api-alarms';
import type { MonitoringProps } from './monitoring-props';

/** SES: the account's reputation (AWS reviews an account at 5 % bounces, 0.1 % complaints). */
export const addSesAlarms = (scope: Construct, props: MonitoringProps, add: AddAlarm): void => {
  const { namePrefix } = props;
  const sesRate = (metricName: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/SES',
      metricName,
      statistic: 'Maximum',
      period: Duration.hours(1),
    });
  add(
    'sesBounceRate',
    new cloudwatch.Alarm(scope, 'SesBounceRate', {
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
    new cloudwatch.Alarm(scope, 'SesComplaintRate', {
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
};
