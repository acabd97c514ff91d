import { Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import {
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  type PartnerRouteDefinition,
} from '@ccsc/contract/partner-api';
import { type ApiFunction, callOf, FEATURE_AREAS, routeOf } from '../feature-areas';

/** The partner area's functions: each partner call's and the OpenAPI document's. */
export const PARTNER_FUNCTIONS = FEATURE_AREAS.partner;
export type PartnerFunction = (typeof PARTNER_FUNCTIONS)[number];

/**
 * One method of the partner API, /ccsc/api/v1/ (issue 15), from the contract's partner route:
 * proxied to its own function (`integration`), with no authorizer in front (issue 36). The
 * function checks the access token itself (lambdas http/access-tokens.ts: RS256 signature by the
 * user pool's keys, issuer, expiry, an access token with one of the API's scopes; then the
 * route's scope and the credential behind it), because API Gateway's refusal would be one
 * gateway response for the whole API with static headers: it could not answer RFC 6750's
 * `WWW-Authenticate: Bearer … error="invalid_token"` to a refused token and the bare challenge to
 * a call without one, which is what standard OAuth clients read to get a new token. The function
 * checks the input against the contract too, after the token, so a call without a valid token
 * learns nothing of it. What stays in front: the web ACL (its rate limit per Authorization header
 * among it) and API Gateway's throttling. No CORS preflights: machines call these, not the
 * console. The partner area's routes stack (api-routes.ts) adds them.
 */
export const addPartnerMethod = (
  resource: apigw.IResource,
  name: ApiFunction,
  integration: apigw.Integration,
): apigw.Method => {
  const declared = routeOf(name);
  const route = declared?.api === 'partner' ? (declared as PartnerRouteDefinition) : undefined;
  const method = resource.addMethod(callOf(name).method, integration, {
    operationName: name,
    authorizationType: apigw.AuthorizationType.NONE,
  });
  Validations.of(method).acknowledge(
    ...(route === undefined
      ? [
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
        ]
      : [
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `${PARTNER_API_PREFIX}${route.path} is authorised by its function: the access ` +
              'token verified against the user pool (RS256 signature by its JWKS, issuer, ' +
              `expiry, token_use access, one of the API's scopes, then ${route.scope} and the ` +
              "credential's state) before anything is read, so that its 401 carries RFC 6750's " +
              'WWW-Authenticate, which a gateway response cannot (lambdas http/access-tokens.ts).',
          },
          {
            id: 'AwsSolutions-COG4',
            reason:
              'The Cognito user pool authorises the call: its access token is verified by the ' +
              'function against the pool’s keys and issuer, not by a gateway authorizer, so that ' +
              'refusals carry RFC 6750’s challenge (lambdas http/access-tokens.ts).',
          },
        ]),
  );
  return method;
};
