import type { APIGatewayProxyEvent } from 'aws-lambda';
import { buildApiGatewayEvent } from '../http/api-gateway-event';

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

/**
 * The event for a call to `/ccsc/ui/<path>` (POST with a JSON body unless told otherwise), built
 * by the one builder the offline server uses too.
 */
export const apiGatewayEvent = (o: EventOptions): APIGatewayProxyEvent => {
  const method = o.method ?? 'POST';
  const path = `/ccsc/ui/${o.path}`;
  // Own keys whatever their names (`__proto__` included), as API Gateway's JSON gives them.
  const query = Object.entries(o.query ?? {}).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => [key, one] as const),
  );
  return buildApiGatewayEvent({
    method,
    resource: path,
    path,
    query,
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...o.headers },
    body: o.rawBody ?? (o.body === undefined ? null : JSON.stringify(o.body)),
    claims: o.claims ?? null,
    sourceIp: '127.0.0.1',
    protocol: 'HTTP/1.1',
    requestId: 'req-test-1',
    requestTimeEpoch: 0,
  });
};
