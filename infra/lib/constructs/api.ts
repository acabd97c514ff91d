import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import * as z from 'zod';
import { API_PREFIX, routeList, type Operation, type RouteDefinition } from '@ccsc/contract';
import {
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  pathParametersOf,
  type PartnerRouteDefinition,
} from '@ccsc/contract/partner-api';
import type { LambdaEnvironment } from '@ccsc/lambdas/env';
import {
  type ApiFunction,
  callOf,
  FEATURE_AREA_NAMES,
  FEATURE_AREAS,
  type FeatureArea,
  routeOf,
} from '../feature-areas';
import type { ResourceKey } from '../permissions';
import { ApiFirewall } from './api-firewall';
import type { NodeFunction } from './node-function';
import { OperationFunctions } from './operation-functions';
import { RouteExtras } from './route-extras';

export const STAGE_NAME = 'v1';

/** The partner area's functions: each partner call's and the OpenAPI document's. */
export const PARTNER_FUNCTIONS = FEATURE_AREAS.partner;
export type PartnerFunction = (typeof PARTNER_FUNCTIONS)[number];

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

const errorBody = (code: string, message: string) =>
  JSON.stringify({ status: 'error', error: { code, message } });
/** `$context.error.messageString` is API Gateway's message, already quoted and escaped. */
const errorBodyWithGatewayMessage = (code: string) =>
  `{"status":"error","error":{"code":"${code}","message":$context.error.messageString}}`;

type JsonObject = Record<string, unknown>;

/** Query parameters of a query route, required or not, from its request schema. */
export const queryParameters = (
  route: Pick<RouteDefinition, 'request'>,
): Record<string, boolean> => {
  const json = z.toJSONSchema(route.request, {
    target: 'draft-4',
    io: 'input',
    unrepresentable: 'any',
  }) as { properties?: JsonObject; required?: string[] };
  return Object.fromEntries(
    Object.keys(json.properties ?? {}).map((name) => [
      `method.request.querystring.${name}`,
      (json.required ?? []).includes(name),
    ]),
  );
};

/**
 * A partner route's request parameters: its path's `{name}` segments (always required), and for a
 * query route the other fields as query parameters. A body route's body is checked by its function.
 */
export const partnerParameters = (route: PartnerRouteDefinition): Record<string, boolean> => {
  const inPath = pathParametersOf(route.path);
  const query = Object.entries(route.input === 'query' ? queryParameters(route) : {}).filter(
    ([key]) => !inPath.some((name) => key === `method.request.querystring.${name}`),
  );
  return {
    ...Object.fromEntries(query),
    ...Object.fromEntries(inPath.map((name) => [`method.request.path.${name}`, true])),
  };
};

/**
 * The REST API, generated from the contract's route table: every route becomes the resource
 * /ccsc/ui/<path> (nested paths become nested resources) with the contract's one method, its own
 * function, the Cognito authorizer when the route is authenticated, and request validation. The
 * deployed routes are therefore exactly the offline ones. The functions live in one nested stack
 * per feature area (OperationFunctions); each route's permission to invoke its function and its
 * request model in one more (RouteExtras); the API, its paths and methods in the parent stack.
 */
export class Api extends Construct {
  readonly restApi: apigw.RestApi;
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
  /** Every function, console and partner alike, by its operation. */
  readonly functions: Readonly<Record<ApiFunction, NodeFunction>>;
  readonly methods: Readonly<Record<Operation, apigw.Method>>;
  /** The request model of each body route. */
  readonly models: Readonly<Partial<Record<Operation, apigw.Model>>>;
  readonly firewall: ApiFirewall;
  /** The partner API's methods (/ccsc/api/v1/); its functions are the partner area's. */
  readonly partnerMethods: Readonly<Record<PartnerFunction, apigw.Method>>;
  /** The authorizer of the partner routes: access tokens with one of the API's scopes. */
  readonly partnerAuthorizer: apigw.CognitoUserPoolsAuthorizer;
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

    const authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      authorizerName: `${props.namePrefix}-id-token`,
      cognitoUserPools: [props.userPool],
      // The web app sends the ID token as it is in Authorization (SPEC §6).
      identitySource: apigw.IdentitySource.header('Authorization'),
    });
    // The partner API's (machines: an access token of the client_credentials grant). A method
    // with authorization scopes makes API Gateway accept access tokens carrying one of them (and
    // refuse ID tokens); no cached results, so signature, expiry and scopes are checked on every
    // call (the Lambda then checks the route's own scope and that the credential is active).
    this.partnerAuthorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'PartnerAuthorizer', {
      authorizerName: `${props.namePrefix}-partner-access-token`,
      cognitoUserPools: [props.userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
      resultsCacheTtl: Duration.seconds(0),
    });
    const validator = this.restApi.addRequestValidator('Validator', {
      requestValidatorName: 'body-and-query',
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    this.addGatewayResponses(consoleOrigin);

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
    const methods = {} as Record<Operation, apigw.Method>;
    const models = this.routeExtras.models;
    for (const route of routeList) {
      const operation = route.operation;
      const fn = functions[operation];
      const model = models[operation];

      const resource = this.restApi.root.resourceForPath(`${API_PREFIX}${route.path}`);
      const isPublic = route.auth === 'public';
      const method = resource.addMethod(
        route.method,
        // A proxy integration without LambdaIntegration's own permission: RouteExtras holds it.
        new apigw.Integration({
          type: apigw.IntegrationType.AWS_PROXY,
          integrationHttpMethod: 'POST',
          uri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${fn.function.functionArn}/invocations`,
        }),
        {
          operationName: operation,
          ...(isPublic
            ? { authorizationType: apigw.AuthorizationType.NONE }
            : { authorizationType: apigw.AuthorizationType.COGNITO, authorizer }),
          requestValidator: validator,
          ...(model
            ? { requestModels: { 'application/json': model } }
            : { requestParameters: queryParameters(route) }),
        },
      );
      if (isPublic) {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `${operation} is public in the contract (auth: 'public'): it is called before ` +
              'sign-in. The stricter WAF rate limit, request validation and the Lambda guard it.',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `${operation} is public in the contract (auth: 'public'): no user is signed in yet.`,
          },
        );
      }
      methods[operation] = method;

      // The browser asks before every call (JSON body, Authorization header); it may cache the
      // answer for 10 minutes. cdk-nag does not expect an authorizer on OPTIONS.
      resource.addCorsPreflight({
        allowOrigins: [...props.allowedOrigins],
        allowMethods: [route.method],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: Duration.minutes(10),
      });
    }
    this.functionStacks = functionStacks;
    this.functions = functions;
    this.methods = methods;
    this.models = models;
    this.partnerMethods = this.addPartnerApi(validator);

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

  /**
   * The partner API, /ccsc/api/v1/ (issue 15), from the contract's partner routes: each path a
   * resource, its one method proxied to its own function, behind the access-token authorizer
   * with every scope of the API (`API_SCOPE_VALUES`): API Gateway can only refuse with 401, so
   * it lets in any token of the API and the Lambda answers 403 when the route's own scope is
   * missing (RFC 6750's insufficient_scope). The OpenAPI document is public. No CORS preflights:
   * machines call these, not the console.
   */
  private addPartnerApi(
    validator: apigw.RequestValidator,
  ): Readonly<Record<PartnerFunction, apigw.Method>> {
    const stack = Stack.of(this);
    const methods = {} as Record<PartnerFunction, apigw.Method>;
    for (const name of PARTNER_FUNCTIONS) {
      const call = callOf(name);
      const fn = this.functions[name];
      const resource = this.restApi.root.resourceForPath(call.path);
      const declared = routeOf(name);
      const route = declared?.api === 'partner' ? (declared as PartnerRouteDefinition) : undefined;
      const method = resource.addMethod(
        call.method,
        new apigw.Integration({
          type: apigw.IntegrationType.AWS_PROXY,
          integrationHttpMethod: 'POST',
          uri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${fn.function.functionArn}/invocations`,
        }),
        {
          operationName: name,
          ...(route === undefined
            ? { authorizationType: apigw.AuthorizationType.NONE }
            : {
                authorizationType: apigw.AuthorizationType.COGNITO,
                authorizer: this.partnerAuthorizer,
                authorizationScopes: [...API_SCOPE_VALUES],
                requestValidator: validator,
                requestParameters: partnerParameters(route),
              }),
        },
      );
      if (route === undefined) {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `GET ${PARTNER_API_PREFIX}${PARTNER_OPENAPI_PATH} is the partner API's public ` +
              'description (OpenAPI), read before a system has a token; it is built from the ' +
              'contract and holds no data. The WAF limits apply.',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `The partner API's OpenAPI document is public: no token is needed to read it.`,
          },
        );
      }
      methods[name] = method;
    }
    return methods;
  }

  /**
   * API Gateway's own answers (refused token, throttling, validation, unknown route, errors)
   * in the contract's error envelope, with the console's CORS headers so the browser can read
   * them. UNAUTHORIZED is exactly what the offline authorizer answers.
   *
   * The partner API's 401s from the gateway carry no `WWW-Authenticate: Bearer`: a gateway
   * response is one per API and type, its headers static or copied from the request (templates
   * are not run through VTL), so it cannot differ by path, and the console's 401 stays exactly
   * the offline one. The partner functions' own 401 and 403 (revoked credential, missing scope)
   * do carry it, with RFC 6750's error.
   */
  private addGatewayResponses(consoleOrigin: string): void {
    const headers = {
      'Access-Control-Allow-Origin': `'${consoleOrigin}'`,
      Vary: "'Origin'",
      'Cache-Control': "'no-store'",
      'X-Content-Type-Options': "'nosniff'",
    };
    const responses: {
      type: apigw.ResponseType;
      statusCode?: string;
      body: string;
    }[] = [
      {
        type: apigw.ResponseType.UNAUTHORIZED,
        statusCode: '401',
        body: errorBody('UNAUTHORIZED', 'Unauthorized'),
      },
      {
        type: apigw.ResponseType.ACCESS_DENIED,
        statusCode: '403',
        body: errorBody('FORBIDDEN', 'Forbidden'),
      },
      {
        type: apigw.ResponseType.WAF_FILTERED,
        statusCode: '403',
        body: errorBody('FORBIDDEN', 'The request was blocked by the firewall.'),
      },
      {
        type: apigw.ResponseType.THROTTLED,
        statusCode: '429',
        body: errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'),
      },
      {
        type: apigw.ResponseType.QUOTA_EXCEEDED,
        statusCode: '429',
        body: errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'),
      },
      {
        type: apigw.ResponseType.BAD_REQUEST_BODY,
        statusCode: '400',
        body: errorBodyWithGatewayMessage('VALIDATION_FAILED'),
      },
      {
        type: apigw.ResponseType.BAD_REQUEST_PARAMETERS,
        statusCode: '400',
        body: errorBodyWithGatewayMessage('VALIDATION_FAILED'),
      },
      {
        // API Gateway's answer to a path or method that is not in the route table.
        type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
        statusCode: '404',
        body: errorBody('NOT_FOUND', 'No such call.'),
      },
      {
        type: apigw.ResponseType.REQUEST_TOO_LARGE,
        statusCode: '413',
        body: errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'),
      },
      {
        type: apigw.ResponseType.UNSUPPORTED_MEDIA_TYPE,
        statusCode: '415',
        body: errorBody('UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.'),
      },
      {
        type: apigw.ResponseType.INTEGRATION_TIMEOUT,
        statusCode: '504',
        body: errorBody(
          'SERVICE_UNAVAILABLE',
          'The service did not answer in time. Please try again.',
        ),
      },
      { type: apigw.ResponseType.DEFAULT_4XX, body: errorBodyWithGatewayMessage('BAD_REQUEST') },
      {
        type: apigw.ResponseType.DEFAULT_5XX,
        body: errorBody('INTERNAL', 'Something went wrong on our side. Please try again later.'),
      },
    ];
    for (const r of responses) {
      this.restApi.addGatewayResponse(r.type.responseType, {
        type: r.type,
        ...(r.statusCode ? { statusCode: r.statusCode } : {}),
        responseHeaders: headers,
        templates: { 'application/json': r.body },
      });
    }
  }
}
