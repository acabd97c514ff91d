import type { APIGatewayProxyEvent } from 'aws-lambda';

/** What a request gives the event; the rest is fixed, as the offline stage `local` has it. */
export interface ApiGatewayEventOptions {
  method: string;
  /** The route's resource path, as API Gateway names the resource (`/ccsc/ui/create-user`). */
  resource: string;
  /** The request's path, without its query. */
  path: string;
  /** The values of the resource's `{name}` segments (decoded), as API Gateway gives them. */
  pathParameters?: Readonly<Record<string, string>> | null;
  /** The query's key/value pairs in order; a repeated key comes once per value. */
  query?: Iterable<readonly [string, string]>;
  /** Request headers by name, a repeated header as the list of its values. */
  headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
  body?: string | null;
  /** The ID token's claims, stringified as API Gateway's Cognito authorizer gives them. */
  claims?: Record<string, string> | null;
  sourceIp: string;
  /** `HTTP/1.1` */
  protocol: string;
  requestId: string;
  requestTimeEpoch: number;
}

/**
 * The API Gateway REST (v1) proxy event AWS would hand the Lambda for a request: the one builder
 * the offline server (from a Fastify request) and the handler tests (from options) share.
 */
export const buildApiGatewayEvent = (o: ApiGatewayEventOptions): APIGatewayProxyEvent => {
  // Request-controlled keys are gathered in Maps and turned into objects by Object.fromEntries,
  // which defines each one as an own property: `?__proto__=1`, `?toString=1` or a header named
  // `constructor` reach the Lambda as ordinary keys, exactly as API Gateway's JSON event gives
  // them (JSON.parse makes `__proto__` an own key too). Indexing a plain `{}` with such a key
  // reads or writes Object.prototype's member instead (`?toString=1` made every route a 500).
  const query = new Map<string, string[]>();
  for (const [key, value] of o.query ?? []) {
    const values = query.get(key);
    if (values === undefined) query.set(key, [value]);
    else values.push(value);
  }
  const headerValues = new Map<string, string[]>();
  for (const [key, value] of Object.entries(o.headers ?? {})) {
    if (value === undefined) continue;
    headerValues.set(key, typeof value === 'string' ? [value] : [...value]);
  }
  const headers = Object.fromEntries(
    [...headerValues].map(([key, values]) => [key, values.join(',')]),
  );
  const multiValueHeaders = Object.fromEntries(headerValues);
  const hasQuery = query.size > 0;
  // API Gateway keeps the last value of a repeated parameter in the single-value map.
  const single = Object.fromEntries([...query].map(([key, values]) => [key, values.at(-1) ?? '']));
  const multi = Object.fromEntries(query);
  return {
    resource: o.resource,
    path: o.path,
    httpMethod: o.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? single : null,
    multiValueQueryStringParameters: hasQuery ? multi : null,
    pathParameters:
      o.pathParameters === undefined || o.pathParameters === null
        ? null
        : Object.fromEntries(Object.entries(o.pathParameters)),
    stageVariables: null,
    body: o.body ?? null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: o.claims ? { claims: o.claims } : null,
      protocol: o.protocol,
      httpMethod: o.method,
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
        sourceIp: o.sourceIp,
        user: null,
        userAgent: headerValues.get('user-agent')?.join(',') ?? null,
        userArn: null,
      },
      path: o.path,
      stage: 'local',
      requestId: o.requestId,
      requestTimeEpoch: o.requestTimeEpoch,
      resourceId: 'local',
      resourcePath: o.resource,
    },
  };
};
