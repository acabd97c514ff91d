import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_PREFIX, routeList, type Operation } from '@ccsc/contract';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import {
  type ApiFunction,
  callOf,
  FEATURE_AREA_NAMES,
  FEATURE_AREAS,
  type FeatureArea,
} from '../feature-areas';
import type { ResourceKey } from '../permissions';
import { ApiFirewall } from './api-firewall';
import { addGatewayResponses } from './api-gateway-responses';
import type { NodeFunction } from './node-function';
import { OperationFunctions } from './operation-functions';
import { ApiRoutes } from './api-routes';
import { PARTNER_FUNCTIONS, type PartnerFunction } from './partner-api';
import { RouteExtras } from './route-extras';

// The routes' methods (api-routes.ts, partner-api.ts) and the gateway's own answers
// (api-gateway-responses.ts) are built in modules of their own; this construct joins them.
export { PARTNER_FUNCTIONS, type PartnerFunction } from './partner-api';
export { queryParameters } from './api-request-parameters';

export const STAGE_NAME = 'v1';

export interface ApiProps {
  readonly namePrefix: string;
  readonly userPool: cognito.IUserPool;
  /** Browser origins allowed to call the API; the first is the console's own origin. */
  readonly allowedOrigins: readonly string[];
  /** The variables of lambdas/src/env.ts, the same for every function. */
  readonly environment: LambdaEnvironment;
  /** Variables only some operations need. */
  readonly operationEnvironment?: Readonly<Partial<Record<Operation, Partial<LambdaEnvironment>>>>;
  /** The ARNs each ResourceKey of the permission table stands for. */
  readonly grantTargets: Readonly<Record<ResourceKey, readonly string[]>>;
  readonly throttle: { readonly ratePerSecond: number; readonly burst: number };
  readonly firewall: {
    readonly requestsPerFiveMinutes: number;
    readonly publicRequestsPerFiveMinutes: number;
    readonly partnerRequestsPerFiveMinutes: number;
  };
  readonly logRetention: logs.RetentionDays;
  /**
   * API Gateway's account-wide CloudWatch Logs role (one per account and region): 'create' makes
   * one and sets it as the account's (replacing any set before; kept when the stack goes),
   * 'existing' leaves the account's setting as it is.
   */
  readonly accountCloudWatchRole: 'create' | 'existing';
}

/**
 * The REST API, generated from the contract's route table: every route becomes the resource
 * /ccsc/ui/<path> (nested paths become nested resources) with the contract's one method, its own
 * function, the Cognito authorizer when the route is authenticated, and request validation. The
 * deployed routes are therefore exactly the offline ones. The functions live in one nested stack
 * per feature area (OperationFunctions), the methods and CORS preflights in one more per area
 * (ApiRoutes); each route's permission to invoke its function and its request model in
 * RouteExtras; the API, its authorizers, validator, gateway responses, stage and paths in the
 * parent stack (README, "Staying under CloudFormation's limits").
 */
export class Api extends Construct {
  readonly restApi: apigw.RestApi;
  /** The console's authorizer (ID tokens); the partner API has none (partner-api.ts). */
  readonly authorizer: apigw.CognitoUserPoolsAuthorizer;
  /** Base URL of the calls: https://<id>.execute-api.<region>.amazonaws.com/v1/ccsc/ui/ */
  readonly baseUrl: string;
  /** https://<id>.execute-api.<region>.amazonaws.com — for the console's CSP. */
  readonly origin: string;
  /**
   * Where the partner API's paths begin: https://<id>.execute-api.<region>.amazonaws.com/v1 (its
   * calls are this plus /ccsc/api/v1/...), the functions' PARTNER_API_BASE_URL.
   */
  readonly partnerBaseUrl: string;
  /** The nested stack of each feature area's functions. */
  readonly functionStacks: Readonly<Record<FeatureArea, OperationFunctions>>;
  /** The nested stack of the routes' invoke permissions and request models. */
  readonly routeExtras: RouteExtras;
  /** The nested stack of each feature area's methods (and CORS preflights). */
  readonly routeStacks: Readonly<Record<FeatureArea, ApiRoutes>>;
  /** The resource of each route's path (in this, the parent, stack). */
  readonly paths: Readonly<Partial<Record<ApiFunction, apigw.Resource>>>;
  /** Every function, console and partner alike, by its operation. */
  readonly functions: Readonly<Record<ApiFunction, NodeFunction>>;
  readonly methods: Readonly<Record<Operation, apigw.Method>>;
  /** The request model of each body route. */
  readonly models: Readonly<Partial<Record<Operation, apigw.Model>>>;
  readonly firewall: ApiFirewall;
  /** The partner API's methods (/ccsc/api/v1/); its functions are the partner area's. */
  readonly partnerMethods: Readonly<Record<PartnerFunction, apigw.Method>>;
  /** The authorizer of the partner routes: access tokens with one of the API's scopes. */
  /**
   * What CloudWatch's metrics name (plain strings, no token): AWS/ApiGateway's ApiName and
   * Stage, AWS/WAFV2's WebACL. Alarms and the dashboard use them without a reference.
   */
  readonly apiName: string;
  readonly stageName: string = STAGE_NAME;
  readonly webAclName: string;
  /** Every function of the API: each operation's, then each partner call's. */
  readonly allFunctions: readonly NodeFunction[];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const [consoleOrigin] = props.allowedOrigins;
    if (consoleOrigin === undefined) throw new Error('Api: allowedOrigins must name the console');

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.restApi = new apigw.RestApi(this, 'RestApi', {
      restApiName: `${props.namePrefix}-api`,
      description:
        'The /ccsc/ui/ calls of the admin console and the /ccsc/api/v1/ partner API, generated from the contract',
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      // Execution and access logs need API Gateway's account-wide CloudWatch role (one per
      // account and region, shared by every API there). Created, it replaces the account's
      // setting, and is kept when the stack goes so other environments keep logging; with
      // 'existing' the stack does not touch the setting (infra/README.md, "Account hygiene").
      cloudWatchRole: props.accountCloudWatchRole === 'create',
      ...(props.accountCloudWatchRole === 'create'
        ? { cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN }
        : {}),
      deployOptions: {
        stageName: STAGE_NAME,
        throttlingRateLimit: props.throttle.ratePerSecond,
        throttlingBurstLimit: props.throttle.burst,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.INFO,
        // Bodies carry passwords and tokens: never log them.
        dataTraceEnabled: false,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            extendedRequestId: '$context.extendedRequestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            method: '$context.httpMethod',
            path: '$context.path',
            resourcePath: '$context.resourcePath',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integration.latency',
            integrationStatus: '$context.integration.status',
            error: '$context.error.message',
            errorType: '$context.error.responseType',
            authorizerError: '$context.authorizer.error',
            user: '$context.authorizer.claims.sub',
            wafStatus: '$context.waf.status',
            xrayTraceId: '$context.xrayTraceId',
          }),
        ),
      },
    });
    this.baseUrl = `${this.restApi.url}${API_PREFIX.replace(/^\//, '')}`;
    this.origin = `https://${this.restApi.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.partnerBaseUrl = `${this.origin}/${STAGE_NAME}`;

    this.authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      authorizerName: `${props.namePrefix}-id-token`,
      cognitoUserPools: [props.userPool],
      // The web app sends the ID token as it is in Authorization (SPEC §6).
      identitySource: apigw.IdentitySource.header('Authorization'),
    });
    const { authorizer } = this;
    const validator = this.restApi.addRequestValidator('Validator', {
      requestValidatorName: 'body-and-query',
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    addGatewayResponses(this.restApi, consoleOrigin);

    const functionStacks = {} as Record<FeatureArea, OperationFunctions>;
    const functions = {} as Record<ApiFunction, NodeFunction>;
    for (const area of FEATURE_AREA_NAMES) {
      const functionStack = new OperationFunctions(this, `Functions-${area}`, {
        area,
        operations: FEATURE_AREAS[area],
        namePrefix: props.namePrefix,
        environment: props.environment,
        ...(props.operationEnvironment ? { operationEnvironment: props.operationEnvironment } : {}),
        grantTargets: props.grantTargets,
        logRetention: props.logRetention,
      });
      functionStacks[area] = functionStack;
      Object.assign(functions, functionStack.functions);
    }
    const missing = routeList.filter((r) => !(r.operation in functions)).map((r) => r.operation);
    if (missing.length > 0) {
      throw new Error(
        `Api: operations in no feature area (lib/feature-areas.ts): ${missing.join(', ')}`,
      );
    }

    this.routeExtras = new RouteExtras(this, 'RouteExtras', {
      restApi: this.restApi,
      stageName: STAGE_NAME,
      functions,
      partnerRoutes: PARTNER_FUNCTIONS.map((name) => ({
        name,
        ...callOf(name),
        fn: functions[name],
      })),
    });
    // Every route's path in this (the parent) stack, where nested paths share their prefixes
    // (/ccsc/ui/artifact/...); the methods in one nested stack per feature area (ApiRoutes).
    const paths: Partial<Record<ApiFunction, apigw.Resource>> = {};
    for (const name of [...routeList.map((r) => r.operation), ...PARTNER_FUNCTIONS]) {
      paths[name] = this.restApi.root.resourceForPath(callOf(name).path);
    }
    const routeStacks = {} as Record<FeatureArea, ApiRoutes>;
    const methods: Partial<Record<Operation, apigw.Method>> = {};
    const partnerMethods: Partial<Record<PartnerFunction, apigw.Method>> = {};
    for (const area of FEATURE_AREA_NAMES) {
      const routeStack = new ApiRoutes(this, `Routes-${area}`, {
        area,
        restApi: this.restApi,
        paths,
        functions,
        models: this.routeExtras.models,
        authorizer,
        validator,
        allowedOrigins: props.allowedOrigins,
      });
      routeStacks[area] = routeStack;
      Object.assign(methods, routeStack.methods);
      Object.assign(partnerMethods, routeStack.partnerMethods);
    }
    this.functionStacks = functionStacks;
    this.routeStacks = routeStacks;
    this.functions = functions;
    this.paths = paths;
    this.methods = complete(
      methods,
      routeList.map((r) => r.operation),
      'method',
    );
    this.models = this.routeExtras.models;
    this.partnerMethods = complete(partnerMethods, PARTNER_FUNCTIONS, 'partner method');

    this.firewall = new ApiFirewall(this, 'Firewall', {
      namePrefix: props.namePrefix,
      stageArn: this.restApi.deploymentStage.stageArn,
      publicPaths: routeList
        .filter((r) => r.auth === 'public')
        .map((r) => `/${STAGE_NAME}${API_PREFIX}${r.path}`),
      requestsPerFiveMinutes: props.firewall.requestsPerFiveMinutes,
      publicRequestsPerFiveMinutes: props.firewall.publicRequestsPerFiveMinutes,
      // Every version of the partner API, as the stage receives it.
      partnerPathPrefix: `/${STAGE_NAME}/ccsc/api/`,
      partnerRequestsPerFiveMinutes: props.firewall.partnerRequestsPerFiveMinutes,
      logRetention: props.logRetention,
    });

    this.apiName = this.restApi.restApiName;
    const webAclName = this.firewall.webAcl.name;
    if (webAclName === undefined) throw new Error('Api: the web ACL has no name');
    this.webAclName = webAclName;
    this.allFunctions = [
      ...routeList.map((r) => functions[r.operation]),
      ...PARTNER_FUNCTIONS.map((name) => functions[name]),
    ];

    if (props.accountCloudWatchRole === 'create') {
      const cloudWatchRole = this.restApi.node.tryFindChild('CloudWatchRole');
      if (cloudWatchRole === undefined)
        throw new Error('Api: API Gateway CloudWatch role not found');
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          "API Gateway's account-level logging role: AWS's managed policy is the documented way " +
          'for API Gateway to write execution and access logs.',
      });
    }
  }
}

/** A table every key of which must be filled: a route without its method is a bug, said at synth. */
const complete = <K extends string, V>(
  table: Partial<Record<K, V>>,
  keys: readonly K[],
  what: string,
): Record<K, V> => {
  const missing = keys.filter((k) => table[k] === undefined);
  if (missing.length > 0) throw new Error(`Api: no ${what} for ${missing.join(', ')}`);
  return table as Record<K, V>;
};
