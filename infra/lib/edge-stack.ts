import { Duration, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { EnvironmentConfig } from './config';
import { alarmTopic } from './constructs/alarms/alarm-topic';
import { countAlarm } from './constructs/node-function';
import { SiteFirewall } from './constructs/site-firewall';
import { refuseDeployment } from './synthesis-only';

/** CloudFront takes web ACLs, certificates and their metrics from this region only. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends Omit<StackProps, 'env' | 'stackName'> {
  readonly config: EnvironmentConfig;
}

/**
 * The environment's companion stack in us-east-1 (`ccsc-console-<env>-edge`): what CloudFront
 * needs from that region — the site's web ACL, its logs and its alarm. The console stack reads
 * the ACL's ARN through CDK's cross-region references, so `cdk deploy --all` deploys this one
 * first. Not created when the environment names an existing ACL (`siteWebAclArn`).
 */
export class EdgeStack extends Stack {
  readonly firewall: SiteFirewall;
  /** This region's alarm topic (`<prefix>-alarms`, the environment's subscribers). */
  readonly topic: sns.Topic;
  readonly blockedSpike: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    const { config } = props;
    super(scope, id, {
      ...props,
      stackName: `${config.stackName}-edge`,
      env: { account: config.account, region: EDGE_REGION },
      terminationProtection: config.terminationProtection,
      crossRegionReferences: true,
      description: `${config.productName} (${config.environmentName}): the console's CloudFront web ACL (us-east-1)`,
    });
    Tags.of(this).add('ccsc:environment', config.environmentName);
    Tags.of(this).add('ccsc:product', 'ccsc-console');
    if (config.synthesisOnly) refuseDeployment(this, config.environmentName);

    this.firewall = new SiteFirewall(this, 'SiteFirewall', {
      namePrefix: config.namePrefix,
      requestsPerFiveMinutes: config.siteRequestsPerFiveMinutes,
      logRetention: config.retention.logDays,
    });

    // An alarm notifies topics of its own region: this one has the same subscribers.
    ({ topic: this.topic } = alarmTopic(this, {
      namePrefix: config.namePrefix,
      environmentName: config.environmentName,
      emails: config.alarms.emails,
    }));
    const threshold = config.alarms.wafBlockedPerFiveMinutes;
    this.blockedSpike = countAlarm(this, 'SiteWafBlockedSpike', {
      alarmName: `${config.namePrefix}-site-waf-blocked-spike`,
      alarmDescription:
        `The console's CloudFront web ACL (${this.firewall.webAclName}, us-east-1) blocked ` +
        `${String(threshold)} or more requests in 5 minutes: a scanner, an attack, or a crowd ` +
        'behind one address over siteRequestsPerFiveMinutes. First: the WAF console (Global / ' +
        `CloudFront), the ACL's "Sampled requests" and the log group aws-waf-logs-` +
        `${config.namePrefix}-site in us-east-1 (which rule, which IP, which path).`,
      // CloudFront ACLs' metrics have no Region dimension.
      metric: new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: this.firewall.webAclName, Rule: 'ALL' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold,
      // WAF publishes nothing without requests.
    });
    this.blockedSpike.addAlarmAction(new actions.SnsAction(this.topic));
  }
}
