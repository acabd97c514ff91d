import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, routeList } from '@ccsc/contract';
import { PARTNER_API_PREFIX } from '@ccsc/contract/partner-api';
import { partnerRateLimitMessage } from '@ccsc/contract/scopes';
import { STAGE_NAME } from '../lib/constructs/api';
import { logicalId, resourcesOf, templateOf } from './support/stacks';
import { template, stack, methods, routeMethods } from './support/api-kit';

describe('Api: routes generated from the contract', () => {
  it('has exactly the contract’s routes: one method per route under /ccsc/ui/', () => {
    const deployed = routeMethods.map((m) => `${m.httpMethod} ${m.path}`).sort();
    const contract = routeList.map((r) => `${r.method} ${API_PREFIX}${r.path}`).sort();
    expect(deployed).toEqual(contract);
  });

  it('turns nested paths into nested resources', () => {
    const resources = Object.values(resourcesOf(template, 'AWS::ApiGateway::Resource'));
    const artifact = resources.filter((r) => r.Properties?.PathPart === 'artifact');
    expect(artifact).toHaveLength(1);
    expect(
      routeMethods.find((m) => m.props.OperationName === 'artifact/list-standards')?.path,
    ).toBe('/ccsc/ui/artifact/list-standards');
  });

  it('puts the Cognito authorizer on every authenticated route and none on the public ones', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [logicalId(stack, stack.auth.userPool), 'Arn'] }],
    });
    for (const route of routeList) {
      const m = routeMethods.find((x) => x.props.OperationName === route.operation);
      if (route.auth === 'authenticated') {
        expect(m?.props.AuthorizationType, route.operation).toBe('COGNITO_USER_POOLS');
        expect(m?.props.AuthorizerId, route.operation).toBeDefined();
      } else {
        expect(m?.props.AuthorizationType, route.operation).toBe('NONE');
        expect(m?.props.AuthorizerId, route.operation).toBeUndefined();
      }
    }
  });

  it('validates requests: body models for body routes, declared query strings for query routes', () => {
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', {
      ValidateRequestBody: true,
      ValidateRequestParameters: true,
    });
    for (const route of routeList) {
      const m = routeMethods.find((x) => x.props.OperationName === route.operation);
      expect(m?.props.RequestValidatorId, route.operation).toBeDefined();
      if (route.input === 'body') {
        expect(m?.props.RequestModels, route.operation).toHaveProperty(['application/json']);
      } else {
        expect(m?.props.RequestModels, route.operation).toBeUndefined();
      }
    }
    const getOrgSys = routeMethods.find((x) => x.props.OperationName === 'getOrgSysList');
    expect(getOrgSys?.props.RequestParameters).toEqual({
      'method.request.querystring.organisationId': false,
      'method.request.querystring.search': false,
      'method.request.querystring.status': false,
      'method.request.querystring.kind': false,
      'method.request.querystring.environment': false,
      'method.request.querystring.cursor': false,
      'method.request.querystring.limit': false,
    });
  });

  it('checks the structure of a body at the gateway and leaves string rules to the Lambda', () => {
    templateOf(stack.api.routeExtras).hasResourceProperties('AWS::ApiGateway::Model', {
      Name: 'ConfirmForgetPasswordBody',
      ContentType: 'application/json',
      Schema: {
        $schema: 'http://json-schema.org/draft-04/schema#',
        type: ['object', 'null'],
        properties: {
          clientId: { type: 'string' },
          email: { type: 'string' },
          newPassword: { type: 'string' },
          confirmationCode: { type: 'string' },
        },
        required: ['clientId', 'email', 'newPassword', 'confirmationCode'],
        additionalProperties: false,
      },
    });
  });

  it('answers CORS preflights for the console’s origin only', () => {
    const distribution = logicalId(stack, stack.site.distribution);
    for (const route of routeList) {
      const preflight = methods.find(
        (m) => m.httpMethod === 'OPTIONS' && m.path === `${API_PREFIX}${route.path}`,
      );
      const params = (
        preflight?.props.Integration as {
          IntegrationResponses: { ResponseParameters: Record<string, unknown> }[];
        }
      ).IntegrationResponses[0]?.ResponseParameters;
      expect(params?.['method.response.header.Access-Control-Allow-Origin']).toEqual({
        'Fn::Join': ['', ["'https://", { 'Fn::GetAtt': [distribution, 'DomainName'] }, "'"]],
      });
      expect(params?.['method.response.header.Access-Control-Allow-Methods']).toBe(
        `'${route.method}'`,
      );
      expect(params?.['method.response.header.Access-Control-Allow-Headers']).toBe(
        "'Authorization,Content-Type'",
      );
    }
  });
});

describe('Api: gateway responses in the contract’s envelope', () => {
  const responses = Object.values(resourcesOf(template, 'AWS::ApiGateway::GatewayResponse')).map(
    (r) => r.Properties as Record<string, unknown>,
  );
  const byType = (type: string) => responses.find((r) => r.ResponseType === type);

  it('answers 401 exactly as the offline authorizer does', () => {
    const unauthorized = byType('UNAUTHORIZED');
    expect(unauthorized?.StatusCode).toBe('401');
    expect(unauthorized?.ResponseTemplates).toEqual({
      'application/json':
        '{"status":"error","error":{"code":"UNAUTHORIZED","message":"Unauthorized"}}',
    });
  });

  it('covers the defaults, access denied, throttling and validation, each with CORS headers', () => {
    for (const type of [
      'DEFAULT_4XX',
      'DEFAULT_5XX',
      'UNAUTHORIZED',
      'ACCESS_DENIED',
      'THROTTLED',
      'WAF_FILTERED',
      'BAD_REQUEST_BODY',
      'BAD_REQUEST_PARAMETERS',
      'MISSING_AUTHENTICATION_TOKEN',
    ]) {
      const r = byType(type);
      expect(r, type).toBeDefined();
      expect(r?.ResponseParameters, type).toMatchObject({
        'gatewayresponse.header.Access-Control-Allow-Origin': {
          'Fn::Join': [
            '',
            [
              "'https://",
              { 'Fn::GetAtt': [logicalId(stack, stack.site.distribution), 'DomainName'] },
              "'",
            ],
          ],
        },
        'gatewayresponse.header.Vary': "'Origin'",
      });
      const body = (r?.ResponseTemplates as Record<string, string>)['application/json'] ?? '';
      expect(body, type).toMatch(/^\{"status":"error","error":\{"code":"[A-Z_]+","message":/);
    }
    expect(byType('THROTTLED')?.StatusCode).toBe('429');
    expect(byType('MISSING_AUTHENTICATION_TOKEN')?.StatusCode).toBe('404');
  });
});

describe('Api: stage', () => {
  it('throttles, traces, and writes JSON access logs and execution logs (no bodies)', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: STAGE_NAME,
      TracingEnabled: true,
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 50,
          ThrottlingBurstLimit: 100,
          LoggingLevel: 'INFO',
          DataTraceEnabled: false,
          MetricsEnabled: true,
        }),
      ],
      AccessLogSetting: Match.objectLike({ Format: Match.stringLikeRegexp('^\\{"requestId":') }),
    });
  });
});

describe('Api: WAF', () => {
  const acl = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]?.Properties as {
    Scope: string;
    Rules: { Name: string; Statement: Record<string, unknown> }[];
  };
  const rule = (name: string) => acl.Rules.find((r) => r.Name === name);
  type RateBased = {
    RateBasedStatement: { Limit: number; AggregateKeyType: string; ScopeDownStatement?: unknown };
  };

  it('is associated with the API stage', () => {
    expect(acl.Scope).toBe('REGIONAL');
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: Match.objectLike({
        'Fn::Join': [
          '',
          Match.arrayWith([{ Ref: logicalId(stack, stack.api.restApi.deploymentStage) }]),
        ],
      }),
      WebACLArn: { 'Fn::GetAtt': [logicalId(stack, stack.api.firewall.webAcl), 'Arn'] },
    });
  });

  it('rate-limits every client, and the public routes more strictly', () => {
    const general = (rule('RateLimitAllRoutes')?.Statement as RateBased).RateBasedStatement;
    const strict = (rule('RateLimitPublicRoutes')?.Statement as RateBased).RateBasedStatement;
    expect(general.AggregateKeyType).toBe('IP');
    expect(strict.AggregateKeyType).toBe('IP');
    expect(strict.Limit).toBeLessThan(general.Limit);
    const scoped = JSON.stringify(strict.ScopeDownStatement);
    for (const route of routeList) {
      const path = `"/${STAGE_NAME}${API_PREFIX}${route.path}"`;
      if (route.auth === 'public') expect(scoped, route.operation).toContain(path);
      else expect(scoped, route.operation).not.toContain(path);
    }
  });

  it('rate-limits the partner API per access token (the Authorization header): 429, Retry-After, our envelope', () => {
    const partner = rule('RateLimitPartnerApiPerToken') as
      { Action: unknown; Statement: Record<string, unknown> } | undefined;
    expect(partner?.Action).toEqual({
      Block: {
        CustomResponse: {
          ResponseCode: 429,
          CustomResponseBodyKey: 'partner-rate-limited',
          ResponseHeaders: [
            { Name: 'Retry-After', Value: '60' },
            { Name: 'Cache-Control', Value: 'no-store' },
          ],
        },
      },
    });
    const bodies = (acl as { CustomResponseBodies?: unknown }).CustomResponseBodies as Record<
      string,
      { ContentType: string; Content: string }
    >;
    expect(bodies['partner-rate-limited']?.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(bodies['partner-rate-limited']?.Content ?? '{}')).toEqual({
      status: 'error',
      error: { code: 'TOO_MANY_REQUESTS', message: partnerRateLimitMessage(600) },
    });
    expect(partner?.Statement).toEqual({
      RateBasedStatement: {
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [
          {
            Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] },
          },
        ],
        EvaluationWindowSec: 300,
        Limit: 600,
        ScopeDownStatement: {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'STARTS_WITH',
            SearchString: `/${STAGE_NAME}/ccsc/api/`,
            TextTransformations: [{ Priority: 0, Type: 'URL_DECODE' }],
          },
        },
      },
    });
    expect(`/${STAGE_NAME}${PARTNER_API_PREFIX}`.startsWith(`/${STAGE_NAME}/ccsc/api/`)).toBe(true);
    // Every rule has its own priority.
    const priorities = (acl.Rules as { Priority?: number }[]).map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('uses AWS managed rules and logs without the Authorization header', () => {
    const names = acl.Rules.map((r) => r.Name);
    expect(names).toEqual(
      expect.arrayContaining([
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
      ]),
    );
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
    });
  });
});
