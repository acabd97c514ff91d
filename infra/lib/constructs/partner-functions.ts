import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  partnerRoutes,
  type PartnerOperation,
} from '@ccsc/contract/partner-api';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import { partnerEntryFor } from '../lambda-entries';
import { acknowledgeDocumentGrants, acknowledgeStandardRowGrants } from '../nag';
import { PARTNER_PERMISSIONS, type PartnerFunction, type ResourceKey } from '../permissions';
import { grantTo, NodeFunction } from './node-function';

/** The partner functions, in a stable order: each partner route's, then the OpenAPI document's. */
export const PARTNER_FUNCTIONS: readonly PartnerFunction[] = [
  ...(Object.keys(partnerRoutes) as PartnerOperation[]),
  'partner-openapi',
];

/** What each partner function answers, for its description. */
export const partnerCallOf = (name: PartnerFunction): { method: string; path: string } =>
  name === 'partner-openapi'
    ? { method: 'GET', path: `${PARTNER_API_PREFIX}${PARTNER_OPENAPI_PATH}` }
    : {
        method: partnerRoutes[name].method,
        path: `${PARTNER_API_PREFIX}${partnerRoutes[name].path}`,
      };

export interface PartnerFunctionsProps {
  readonly namePrefix: string;
  /** The variables of lambdas/src/env.ts, the same for every function. */
  readonly environment: LambdaEnvironment;
  /** The ARNs each ResourceKey of the permission table stands for. */
  readonly grantTargets: Readonly<Record<ResourceKey, readonly string[]>>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The partner API's functions (/ccsc/api/v1/, issue 15) in a nested stack of their own, made as
 * the feature areas' are (OperationFunctions): one NodeFunction per handler of
 * lambdas/src/handlers/partner-*.ts, named `<prefix>-partner-<name>`, with exactly its rows of
 * PARTNER_PERMISSIONS and the audit-trail deny. Their methods stay in the parent stack and their
 * invoke permissions in RouteExtras, like every route's.
 */
export class PartnerFunctions extends NestedStack {
  readonly functions: Readonly<Record<PartnerFunction, NodeFunction>>;

  constructor(scope: Construct, id: string, props: PartnerFunctionsProps) {
    super(scope, id, {
      description: `The functions of the partner API, /ccsc/api/v1/ (${props.namePrefix})`,
    });
    const functions = {} as Record<PartnerFunction, NodeFunction>;
    for (const name of PARTNER_FUNCTIONS) {
      const call = partnerCallOf(name);
      const fn = new NodeFunction(this, `Fn-${name}`, {
        functionName: `${props.namePrefix}-partner-${name.replace(/^partner-/, '')}`,
        description: `${call.method} ${call.path}`,
        entry: partnerEntryFor(name),
        environment: props.environment,
        logRetention: props.logRetention,
        // Completing copies the uploaded file (up to 100 MB) through a SHA-256: API Gateway's
        // 29 s, and the bandwidth of more memory.
        ...(name === 'partner-complete-document'
          ? { timeout: Duration.seconds(29), memorySize: 1024 }
          : {}),
      });
      grantTo(fn, PARTNER_PERMISSIONS[name], props.grantTargets);
      if (PARTNER_PERMISSIONS[name].some((g) => g.on === 'standardRowsObjects')) {
        acknowledgeStandardRowGrants(fn);
      }
      if (
        PARTNER_PERMISSIONS[name].some(
          (g) => g.on === 'documentUploads' || g.on === 'documentRecords',
        )
      ) {
        acknowledgeDocumentGrants(fn);
      }
      Validations.of(fn).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          'API Gateway invokes this function synchronously and answers the caller with its ' +
          'result or error; a dead-letter queue only ever receives failed asynchronous invocations.',
      });
      functions[name] = fn;
    }
    this.functions = functions;
  }
}
