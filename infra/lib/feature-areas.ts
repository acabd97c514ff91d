import type { Operation } from '@ccsc/contract';
import { auditRoutes } from '@ccsc/contract/audit';
import { credentialRoutes } from '@ccsc/contract/credentials';
import { dashboardRoutes } from '@ccsc/contract/dashboard';
import { documentImportRoutes, documentRoutes } from '@ccsc/contract/documents';
import { organisationRoutes } from '@ccsc/contract/organisations';
import { sessionRoutes } from '@ccsc/contract/session';
import { standardRoutes } from '@ccsc/contract/standards';
import { userRoutes } from '@ccsc/contract/users';

const operationsOf = <R extends Partial<Record<Operation, unknown>>>(areaRoutes: R) =>
  Object.keys(areaRoutes) as (keyof R & Operation)[];

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
  documents: operationsOf({ ...documentRoutes, ...documentImportRoutes }),
  dashboard: operationsOf(dashboardRoutes),
} as const satisfies Record<string, readonly Operation[]>;

export type FeatureArea = keyof typeof FEATURE_AREAS;

export const FEATURE_AREA_NAMES = Object.keys(FEATURE_AREAS) as FeatureArea[];

export const areaOf = (operation: Operation): FeatureArea => {
  const area = FEATURE_AREA_NAMES.find((a) =>
    (FEATURE_AREAS[a] as readonly Operation[]).includes(operation),
  );
  if (area === undefined) throw new Error(`Operation ${operation} belongs to no feature area`);
  return area;
};
