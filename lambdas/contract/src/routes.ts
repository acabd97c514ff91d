import type * as z from 'zod';
import { auditRoutes } from './audit';
import { credentialRoutes } from './credentials';
import { dashboardRoutes } from './dashboard';
import { notificationRoutes } from './notifications';
import { distributionRoutes } from './distributions';
import { documentRoutes } from './document-routes';
import { documentImportRoutes } from './document-import-routes';
import { documentReturnRoutes } from './document-return-routes';
import { documentRequestRoutes } from './document-request-routes';
import { organisationRoutes } from './organisation-routes';
import { sessionRoutes } from './session';
import { standardRoutes } from './standard-routes';
import { userRoutes } from './users';
import { webhookConsoleRoutes } from './webhooks';

/**
 * THE table of /ccsc/ui/ calls (SPEC §7). The Lambda router, the mock server's routes, the web
 * client and the CDK API are all generated from it. Where SPEC shows no payload, the schemas here
 * are our design, written as a user of the call needs it; the feature issues may refine them.
 *
 * Every object is strict: an unknown field is a 400, not silently dropped.
 */
export const routes = {
  ...sessionRoutes,
  ...userRoutes,
  ...auditRoutes,
  ...organisationRoutes,
  ...credentialRoutes,
  ...standardRoutes,
  ...documentRoutes,
  ...documentImportRoutes,
  ...documentReturnRoutes,
  ...dashboardRoutes,
  ...notificationRoutes,
  ...documentRequestRoutes,
  ...distributionRoutes,
  ...webhookConsoleRoutes,
} as const;

export type Routes = typeof routes;
export type Operation = keyof Routes;
export type RequestOf<Op extends Operation> = z.input<Routes[Op]['request']>;
export type ParsedRequestOf<Op extends Operation> = z.output<Routes[Op]['request']>;
export type ResponseOf<Op extends Operation> = z.output<Routes[Op]['response']>;

export const operations = Object.keys(routes) as Operation[];
export const routeList = Object.values(routes);
