import { Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import {
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  type PartnerRouteDefinition,
} from '@ccsc/contract/partner-api';
import { type ApiFunction, callOf, FEATURE_AREAS, routeOf } from '../feature-areas';
import { partnerParameters } from './api-request-parameters';
import type { NodeFunction } from './node-function';

/** The partner area's functions: each partner call's and the OpenAPI document's. */
export const PARTNER_FUNCTIONS = FEATURE_AREAS.partner;
export type PartnerFunction = (typeof PARTNER_FUNCTIONS)[number];

/**
 * The partner API, /ccsc/api/v1/ (issue 15), from the contract's partner routes: each path a
 * resource, its one method proxied to its own function, behind the access-token authorizer
 * with every scope of the API (`API_SCOPE_VALUES`): API Gateway can only refuse with 401, so
 * it lets in any token of the API and the Lambda answers 403 when the route's own scope is
 * missing (RFC 6750's insufficient_scope). The OpenAPI document is public. No CORS preflights:
 * machines call these, not the console.
 */
export const addPartnerApi = (
  restApi: apigw.RestApi,
  o: {
    functions: Readonly<Record<ApiFunction, NodeFunction>>;
    authorizer: apigw.CognitoUserPoolsAuthorizer;
    validator: apigw.RequestValidator;
  },
): Readonly<Record<PartnerFunction, apigw.Method>> => {
  const stack = Stack.of(restApi);
  const methods = {} as Record<PartnerFunction, apigw.Method>;
  for (const name of PARTNER_FUNCTIONS) {
    const call = callOf(name);
    const fn = o.functions[name];
    const resource = restApi.root.resourceForPath(call.path);
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
              authorizer: o.authorizer,
              authorizationScopes: [...API_SCOPE_VALUES],
              requestValidator: o.validator,
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
};
