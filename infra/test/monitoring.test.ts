import { CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { PRODUCT_METRICS } from '@ccsc/lambdas/metrics';
import type { ConsoleStack } from '../lib/console-stack';
import type { NodeFunction } from '../lib/constructs/node-function';
import {
  inParentTerms,
  resourcesOf,
  sitStack,
  stacksOf,
  templateOf,
  variantStack,
  type Resource,
  type Synthesized,
} from './support/stacks';

const { stack, config } = sitStack();
const monitoring = stack.monitoring;
const monitoringTemplate = templateOf(monitoring);

type Props = Record<string, unknown>;
const logicalIdOf = (construct: IConstruct): string =>
  Stack.of(construct).getLogicalId(
    (construct instanceof CfnElement ? construct : construct.node.defaultChild) as CfnElement,
  );

/** The environment's stack and its nested stacks (not the us-east-1 companion). */
const environmentStacks = (s: Synthesized): Stack[] =>
  stacksOf(s.app).filter((x) => x === s.stack || x.node.path.startsWith(`${s.stack.node.path}/`));

/** Every alarm of the environment, with the stack it is in. */
const everyAlarm = (s: Synthesized) =>
  environmentStacks(s).flatMap((st) =>
    Object.entries(resourcesOf(templateOf(st), 'AWS::CloudWatch::Alarm')).map(([id, r]) => ({
      stack: st,
      id,
      props: r.Properties as Props,
    })),
  );

const alarmNamed = (name: string): Props => {
  const found = everyAlarm(sitStack()).find((a) => a.props.AlarmName === name);
  if (!found) throw new Error(`no alarm ${name}`);
  return found.props;
};

const topicRef = { Ref: logicalIdOf(monitoring.topic) };
/**
 * The alarm topic as a template of `within` names it: itself in Monitoring, elsewhere the
 * parameter the parent fills with Monitoring's output.
 */
const isTopic = (within: Stack, value: unknown): boolean => {
  if (within === monitoring) return JSON.stringify(value) === JSON.stringify(topicRef);
  const resolved = JSON.stringify(inParentTerms(within, value));
  return (
    resolved.includes(logicalIdOf(monitoring.nestedStackResource as IConstruct)) &&
    resolved.includes('Outputs.') &&
    resolved.includes('AlarmTopic')
  );
};

/** Our functions: each operation's, each partner call's, each job's. */
const ourFunctions = (s: ConsoleStack): NodeFunction[] => [
  ...s.api.allFunctions,
  ...s.jobs.jobs.map((j) => j.fn),
];

describe('Monitoring (issue 19): the alarm topic', () => {
  it('is <prefix>-alarms, in a nested stack, encrypted with a rotated key CloudWatch may use', () => {
    expect(NestedStack.isNestedStack(monitoring)).toBe(true);
    const topic = resourcesOf(monitoringTemplate, 'AWS::SNS::Topic')[logicalIdOf(monitoring.topic)]
      ?.Properties as Props;
    expect(topic.TopicName).toBe('ccsc-sit-alarms');
    expect(topic.KmsMasterKeyId).toEqual({
      'Fn::GetAtt': [logicalIdOf(monitoring.key), 'Arn'],
    });
    const key = resourcesOf(monitoringTemplate, 'AWS::KMS::Key')[logicalIdOf(monitoring.key)]
      ?.Properties as Props;
    expect(key.EnableKeyRotation).toBe(true);
    const statements = (key.KeyPolicy as { Statement: Props[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
  });

  it("is published to over TLS only, by this environment's alarms only", () => {
    const policies = Object.values(resourcesOf(monitoringTemplate, 'AWS::SNS::TopicPolicy'));
    expect(policies).toHaveLength(1);
    const statements = (policies[0]?.Properties?.PolicyDocument as { Statement: Props[] })
      .Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    const publish = statements.find((s) => s.Sid === 'OnlyThisEnvironmentsAlarmsPublish');
    expect(publish).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
    });
    expect(JSON.stringify(publish?.Condition)).toContain(':alarm:ccsc-sit-*');
  });

  it('has one e-mail subscription per alarms.emails address, and none without', () => {
    expect(config.alarms.emails.length).toBeGreaterThan(0);
    const topic = resourcesOf(monitoringTemplate, 'AWS::SNS::Topic')[logicalIdOf(monitoring.topic)]
      ?.Properties as Props;
    expect(topic.Subscription).toEqual(
      config.alarms.emails.map((e) => ({ Protocol: 'email', Endpoint: e })),
    );
    const variant = variantStack();
    expect(variant.config.alarms.emails).toEqual([]);
    const variantTopic = Object.values(
      resourcesOf(templateOf(variant.stack.monitoring), 'AWS::SNS::Topic'),
    )[0]?.Properties as Props;
    expect(variantTopic.TopicName).toBe('ccsc-variant-alarms');
    expect(variantTopic.Subscription).toBeUndefined();
  });
});

describe('Monitoring: the alarms', () => {
  it('notifies the topic from every alarm of the environment, each described', () => {
    const alarms = everyAlarm(sitStack());
    expect(alarms.length).toBeGreaterThan(2 * ourFunctions(stack).length);
    for (const a of alarms) {
      const name = String(a.props.AlarmName);
      expect(name, a.id).toMatch(/^ccsc-sit-/);
      expect(JSON.stringify(a.props.AlarmDescription ?? '').length, name).toBeGreaterThan(120);
      const actions = a.props.AlarmActions as unknown[];
      expect(actions, name).toHaveLength(1);
      expect(isTopic(a.stack, actions[0]), name).toBe(true);
    }
  });

  it('alarms on the API stage’s 5xx rate (with a floor on requests) and p99 latency', () => {
    const rate = alarmNamed('ccsc-sit-api-5xx-rate');
    const metrics = rate.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: Props; Stat: string };
    }[];
    const expression = metrics.find((m) => m.Expression !== undefined)?.Expression;
    expect(expression).toBe(
      `IF(requests >= ${String(config.alarms.apiMinimumRequests)}, 100 * errors / requests, 0)`,
    );
    const stat = (id: string) => metrics.find((m) => m.Id === id)?.MetricStat;
    const dimensions = [
      { Name: 'ApiName', Value: 'ccsc-sit-api' },
      { Name: 'Stage', Value: 'v1' },
    ];
    expect(stat('errors')).toMatchObject({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5XXError', Dimensions: dimensions },
      Stat: 'Sum',
    });
    expect(stat('requests')).toMatchObject({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: dimensions },
      Stat: 'Sum',
    });
    expect(rate).toMatchObject({
      Threshold: config.alarms.apiServerErrorPercent,
      TreatMissingData: 'notBreaching',
    });
    expect(rate.OKActions).toHaveLength(1);

    const latency = alarmNamed('ccsc-sit-api-latency-p99');
    const latencyStat = (latency.Metrics as { Id: string; MetricStat?: Props }[]).find(
      (m) => m.Id === 'latency',
    )?.MetricStat;
    expect(latencyStat).toMatchObject({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Latency', Dimensions: dimensions },
      Stat: 'p99',
    });
    expect(latency.Threshold).toBe(config.alarms.apiLatencyP99Ms);
  });

  it('alarms on every function’s Errors and Throttles, beside the function, one each', () => {
    const functions = ourFunctions(stack);
    // The API's, the four scheduled jobs and the scan verdicts' function (issue 34), the events'
    // fan-out, the notification digest, the distributions' reminders and the document
    // follow-ups (issue 35), the webhook deliveries and their queue's consumer (issue 36).
    expect(functions.length).toBe(stack.api.allFunctions.length + 11);
    const lambdaAlarms = (metricName: string) =>
      everyAlarm(sitStack()).filter(
        (a) => a.props.Namespace === 'AWS/Lambda' && a.props.MetricName === metricName,
      );
    expect(lambdaAlarms('Errors')).toHaveLength(functions.length);
    expect(lambdaAlarms('Throttles')).toHaveLength(functions.length);
    for (const fn of functions) {
      const own = { Name: 'FunctionName', Value: { Ref: logicalIdOf(fn.function) } };
      for (const metricName of ['Errors', 'Throttles']) {
        const alarm = lambdaAlarms(metricName).find(
          (a) => JSON.stringify(a.props.Dimensions) === JSON.stringify([own]),
        );
        // In the function's own stack: its Ref resolves there.
        expect(alarm?.stack, `${fn.functionName} ${metricName}`).toBe(Stack.of(fn));
        expect(alarm?.props).toMatchObject({
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
      }
    }
    expect(alarmNamed('ccsc-sit-users-create-user-errors').MetricName).toBe('Errors');
    expect(alarmNamed('ccsc-sit-partner-me-throttles').MetricName).toBe('Throttles');
    // A job's Errors alarm is its failed alarm, which also says when the job recovered.
    expect(alarmNamed('ccsc-sit-interrupted-writes-unfinished').OKActions).toHaveLength(1);
    expect(alarmNamed('ccsc-sit-job-reconcile-writes-throttles').MetricName).toBe('Throttles');
  });

  it('alarms on the read and write throttles of each table and of its indexes, summed', () => {
    for (const definition of Object.values(TABLES)) {
      const table = tableName('sit', definition);
      for (const kind of ['Read', 'Write']) {
        const alarm = alarmNamed(`${table}-${kind.toLowerCase()}-throttles`);
        expect(alarm).toMatchObject({
          Threshold: config.alarms.tableThrottleEvents,
          TreatMissingData: 'notBreaching',
        });
        const metrics = alarm.Metrics as {
          Expression?: string;
          ReturnData?: boolean;
          MetricStat?: {
            Metric: { Namespace: string; MetricName: string; Dimensions: unknown[] };
            Stat: string;
          };
        }[];
        const series = metrics.filter((m) => m.MetricStat !== undefined);
        // The table itself and each of its global secondary indexes.
        expect(series).toHaveLength(1 + definition.indexes.length);
        for (const m of series) {
          expect(m.MetricStat?.Metric.Namespace).toBe('AWS/DynamoDB');
          expect(m.MetricStat?.Metric.MetricName).toBe(`${kind}ThrottleEvents`);
          expect(m.MetricStat?.Stat).toBe('Sum');
        }
        const dimensions = JSON.stringify(series.map((m) => m.MetricStat?.Metric.Dimensions));
        for (const index of definition.indexes) expect(dimensions).toContain(index.name);
        expect(metrics.find((m) => m.ReturnData !== false)?.Expression).toMatch(/^SUM\(\[table/);
      }
    }
  });

  it("alarms on a spike of requests blocked by the API's web ACL", () => {
    expect(alarmNamed('ccsc-sit-api-waf-blocked-spike')).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: expect.arrayContaining([
        { Name: 'WebACL', Value: 'ccsc-sit-api' },
        { Name: 'Region', Value: 'us-west-2' },
        { Name: 'Rule', Value: 'ALL' },
      ]) as unknown,
      Threshold: config.alarms.wafBlockedPerFiveMinutes,
    });
  });

  it('alarms on failed audit appends, and on failed sign-in and lockout spikes (product metrics)', () => {
    const dimensions = expect.arrayContaining([
      { Name: 'service', Value: PRODUCT_METRICS.service },
      { Name: PRODUCT_METRICS.dimension, Value: 'sit' },
    ]) as unknown;
    const audit = alarmNamed('ccsc-sit-audit-append-failed');
    expect(audit).toMatchObject({
      Namespace: PRODUCT_METRICS.namespace,
      MetricName: PRODUCT_METRICS.names.auditAppendFailures,
      Dimensions: dimensions,
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(audit.Dimensions).toHaveLength(2);
    expect(audit.OKActions).toHaveLength(1);
    expect(alarmNamed('ccsc-sit-lockouts-spike')).toMatchObject({
      MetricName: PRODUCT_METRICS.names.lockouts,
      Dimensions: dimensions,
      Period: 3600,
      Threshold: config.alarms.lockoutsPerHour,
    });
    expect(alarmNamed('ccsc-sit-failed-sign-ins-spike')).toMatchObject({
      MetricName: PRODUCT_METRICS.names.failedSignIns,
      Threshold: config.alarms.failedSignInsPerFiveMinutes,
    });
  });

  it("alarms at half the SES account's review levels: 2.5 % bounces, 0.05 % complaints", () => {
    expect(alarmNamed('ccsc-sit-ses-bounce-rate')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: 0.025,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'ignore',
    });
    expect(alarmNamed('ccsc-sit-ses-complaint-rate')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.ComplaintRate',
      Threshold: 0.0005,
    });
  });

  it('makes the jobs’ existing alarms notify the topic', () => {
    for (const name of [
      'ccsc-sit-interrupted-writes-unfinished',
      'ccsc-sit-user-index-rebuild-failed',
      'ccsc-sit-credential-job-failed',
      'ccsc-sit-held-documents-release-failed',
      'ccsc-sit-user-index-disagreed',
    ]) {
      expect((alarmNamed(name).AlarmActions as unknown[]).length, name).toBe(1);
    }
  });
});

describe('Monitoring: the dashboard', () => {
  it('is <prefix>-operations and shows the API, functions, tables, firewall, product, SES and alarms', () => {
    const dashboards = Object.values(resourcesOf(monitoringTemplate, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const props = dashboards[0]?.Properties as Props;
    expect(props.DashboardName).toBe('ccsc-sit-operations');
    const body = JSON.stringify(props.DashboardBody);
    for (const shown of [
      'AWS/ApiGateway',
      '5XXError',
      '4XXError',
      'Latency',
      "SEARCH('{AWS/Lambda,FunctionName}",
      'MetricName=\\\\\\"Errors\\\\\\"',
      'Throttles',
      'Duration',
      'ConsumedReadCapacityUnits',
      'WriteThrottleEvents',
      'AllowedRequests',
      'BlockedRequests',
      ...Object.values(PRODUCT_METRICS.names),
      'Reputation.BounceRate',
      'Complaint',
      '\\"type\\":\\"alarm\\"',
      ':alarm:ccsc-sit-api-5xx-rate',
      ':alarm:ccsc-sit-users-create-user-errors',
    ]) {
      expect(body, shown).toContain(shown);
    }
  });

  it('shows the console’s CloudFront web ACL from us-east-1 when the edge stack made it', () => {
    const body = JSON.stringify(
      Object.values(resourcesOf(monitoringTemplate, 'AWS::CloudWatch::Dashboard'))[0]?.Properties,
    );
    expect(body).toContain('Console firewall (CloudFront, us-east-1)');
    expect(body).toMatch(
      /AWS\/WAFV2[^\]]*BlockedRequests[^\]]*WebACL[^\]]*ccsc-sit-site[^\]]*us-east-1/,
    );
  });
});

describe('JSON logs (issue 19)', () => {
  it('gives every Lambda function of every stack LogFormat JSON, CDK’s own handlers included', () => {
    for (const s of [sitStack(), variantStack()]) {
      const functions = stacksOf(s.app).flatMap((st) =>
        Object.entries(resourcesOf(templateOf(st), 'AWS::Lambda::Function')).map(
          ([id, f]: [string, Resource]) => ({ where: `${st.node.path}/${id}`, f }),
        ),
      );
      expect(functions.length).toBeGreaterThan(ourFunctions(s.stack).length);
      for (const { where, f } of functions) {
        expect((f.Properties?.LoggingConfig as Props | undefined)?.LogFormat, where).toBe('JSON');
      }
    }
  });

  it('logs our functions’ application output from INFO and the platform’s from WARN', () => {
    for (const fn of ourFunctions(stack)) {
      const props = resourcesOf(templateOf(fn), 'AWS::Lambda::Function')[logicalIdOf(fn.function)]
        ?.Properties as Props;
      expect(props.LoggingConfig, fn.functionName).toMatchObject({
        LogFormat: 'JSON',
        ApplicationLogLevel: 'INFO',
        SystemLogLevel: 'WARN',
      });
    }
  });
});
