import { Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import {
  API_SCOPE_VALUES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  type PartnerRouteDefinition,
} from '@ccsc/contract/partner-api';
import { type ApiFunction, callOf, FEATURE_AREAS, routeOf } from '../feature-areas';
import { partnerParameters } from './api-request-parameters';

/** The partner area's functions: each partner call's and the OpenAPI document's. */
export const PARTNER_FUNCTIONS = FEATURE_AREAS.partner;
export type PartnerFunction = (typeof PARTNER_FUNCTIONS)[number];

/**
 * One method of the partner API, /ccsc/api/v1/ (issue 15), from the contract's partner route:
 * proxied to its own function (`integration`), behind the access-token authorizer
 * with every scope of the API (`API_SCOPE_VALUES`): API Gateway can only refuse with 401, so
 * it lets in any token of the API and the Lambda answers 403 when the route's own scope is
 * missing (RFC 6750's insufficient_scope). The OpenAPI document is public. No CORS preflights:
 * machines call these, not the console. The partner area's routes stack (api-routes.ts) adds them.
 */
export const addPartnerMethod = (
  resource: apigw.IResource,
  name: ApiFunction,
  o: {
    integration: apigw.Integration;
    authorizer: apigw.IAuthorizer;
    validator: apigw.IRequestValidator;
  },
): apigw.Method => {
  const declared = routeOf(name);
  const route = declared?.api === 'partner' ? (declared as PartnerRouteDefinition) : undefined;
  const method = resource.addMethod(callOf(name).method, o.integration, {
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
  });
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
  return method;
};
