import {
  CfnResource,
  Duration,
  NestedStack,
  RemovalPolicy,
  Stack,
  Validations,
  type IAspect,
} from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Construct, type IConstruct } from 'constructs';
import { GENERATED_ENTRIES_DIR } from '@ccsc/lambdas/bundle';
import { buildPowertoolsLayer } from '@ccsc/lambdas/layer';
import { bundleEntry } from '../bundle';
import { REPOSITORY_ROOT } from '../paths';
import { AUDIT_TABLE_DENIED_ACTIONS, type PermissionGrant, type ResourceKey } from '../permissions';

export interface NodeFunctionProps {
  readonly functionName: string;
  readonly description: string;
  /** Absolute path of the TypeScript entry (it exports `handler`). */
  readonly entry: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: logs.RetentionDays;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 10 seconds (API Gateway gives up after 29) */
  readonly timeout?: Duration;
}

/** The lambdas workspace's code: its written entries, and those generated from its tables. */
const LAMBDAS_CODE = [join(REPOSITORY_ROOT, 'lambdas', 'src'), GENERATED_ENTRIES_DIR];

let layerDir: string | undefined;
/** The layer's folder, built once per process (its content, so its asset hash, never varies). */
const powertoolsLayerDir = (): string => {
  if (layerDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'ccsc-powertools-layer-'));
    // Synthesis copies the asset into the cloud assembly: the folder is not needed afterwards.
    process.once('exit', () => {
      rmSync(dir, { recursive: true, force: true });
    });
    layerDir = buildPowertoolsLayer(dir).dir;
  }
  return layerDir;
};

/**
 * The one Powertools layer of an environment (Logger, Metrics, Tracer and the X-Ray SDK, from
 * node_modules: lambdas/scripts/layer.mjs), in the environment's top stack; the functions of the
 * nested stacks get its ARN as a parameter.
 */
export const powertoolsLayer = (scope: Construct): lambda.ILayerVersion => {
  let root = Stack.of(scope);
  while (root.nestedStackParent) root = root.nestedStackParent;
  const existing = root.node.tryFindChild('PowertoolsLayer');
  if (existing instanceof lambda.LayerVersion) return existing;
  return new lambda.LayerVersion(root, 'PowertoolsLayer', {
    description:
      'Powertools for AWS Lambda (TypeScript) Logger, Metrics, Tracer and the AWS X-Ray SDK, ' +
      'which the bundles import from /opt/nodejs/node_modules',
    code: lambda.Code.fromAsset(powertoolsLayerDir()),
    compatibleRuntimes: [lambda.Runtime.NODEJS_24_X],
    compatibleArchitectures: [lambda.Architecture.ARM_64],
  });
};

/** A function's two failure alarms (its Errors and its Throttles), beside it in its stack. */
export interface FailureAlarms {
  readonly errors: cloudwatch.Alarm;
  readonly throttles: cloudwatch.Alarm;
}

/**
 * The one way this app runs Node.js code in Lambda: newest Node.js runtime, arm64, bundled by
 * local esbuild (never Docker) with source maps, X-Ray tracing, JSON logs (Lambda's advanced
 * logging controls: application logs from INFO, the platform's own from WARN) in its own log
 * group with a retention, and its own role that starts with nothing but writing to that log
 * group. Callers add exactly the statements the function's operation needs.
 */
export class NodeFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** The physical name, as given (no token): alarms and the dashboard name it without a reference. */
  readonly functionName: string;
  private readonly timeout: Duration;
  private failureAlarms: FailureAlarms | undefined;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);
    this.functionName = props.functionName;
    this.timeout = props.timeout ?? Duration.seconds(10);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // An own role instead of the default one: the default attaches the AWSLambdaBasicExecutionRole
    // managed policy, which may write to every log group of the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.functionName}`,
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        sid: 'OwnLogGroup',
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.function = new lambda.Function(this, 'Function', {
      functionName: props.functionName,
      description: props.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(bundleEntry(props.entry)),
      memorySize: props.memorySize ?? 512,
      timeout: this.timeout,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      tracing: lambda.Tracing.ACTIVE,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      // The bundles of lambdas/ leave Powertools, the X-Ray SDK and jose to this layer.
      ...(LAMBDAS_CODE.some((dir) => props.entry.startsWith(dir))
        ? { layers: [powertoolsLayer(this)] }
        : {}),
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Only the X-Ray statement that active tracing adds (xray:PutTraceSegments, ' +
        'xray:PutTelemetryRecords) uses Resource "*": X-Ray has no resource-level permissions. ' +
        'A test asserts that no other statement of a function uses "*".',
    });
  }

  /**
   * Its Errors and Throttles alarms (`<function name>-errors`, `-throttles`), created beside the
   * function, in its own (nested) stack, so that they cost the environment's stack nothing; both
   * notify `action` (the environment's alarm topic). Called once, by Monitoring. A function that
   * already has an alarm on its Errors (a scheduled job's "failed" alarm) passes it as `errors`:
   * it is used instead of a second one.
   */
  addFailureAlarms(
    action: cloudwatch.IAlarmAction,
    existing: { errors?: cloudwatch.Alarm } = {},
  ): FailureAlarms {
    if (this.failureAlarms !== undefined) return this.failureAlarms;
    const seconds = String(this.timeout.toSeconds());
    const firstLook =
      `First: in CloudWatch Logs Insights, query its log group ` +
      `${this.logGroup.logGroupName} for level ERROR/WARN around the alarm's time`;
    const errors =
      existing.errors ??
      countAlarm(this, 'ErrorsAlarm', {
        alarmName: `${this.functionName}-errors`,
        alarmDescription:
          `${this.functionName} failed: Lambda counted an invocation that threw, timed out ` +
          `(${seconds} s) or ran out of memory (a failure the code did not answer itself; API ` +
          `callers got a 502 or 504). ${firstLook} ("Task timed out", "Runtime exited", an ` +
          'error at start-up after a deploy); then its Duration and memory in the dashboard.',
        metric: this.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      });
    const throttles = countAlarm(this, 'ThrottlesAlarm', {
      alarmName: `${this.functionName}-throttles`,
      alarmDescription:
        `${this.functionName} was throttled: Lambda refused invocations for lack of ` +
        'concurrency (the account and region share one limit; API callers got an error, a ' +
        'scheduled run is retried for up to 6 hours). First: Lambda console, account-level ConcurrentExecutions against ' +
        'the quota, and which function uses it (the dashboard); a request for more ' +
        `concurrency (Service Quotas) if the traffic is real. ${firstLook}.`,
      metric: this.function.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
    });
    for (const alarm of [errors, throttles]) alarm.addAlarmAction(action);
    this.failureAlarms = { errors, throttles };
    return this.failureAlarms;
  }
}

/**
 * An alarm on a count (a Lambda's errors, a table's throttles, blocked requests, failed audit
 * appends, ...) that goes off when one period's sum reaches `threshold` (the first occurrence
 * unless given). No data means nothing happened (such counts are published only when something
 * did): not a breach.
 */
export const countAlarm = (
  scope: Construct,
  id: string,
  props: Pick<cloudwatch.AlarmProps, 'alarmName' | 'alarmDescription' | 'metric'> & {
    readonly threshold?: number;
  },
): cloudwatch.Alarm =>
  new cloudwatch.Alarm(scope, id, {
    ...props,
    threshold: props.threshold ?? 1,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });

/** LoggingConfig.LogFormat JSON on a Lambda function resource, unless it is set already. */
const logJson = (node: CfnResource): void => {
  if (node instanceof lambda.CfnFunction) {
    const config = node.loggingConfig;
    if (config !== undefined && 'logFormat' in config && config.logFormat === 'JSON') return;
  }
  node.addPropertyOverride('LoggingConfig.LogFormat', 'JSON');
};

const isLambdaFunction = (node: IConstruct): node is CfnResource =>
  CfnResource.isCfnResource(node) && node.cfnResourceType === 'AWS::Lambda::Function';

/**
 * Every Lambda function of the scope it is applied to logs JSON (LoggingConfig.LogFormat): ours
 * (NodeFunction sets it already) and the ones CDK writes into the templates itself — the
 * AwsCustomResource and BucketDeployment handlers (CfnFunction), and custom resource providers
 * (a plain CfnResource of type AWS::Lambda::Function). One query language for every log group.
 *
 * CDK makes some functions only after the aspects ran: the handlers of cross-region references
 * (Custom::CrossRegionExportWriter/Reader), made while it resolves references. A top-level
 * stack's template is written after that, and after validation: so each stack also gets a
 * validation that sets the format on what is there by then. (A nested stack's template is
 * written before validation; nothing in one is made that late.)
 */
export class JsonLogFormat implements IAspect {
  private readonly watched = new WeakSet<Stack>();

  visit(node: IConstruct): void {
    if (isLambdaFunction(node)) logJson(node);
    if (Stack.isStack(node) && !NestedStack.isNestedStack(node) && !this.watched.has(node)) {
      this.watched.add(node);
      const stack = node;
      stack.node.addValidation({
        validate: () => {
          for (const c of stack.node.findAll()) {
            if (isLambdaFunction(c) && Stack.of(c) === stack) logJson(c);
          }
          return [];
        },
      });
    }
  }
}

/** A function's rows of the permission table, plus the audit-trail deny every function gets. */
export const grantTo = (
  fn: NodeFunction,
  grants: readonly PermissionGrant[],
  targets: Readonly<Record<ResourceKey, readonly string[]>>,
): void => {
  grants.forEach((g, i) => {
    fn.role.addToPolicy(
      new iam.PolicyStatement({
        sid: `Operation${String(i)}`,
        actions: [...g.actions],
        resources: [...targets[g.on]],
        ...(g.partitions === undefined
          ? {}
          : {
              conditions: {
                'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...g.partitions] },
              },
            }),
      }),
    );
  });
  fn.role.addToPolicy(
    new iam.PolicyStatement({
      sid: 'AuditTrailIsAppendOnly',
      effect: iam.Effect.DENY,
      actions: [...AUDIT_TABLE_DENIED_ACTIONS],
      resources: [...targets.auditTable],
    }),
  );
};
