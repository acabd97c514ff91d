import type { APIGatewayProxyEvent } from 'aws-lambda';
import { routeList } from '@ccsc/contract/routes';
import { allowedOrigins } from '../env';
import { withCors } from '../http/cors';
import { NotFoundError } from '../core/errors';
import { errorResponse } from '../http/responses';
import type { LambdaHandler } from '../http/router';
import { handleNotImplemented } from '../wiring/handler';

/**
 * The one Lambda entry of every operation whose feature has not landed: it validates like the
 * real one would (method, role, input) and then answers 501, never data.
 */
const byResource = new Map<string, LambdaHandler>(
  routeList.map((route) => [`${route.method} ${route.path}`, handleNotImplemented(route)]),
);

export const handler: LambdaHandler = async (event: APIGatewayProxyEvent, context) => {
  const path = event.path.replace(/^.*\/ccsc\/ui\//, '');
  const h = byResource.get(`${event.httpMethod} ${path}`);
  if (h) return h(event, context);
  const err = new NotFoundError(`No such call: ${event.httpMethod} ${event.path}`);
  return Promise.resolve(
    withCors(
      errorResponse(err.code, err.message, event.requestContext.requestId),
      event,
      allowedOrigins(),
    ),
  );
};
