import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

/**
 * API Gateway cannot add CORS headers to a Lambda proxy response, so the handler does: only for
 * an Origin on the allow-list, echoed back, never "*".
 */
export const withCors = (
  result: APIGatewayProxyResult,
  event: APIGatewayProxyEvent,
  allowed: readonly string[],
): APIGatewayProxyResult => {
  const origin = Object.entries(event.headers).find(([k]) => k.toLowerCase() === 'origin')?.[1];
  const headers = { ...result.headers, Vary: 'Origin' };
  if (origin !== undefined && allowed.includes(origin)) {
    return { ...result, headers: { ...headers, 'Access-Control-Allow-Origin': origin } };
  }
  return { ...result, headers };
};
