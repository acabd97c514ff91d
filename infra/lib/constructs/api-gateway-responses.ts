import * as apigw from 'aws-cdk-lib/aws-apigateway';

const errorBody = (code: string, message: string) =>
  JSON.stringify({ status: 'error', error: { code, message } });
/** `$context.error.messageString` is API Gateway's message, already quoted and escaped. */
const errorBodyWithGatewayMessage = (code: string) =>
  `{"status":"error","error":{"code":"${code}","message":$context.error.messageString}}`;

/**
 * API Gateway's own answers (refused token, throttling, validation, unknown route, errors)
 * in the contract's error envelope, with the console's CORS headers so the browser can read
 * them. UNAUTHORIZED is exactly what the offline authorizer answers.
 *
 * A gateway response is one per API and type, its headers static or copied from the request
 * (templates are not run through VTL), so it cannot differ by path: which is why the partner API
 * has no authorizer (partner-api.ts) and its functions answer 401 and 403 themselves, with RFC
 * 6750's `WWW-Authenticate` (lambdas http/router.ts). UNAUTHORIZED is the console's alone.
 */
export const addGatewayResponses = (restApi: apigw.RestApi, consoleOrigin: string): void => {
  const headers = {
    'Access-Control-Allow-Origin': `'${consoleOrigin}'`,
    Vary: "'Origin'",
    'Cache-Control': "'no-store'",
    'X-Content-Type-Options': "'nosniff'",
  };
  const responses: {
    type: apigw.ResponseType;
    statusCode?: string;
    body: string;
  }[] = [
    {
      type: apigw.ResponseType.UNAUTHORIZED,
      statusCode: '401',
      body: errorBody('UNAUTHORIZED', 'Unauthorized'),
    },
    {
      type: apigw.ResponseType.ACCESS_DENIED,
      statusCode: '403',
      body: errorBody('FORBIDDEN', 'Forbidden'),
    },
    {
      type: apigw.ResponseType.WAF_FILTERED,
      statusCode: '403',
      body: errorBody('FORBIDDEN', 'The request was blocked by the firewall.'),
    },
    {
      type: apigw.ResponseType.THROTTLED,
      statusCode: '429',
      body: errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'),
    },
    {
      type: apigw.ResponseType.QUOTA_EXCEEDED,
      statusCode: '429',
      body: errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.'),
    },
    {
      type: apigw.ResponseType.BAD_REQUEST_BODY,
      statusCode: '400',
      body: errorBodyWithGatewayMessage('VALIDATION_FAILED'),
    },
    {
      type: apigw.ResponseType.BAD_REQUEST_PARAMETERS,
      statusCode: '400',
      body: errorBodyWithGatewayMessage('VALIDATION_FAILED'),
    },
    {
      // API Gateway's answer to a path or method that is not in the route table.
      type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      body: errorBody('NOT_FOUND', 'No such call.'),
    },
    {
      type: apigw.ResponseType.REQUEST_TOO_LARGE,
      statusCode: '413',
      body: errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'),
    },
    {
      type: apigw.ResponseType.UNSUPPORTED_MEDIA_TYPE,
      statusCode: '415',
      body: errorBody('UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.'),
    },
    {
      type: apigw.ResponseType.INTEGRATION_TIMEOUT,
      statusCode: '504',
      body: errorBody(
        'SERVICE_UNAVAILABLE',
        'The service did not answer in time. Please try again.',
      ),
    },
    { type: apigw.ResponseType.DEFAULT_4XX, body: errorBodyWithGatewayMessage('BAD_REQUEST') },
    {
      type: apigw.ResponseType.DEFAULT_5XX,
      body: errorBody('INTERNAL', 'Something went wrong on our side. Please try again later.'),
    },
  ];
  for (const r of responses) {
    restApi.addGatewayResponse(r.type.responseType, {
      type: r.type,
      ...(r.statusCode ? { statusCode: r.statusCode } : {}),
      responseHeaders: headers,
      templates: { 'application/json': r.body },
    });
  }
};
