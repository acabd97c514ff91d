import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import { type ApiFunction, callOf, type FeatureArea } from '../feature-areas';
import { entryFor } from '../lambda-entries';
import {
  acknowledgeDocumentGrants,
  acknowledgeExportObjectGrants,
  acknowledgeStandardRowGrants,
} from '../nag';
import { PERMISSIONS, type ResourceKey } from '../permissions';
import { grantTo, NodeFunction } from './node-function';

export interface OperationFunctionsProps {
  readonly area: FeatureArea;
  readonly operations: readonly ApiFunction[];
  readonly namePrefix: string;
  /** The variables of lambdas/src/env.ts, the same for every function. */
  readonly environment: LambdaEnvironment;
  /** Variables only some operations need. */
  readonly operationEnvironment?: Readonly<
    Partial<Record<ApiFunction, Partial<LambdaEnvironment>>>
  >;
  /** The ARNs each ResourceKey of the permission table stands for. */
  readonly grantTargets: Readonly<Record<ResourceKey, readonly string[]>>;
  readonly logRetention: logs.RetentionDays;
}

/** Operation -> a name fit for functions: artifact/list-standards -> artifact-list-standards. */
export const slug = (operation: string): string => operation.replace(/\//g, '-');

/** A function's name: its area, then its operation without the area's name again. */
export const functionNameOf = (namePrefix: string, area: FeatureArea, operation: ApiFunction) =>
  `${namePrefix}-${area}-${slug(operation).replace(new RegExp(`^${area}-`), '')}`;

/**
 * The calls that move files through the function rather than metadata (issue 17): an eTMF-EMS
 * package streamed from the kept documents, or one read by ranges and filed. API Gateway waits 29 s at most; more memory is also
 * more network bandwidth for a Lambda function.
 */
export const LONG_RUNNING: Partial<Record<ApiFunction, { timeout: Duration; memorySize: number }>> =
  {
    's3documents/export-etmf': { timeout: Duration.seconds(29), memorySize: 1024 },
    's3documents/import-etmf': { timeout: Duration.seconds(29), memorySize: 1024 },
    // A conflict filed: its verified files (up to 40) copied under records/ through a SHA-256.
    's3documents/import-resolve': { timeout: Duration.seconds(29), memorySize: 1024 },
    // Completing copies the uploaded file (up to 100 MB) through a SHA-256.
    'partner-complete-document': { timeout: Duration.seconds(29), memorySize: 1024 },
  };

/**
 * The functions of one feature area's operations, console and partner alike, one per operation, each with its own role
 * (exactly its rows of lib/permissions.ts), log group and code entry, in a nested stack of their
 * own: the API stays in the parent stack, its methods in the area's routes stack (ApiRoutes), the
 * models and permissions to invoke in RouteExtras; the parent passes in the table names, ARNs and
 * origins as parameters and reads back each function's ARN (an output). A nested stack
 * deploys, updates and rolls back with its parent: still one `cdk deploy` per environment.
 *
 * The function's name carries its area (`<prefix>-<area>-<operation>`): a function that moves
 * to another stack gets a new name, so CloudFormation can create it before it deletes the old one.
 */
export class OperationFunctions extends NestedStack {
  readonly functions: Readonly<Partial<Record<ApiFunction, NodeFunction>>>;

  constructor(scope: Construct, id: string, props: OperationFunctionsProps) {
    super(scope, id, {
      description: `The functions of the ${props.area} calls (${props.namePrefix})`,
    });
    const functions: Partial<Record<ApiFunction, NodeFunction>> = {};
    for (const operation of props.operations) {
      const call = callOf(operation);
      const fn = new NodeFunction(this, `Fn-${slug(operation)}`, {
        functionName: functionNameOf(props.namePrefix, props.area, operation),
        description: `${call.method} ${call.path}`,
        entry: entryFor(operation),
        environment: { ...props.environment, ...props.operationEnvironment?.[operation] },
        logRetention: props.logRetention,
        ...LONG_RUNNING[operation],
      });
      grantTo(fn, PERMISSIONS[operation], props.grantTargets);
      if (PERMISSIONS[operation].some((g) => g.on === 'exportsObjects')) {
        acknowledgeExportObjectGrants(fn);
      }
      if (PERMISSIONS[operation].some((g) => g.on === 'standardRowsObjects')) {
        acknowledgeStandardRowGrants(fn);
      }
      if (
        PERMISSIONS[operation].some((g) => g.on === 'documentUploads' || g.on === 'documentRecords')
      ) {
        acknowledgeDocumentGrants(fn);
      }
      Validations.of(fn).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          'API Gateway invokes this function synchronously and answers the caller with its ' +
          'result or error; a dead-letter queue only ever receives failed asynchronous invocations.',
      });
      functions[operation] = fn;
    }
    this.functions = functions;
  }
}
