import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundleEntry } from '../bundle';
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

/**
 * The one way this app runs Node.js code in Lambda: newest Node.js runtime, arm64, bundled by
 * local esbuild (never Docker) with source maps, X-Ray tracing, its own log group with a
 * retention, and its own role that starts with nothing but writing to that log group. Callers add
 * exactly the statements the function's operation needs.
 */
export class NodeFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);

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
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Only the X-Ray statement that active tracing adds (xray:PutTraceSegments, ' +
        'xray:PutTelemetryRecords) uses Resource "*": X-Ray has no resource-level permissions. ' +
        'A test asserts that no other statement of a function uses "*".',
    });
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
