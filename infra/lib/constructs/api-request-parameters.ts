import * as z from 'zod';
import type { RouteDefinition } from '@ccsc/contract';

// The request parameters API Gateway validates, from the contract's request schemas.

type JsonObject = Record<string, unknown>;

/** Query parameters of a query route, required or not, from its request schema. */
export const queryParameters = (
  route: Pick<RouteDefinition, 'request'>,
): Record<string, boolean> => {
  const json = z.toJSONSchema(route.request, {
    target: 'draft-4',
    io: 'input',
    unrepresentable: 'any',
  }) as { properties?: JsonObject; required?: string[] };
  return Object.fromEntries(
    Object.keys(json.properties ?? {}).map((name) => [
      `method.request.querystring.${name}`,
      (json.required ?? []).includes(name),
    ]),
  );
};
