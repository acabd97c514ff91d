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
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) {
    (multi[key] ??= []).push(value);
    single[key] = value;
  }
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    multiValueHeaders[key] = values;
    headers[key] = values.join(',');
  }
  const hasQuery = Object.keys(single).length > 0;
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
        userAgent: headers['user-agent'] ?? null,
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
