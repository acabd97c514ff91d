import type * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { logWebAcl, managedRules, visibility } from './api-firewall';

export interface SiteFirewallProps {
  readonly namePrefix: string;
  /** Requests per client IP per 5 minutes to the console's files. */
  readonly requestsPerFiveMinutes: number;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The console's CloudFront web ACL (scope CLOUDFRONT, so it must be created in us-east-1: the
 * edge stack). The distribution serves static files only — the API has its own regional ACL —
 * so this one keeps abusive clients and known-bad requests off the edge: a per-IP rate limit,
 * AWS's IP reputation list, and the common and known-bad-input rule groups. Logged to CloudWatch
 * in us-east-1.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  /** The name CloudWatch's AWS/WAFV2 metrics carry in their WebACL dimension. */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: SiteFirewallProps) {
    super(scope, id);
    this.webAclName = `${props.namePrefix}-site`;

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              limit: props.requestsPerFiveMinutes,
            },
          },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        managedRules(1, 'AWSManagedRulesAmazonIpReputationList'),
        managedRules(2, 'AWSManagedRulesCommonRuleSet'),
        managedRules(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
      visibilityConfig: visibility(this.webAclName),
    });

    logWebAcl(this, this.webAcl, this.webAclName, props.logRetention);
  }
}
