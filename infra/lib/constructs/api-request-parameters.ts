import * as z from 'zod';
import type { RouteDefinition } from '@ccsc/contract';
import { pathParametersOf, type PartnerRouteDefinition } from '@ccsc/contract/partner-api';

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

/**
 * A partner route's request parameters: its path's `{name}` segments (always required), and for a
 * query route the other fields as query parameters. A body route's body is checked by its function.
 */
export const partnerParameters = (route: PartnerRouteDefinition): Record<string, boolean> => {
  const inPath = pathParametersOf(route.path);
  const query = Object.entries(route.input === 'query' ? queryParameters(route) : {}).filter(
    ([key]) => !inPath.some((name) => key === `method.request.querystring.${name}`),
  );
  return {
    ...Object.fromEntries(query),
    ...Object.fromEntries(inPath.map((name) => [`method.request.path.${name}`, true])),
  };
};
