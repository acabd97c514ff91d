import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { FastifyRequest } from 'fastify';

/**
 * Turns a Fastify request into the API Gateway REST (v1) proxy event AWS would hand the Lambda,
 * so the mock server can call the very same handler.
 */
export const toApiGatewayEvent = (
  req: FastifyRequest,
  resourcePath: string,
  claims: Record<string, string> | null,
): APIGatewayProxyEvent => {
  const url = new URL(req.url, 'http://localhost');
  // Request-controlled keys are gathered in Maps and turned into objects by Object.fromEntries,
  // which defines each one as an own property: `?__proto__=1`, `?toString=1` or a header named
  // `constructor` reach the Lambda as ordinary keys, exactly as API Gateway's JSON event gives
  // them (JSON.parse makes `__proto__` an own key too). Indexing a plain `{}` with such a key
  // reads or writes Object.prototype's member instead (`?toString=1` made every route a 500).
  const query = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) {
    const values = query.get(key);
    if (values === undefined) query.set(key, [value]);
    else values.push(value);
  }
  const headerValues = new Map<string, string[]>();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headerValues.set(key, Array.isArray(value) ? value : [value]);
  }
  const headers = Object.fromEntries(
    [...headerValues].map(([key, values]) => [key, values.join(',')]),
  );
  const multiValueHeaders = Object.fromEntries(headerValues);
  const hasQuery = query.size > 0;
  // API Gateway keeps the last value of a repeated parameter in the single-value map.
  const single = Object.fromEntries([...query].map(([key, values]) => [key, values.at(-1) ?? '']));
  const multi = Object.fromEntries(query);
  const body = typeof req.body === 'string' && req.body.length > 0 ? req.body : null;
  const now = Date.now();
  return {
    resource: resourcePath,
    path: url.pathname,
    httpMethod: req.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? single : null,
    multiValueQueryStringParameters: hasQuery ? multi : null,
    pathParameters: null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: claims ? { claims } : null,
      protocol: `HTTP/${req.raw.httpVersion}`,
      httpMethod: req.method,
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
        sourceIp: req.ip,
        user: null,
        userAgent: headerValues.get('user-agent')?.join(',') ?? null,
        userArn: null,
      },
      path: url.pathname,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: now,
      resourceId: 'local',
      resourcePath,
    },
  };
};
