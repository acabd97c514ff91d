import { API_PREFIXES, routes, type Operation } from '@ccsc/contract';
import {
  PARTNER_OPENAPI_PATH,
  partnerRoutes,
  type PartnerOperation,
} from '@ccsc/contract/partner-api';
import { auditRoutes } from '@ccsc/contract/audit';
import { credentialRoutes } from '@ccsc/contract/credentials';
import { dashboardRoutes } from '@ccsc/contract/dashboard';
import {
  documentImportRoutes,
  documentReturnRoutes,
  documentRoutes,
} from '@ccsc/contract/documents';
import { notificationRoutes } from '@ccsc/contract/notifications';
import { documentRequestRoutes } from '@ccsc/contract/document-requests';
import { distributionRoutes } from '@ccsc/contract/distributions';
import { organisationRoutes } from '@ccsc/contract/organisations';
import { sessionRoutes } from '@ccsc/contract/session';
import { standardRoutes } from '@ccsc/contract/standards';
import { userRoutes } from '@ccsc/contract/users';
import { webhookConsoleRoutes } from '@ccsc/contract/webhooks';

/**
 * Every function of the API: one per operation of the one route declaration, console and partner
 * alike, and the partner API's public OpenAPI document (built from the declaration itself).
 */
export const OPENAPI_FUNCTION = 'partner-openapi';
export type ApiFunction = Operation | PartnerOperation | typeof OPENAPI_FUNCTION;

const operationsOf = <R extends Partial<Record<ApiFunction, unknown>>>(areaRoutes: R) =>
  Object.keys(areaRoutes) as (keyof R & ApiFunction)[];

/**
 * The contract's feature areas (one file of lambdas/contract/src each): the operations' functions
 * are deployed in one nested stack per area (see README, "Staying under CloudFormation's limits").
 * A test checks that the areas hold every operation of the contract exactly once.
 */
export const FEATURE_AREAS = {
  session: operationsOf(sessionRoutes),
  users: operationsOf(userRoutes),
  audit: operationsOf(auditRoutes),
  organisations: operationsOf(organisationRoutes),
  credentials: operationsOf(credentialRoutes),
  standards: operationsOf(standardRoutes),
  documents: operationsOf({
    ...documentRoutes,
    ...documentImportRoutes,
    ...documentReturnRoutes,
    ...documentRequestRoutes,
  }),
  dashboard: operationsOf(dashboardRoutes),
  notifications: operationsOf(notificationRoutes),
  // Safety-letter distributions (issue 35 part D): a stack of their own, the documents' is full.
  distributions: operationsOf(distributionRoutes),
  // A system's webhook endpoints managed in the console (issue 36).
  webhooks: operationsOf(webhookConsoleRoutes),
  partner: [...operationsOf(partnerRoutes), OPENAPI_FUNCTION],
} as const satisfies Record<string, readonly ApiFunction[]>;

export type FeatureArea = keyof typeof FEATURE_AREAS;

export const FEATURE_AREA_NAMES = Object.keys(FEATURE_AREAS) as FeatureArea[];

export const areaOf = (operation: ApiFunction): FeatureArea => {
  const area = FEATURE_AREA_NAMES.find((a) =>
    (FEATURE_AREAS[a] as readonly ApiFunction[]).includes(operation),
  );
  if (area === undefined) throw new Error(`Operation ${operation} belongs to no feature area`);
  return area;
};

const allRoutes = { ...routes, ...partnerRoutes };

/** The route a function serves, or null for the OpenAPI document (a public GET of its own). */
export const routeOf = (name: ApiFunction) => (name === OPENAPI_FUNCTION ? null : allRoutes[name]);

/** What a function answers: its method and full path. */
export const callOf = (name: ApiFunction): { method: string; path: string } => {
  const route = routeOf(name);
  return route === null
    ? { method: 'GET', path: `${API_PREFIXES.partner}${PARTNER_OPENAPI_PATH}` }
    : { method: route.method, path: `${API_PREFIXES[route.api]}${route.path}` };
};
