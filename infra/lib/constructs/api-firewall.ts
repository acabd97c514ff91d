import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { PARTNER_RATE_LIMIT, partnerRateLimitMessage } from '@ccsc/contract/scopes';

/** The web ACL's answer to a partner call over its token's limit. */
const PARTNER_RATE_LIMITED = 'partner-rate-limited';

export interface ApiFirewallProps {
  readonly namePrefix: string;
  /** The API stage to protect. */
  readonly stageArn: string;
  /** URI paths of the unauthenticated routes, as the stage receives them (/<stage>/ccsc/ui/...). */
  readonly publicPaths: readonly string[];
  /** Requests per client IP per 5 minutes, any route. */
  readonly requestsPerFiveMinutes: number;
  /** Requests per client IP per 5 minutes to the public routes: the stricter limit. */
  readonly publicRequestsPerFiveMinutes: number;
  /** Where the partner API's paths begin, as the stage receives them (/<stage>/ccsc/api/). */
  readonly partnerPathPrefix: string;
  /** Requests per access token (Authorization header) per 5 minutes to the partner API. */
  readonly partnerRequestsPerFiveMinutes: number;
  readonly logRetention: logs.RetentionDays;
}

export const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** One of AWS's managed rule groups, its own actions kept (save the overrides given). */
export const managedRules = (
  priority: number,
  name: string,
  ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[],
): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(ruleActionOverrides ? { ruleActionOverrides } : {}),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * The API's web ACL: per-IP rate limits — a strict one on the routes anyone can call without
 * signing in (account lockout, password and authenticator recovery, credential redemption), a
 * looser one on everything — and a limit per access token on the partner API, then AWS's IP
 * reputation list and common and known-bad-input rule groups. Blocked requests get the API's WAF_FILTERED gateway response (our error envelope, with
 * CORS headers so the console can read it). Logged to CloudWatch with the Authorization header
 * redacted.
 */
export class ApiFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);

    const pathMatches: wafv2.CfnWebACL.StatementProperty[] = props.publicPaths.flatMap((path) =>
      [path, `${path}/`].map((searchString) => ({
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint: 'EXACTLY',
          searchString,
          textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
        },
      })),
    );
    const publicScope: wafv2.CfnWebACL.StatementProperty =
      pathMatches.length === 1 && pathMatches[0] !== undefined
        ? pathMatches[0]
        : { orStatement: { statements: pathMatches } };

    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      {
        name: 'RateLimitPublicRoutes',
        priority: 0,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            evaluationWindowSec: 300,
            limit: props.publicRequestsPerFiveMinutes,
            scopeDownStatement: publicScope,
          },
        },
        visibilityConfig: visibility('RateLimitPublicRoutes'),
      },
      {
        name: 'RateLimitAllRoutes',
        priority: 1,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'IP',
            evaluationWindowSec: 300,
            limit: props.requestsPerFiveMinutes,
          },
        },
        visibilityConfig: visibility('RateLimitAllRoutes'),
      },
      {
        // Per client of the partner API: WAF cannot read a token's client_id, but each token is
        // one credential's client's (for its hour), so the Authorization header as it is stands
        // for the client — several systems behind one NAT are not limited together, and one
        // system spread over many addresses is. A request without the header is not counted
        // here (the authorizer refuses it; the per-IP limits above still apply).
        // Answered as the offline gateway answers (mock-server partner-rate-limit.ts): 429, our
        // envelope, Retry-After. WAF's answer takes precedence over API Gateway's WAF_FILTERED
        // response. WAF cannot say when the trailing count falls below the limit (offline says
        // it to the second), so Retry-After is a fixed minute: a client still over it is told
        // again.
        name: 'RateLimitPartnerApiPerToken',
        priority: 2,
        action: {
          block: {
            customResponse: {
              responseCode: 429,
              customResponseBodyKey: PARTNER_RATE_LIMITED,
              responseHeaders: [
                { name: 'Retry-After', value: '60' },
                { name: 'Cache-Control', value: 'no-store' },
              ],
            },
          },
        },
        statement: {
          rateBasedStatement: {
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [
              {
                header: {
                  name: 'authorization',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            ],
            evaluationWindowSec: PARTNER_RATE_LIMIT.windowSeconds,
            limit: props.partnerRequestsPerFiveMinutes,
            scopeDownStatement: {
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'STARTS_WITH',
                searchString: props.partnerPathPrefix,
                textTransformations: [{ priority: 0, type: 'URL_DECODE' }],
              },
            },
          },
        },
        visibilityConfig: visibility('RateLimitPartnerApiPerToken'),
      },
      managedRules(3, 'AWSManagedRulesAmazonIpReputationList'),
      // A mapping standard's rows are sent as bodies of up to 3 MB (the contract's maxBodyBytes); the
      // common rule set would block every body over 8 KB. The Lambda enforces each route's limit.
      managedRules(4, 'AWSManagedRulesCommonRuleSet', [
        { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
      ]),
      managedRules(5, 'AWSManagedRulesKnownBadInputsRuleSet'),
    ];

    if (pathMatches.length === 0) rules.shift();

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-api`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: {
        [PARTNER_RATE_LIMITED]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            status: 'error',
            error: {
              code: 'TOO_MANY_REQUESTS',
              message: partnerRateLimitMessage(props.partnerRequestsPerFiveMinutes),
            },
          }),
        },
      },
      visibilityConfig: visibility(`${props.namePrefix}-api`),
    });

    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });

    logWebAcl(this, this.webAcl, `${props.namePrefix}-api`, props.logRetention);
  }
}

/**
 * A web ACL's logs, to CloudWatch (`aws-waf-logs-<name>`, kept with the environment's retention)
 * with the Authorization header redacted. WAF only logs to log groups named aws-waf-logs-*,
 * given by an ARN without the ":*".
 */
export const logWebAcl = (
  scope: Construct,
  webAcl: wafv2.CfnWebACL,
  name: string,
  logRetention: logs.RetentionDays,
): void => {
  const logGroup = new logs.LogGroup(scope, 'Logs', {
    logGroupName: `aws-waf-logs-${name}`,
    retention: logRetention,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  new wafv2.CfnLoggingConfiguration(scope, 'Logging', {
    resourceArn: webAcl.attrArn,
    logDestinationConfigs: [
      Stack.of(scope).formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: logGroup.logGroupName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
    redactedFields: [{ singleHeader: { Name: 'authorization' } }],
  });
};
