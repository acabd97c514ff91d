import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { FastifyRequest } from 'fastify';
import { buildApiGatewayEvent } from '@ccsc/lambdas/api-gateway-event';

/**
 * Turns a Fastify request into the API Gateway REST (v1) proxy event AWS would hand the Lambda,
 * so the mock server can call the very same handler. The event's shape is the handlers' own
 * builder's; this only reads the request.
 */
export const toApiGatewayEvent = (
  req: FastifyRequest,
  resourcePath: string,
  claims: Record<string, string> | null,
): APIGatewayProxyEvent => {
  const url = new URL(req.url, 'http://localhost');
  return buildApiGatewayEvent({
    method: req.method,
    resource: resourcePath,
    path: url.pathname,
    pathParameters:
      typeof req.params === 'object' && req.params !== null && Object.keys(req.params).length > 0
        ? (req.params as Record<string, string>)
        : null,
    query: url.searchParams,
    headers: req.headers,
    body: typeof req.body === 'string' && req.body.length > 0 ? req.body : null,
    claims,
    sourceIp: req.ip,
    protocol: `HTTP/${req.raw.httpVersion}`,
    requestId: randomUUID(),
    requestTimeEpoch: Date.now(),
  });
};
