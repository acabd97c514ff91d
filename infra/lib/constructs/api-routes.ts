import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { routes, type Operation } from '@ccsc/contract';
import { type ApiFunction, FEATURE_AREAS, type FeatureArea } from '../feature-areas';
import { queryParameters } from './api-request-parameters';
import type { NodeFunction } from './node-function';
import { slug } from './operation-functions';
import { addPartnerMethod, type PartnerFunction } from './partner-api';

export interface ApiRoutesProps {
  readonly area: FeatureArea;
  /**
   * The API itself, not an import of it: a method on an imported API (`fromRestApiAttributes`)
   * would be invisible to the stage's deployment, which would then neither wait for it nor be
   * re-created when it changes (aws-apigateway README, "Breaking up Methods and Resources across
   * Stacks").
   */
  readonly restApi: apigw.RestApi;
  /** The resource of each of the area's paths, in the parent stack (Api). */
  readonly paths: Readonly<Partial<Record<ApiFunction, apigw.IResource>>>;
  readonly functions: Readonly<Record<ApiFunction, NodeFunction>>;
  /** The request model of each body route (RouteExtras). */
  readonly models: Readonly<Partial<Record<Operation, apigw.IModel>>>;
  /**
   * The console's authorizer (ID tokens). The partner API has none: its functions check the
   * access token themselves (partner-api.ts).
   */
  readonly authorizer: apigw.IAuthorizer;
  readonly validator: apigw.IRequestValidator;
  /** Browser origins allowed to call the console's routes (their CORS preflights). */
  readonly allowedOrigins: readonly string[];
}

/**
 * One feature area's routes in a nested stack of their own (`Api/Routes-<area>`): each console
 * route's method and its CORS preflight, each partner call's method. The paths stay in the parent
 * (Api), where nested paths share their prefixes; each method is added to its path through
 * `Resource.fromResourceAttributes` with the API itself, so that CDK still adds it to the stage's
 * deployment: the deployment depends on this stack (created after every method in it) and hashes
 * every method into its logical id (re-created, so published, when a route changes). README,
 * "Staying under CloudFormation's limits".
 *
 * A method costs its stack a parameter for each thing of another stack it names: its path, its
 * function's ARN (an output of the area's functions stack), its model (an output of RouteExtras);
 * the API, the authorizer, the validator and the console's origin are shared.
 */
export class ApiRoutes extends NestedStack {
  /** The console routes' methods (/ccsc/ui/) of the area. */
  readonly methods: Readonly<Partial<Record<Operation, apigw.Method>>>;
  /** Their CORS preflights (OPTIONS). */
  readonly preflights: Readonly<Partial<Record<Operation, apigw.Method>>>;
  /** The partner API's methods (/ccsc/api/v1/), in the partner area's stack. */
  readonly partnerMethods: Readonly<Partial<Record<PartnerFunction, apigw.Method>>>;

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id, {
      description: `The API's ${props.area} routes: methods and CORS preflights`,
    });
    const stack = Stack.of(this);
    const methods: Partial<Record<Operation, apigw.Method>> = {};
    const preflights: Partial<Record<Operation, apigw.Method>> = {};
    const partnerMethods: Partial<Record<PartnerFunction, apigw.Method>> = {};
    for (const name of FEATURE_AREAS[props.area] as readonly ApiFunction[]) {
      const path = props.paths[name];
      if (path === undefined) throw new Error(`ApiRoutes: no path resource for ${name}`);
      const resource = apigw.Resource.fromResourceAttributes(this, `Path-${slug(name)}`, {
        restApi: props.restApi,
        resourceId: path.resourceId,
        path: path.path,
      });
      // A proxy integration without LambdaIntegration's own permission: RouteExtras holds it.
      const integration = new apigw.Integration({
        type: apigw.IntegrationType.AWS_PROXY,
        integrationHttpMethod: 'POST',
        uri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${props.functions[name].function.functionArn}/invocations`,
      });
      if (!isConsoleOperation(name)) {
        partnerMethods[name] = addPartnerMethod(resource, name, integration);
        continue;
      }
      const route = routes[name];
      const model = props.models[name];
      const isPublic = route.auth === 'public';
      const method = resource.addMethod(route.method, integration, {
        operationName: name,
        ...(isPublic
          ? { authorizationType: apigw.AuthorizationType.NONE }
          : { authorizationType: apigw.AuthorizationType.COGNITO, authorizer: props.authorizer }),
        requestValidator: props.validator,
        ...(model
          ? { requestModels: { 'application/json': model } }
          : { requestParameters: queryParameters(route) }),
      });
      if (isPublic) {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `${name} is public in the contract (auth: 'public'): it is called before ` +
              'sign-in. The stricter WAF rate limit, request validation and the Lambda guard it.',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: `${name} is public in the contract (auth: 'public'): no user is signed in yet.`,
          },
        );
      }
      methods[name] = method;
      // The browser asks before every call (JSON body, Authorization header); it may cache the
      // answer for 10 minutes. cdk-nag does not expect an authorizer on OPTIONS.
      preflights[name] = resource.addCorsPreflight({
        allowOrigins: [...props.allowedOrigins],
        allowMethods: [route.method],
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: Duration.minutes(10),
      });
    }
    this.methods = methods;
    this.preflights = preflights;
    this.partnerMethods = partnerMethods;
  }
}

const isConsoleOperation = (name: ApiFunction): name is Operation => Object.hasOwn(routes, name);
