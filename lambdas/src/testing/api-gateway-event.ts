import type { APIGatewayProxyEvent } from 'aws-lambda';

export interface EventOptions {
  method?: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  claims?: Record<string, string> | null;
}

/** The ID-token claims of a signed-in caller, stringified as API Gateway's authorizer gives them. */
export const claimsFor = (
  /** The caller's groups claim: a role name, or anything else to test refusals. */
  role: string,
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  sub: 'f0e1d2c3-0000-4000-8000-000000000001',
  'cognito:username': 'f0e1d2c3-0000-4000-8000-000000000001',
  email: 'caller@example.com',
  token_use: 'id',
  'cognito:groups': role,
  ...overrides,
});

/** An API Gateway REST (v1) proxy event, as the mock server and AWS build it. */
export const apiGatewayEvent = (o: EventOptions): APIGatewayProxyEvent => {
  const query = o.query ?? {};
  // Own keys whatever their names (`__proto__` included), as API Gateway's JSON gives them.
  const entries = Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v : [v]] as const);
  const multi: Record<string, string[]> = Object.fromEntries(entries);
  const single: Record<string, string> = Object.fromEntries(
    entries.map(([k, values]) => [k, values[values.length - 1] ?? '']),
  );
  const body = o.rawBody ?? (o.body === undefined ? null : JSON.stringify(o.body));
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: `/ccsc/ui/${o.path}`,
    path: `/ccsc/ui/${o.path}`,
    httpMethod: o.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...o.headers },
    multiValueHeaders: {},
    queryStringParameters: hasQuery ? single : null,
    multiValueQueryStringParameters: hasQuery ? multi : null,
    pathParameters: null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: o.claims === null || o.claims === undefined ? null : { claims: o.claims },
      protocol: 'HTTP/1.1',
      httpMethod: o.method ?? 'POST',
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '127.0.0.1',
        user: null,
        userAgent: 'vitest',
        userArn: null,
      },
      path: `/local/ccsc/ui/${o.path}`,
      stage: 'local',
      requestId: 'req-test-1',
      requestTimeEpoch: 0,
      resourceId: 'local',
      resourcePath: `/ccsc/ui/${o.path}`,
    },
  };
};
