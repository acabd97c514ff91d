import { operations, type Operation } from '@ccsc/contract/routes';
import { partnerRouteList, type PartnerOperation } from '@ccsc/contract/partner-api';
import type { RouteDefinition } from '@ccsc/contract/route';
import type { KitsOf, OperationDeclaration } from '../core/operation';
import type { LambdaHandler } from '../http/router';
import * as audit from '../audit/operations';
import * as credentials from '../credentials/operations';
import * as dashboard from '../dashboard/operations';
import * as documents from '../documents/operations';
import * as events from '../events/operations';
import * as flows from '../flows/operations';
import * as partner from '../partner/operations';
import * as registry from '../registry/operations';
import * as session from '../session/operations';
import * as standards from '../standards/operations';
import * as users from '../users/operations';
import * as webhooks from '../webhooks/operations';
import * as auditKits from '../wiring/audit-kits';
import * as credentialKits from '../wiring/credentials-kits';
import * as dashboardKits from '../wiring/dashboard-kits';
import * as documentKits from '../wiring/documents-kits';
import * as eventKits from '../wiring/events-kits';
import * as flowKits from '../wiring/flows-kits';
import { lambdaOf } from '../wiring/lambda-of';
import * as partnerKits from '../wiring/partner-kits';
import * as registryKits from '../wiring/registry-kits';
import * as sessionKits from '../wiring/session-kits';
import * as standardKits from '../wiring/standards-kits';
import * as userKits from '../wiring/users-kits';
import * as webhookKits from '../wiring/webhooks-kits';
import { handler as notImplemented } from './not-implemented';
import { handler as partnerOpenApi } from './partner-openapi';

/** A declaration whose route, core and kit have been checked already (`mount`'s `KitsOf`). */
type Checked = OperationDeclaration<RouteDefinition, unknown, string>;

/**
 * One area's handlers, from its table and the kits the Lambda wiring builds for it. `KitsOf`
 * makes the compiler check here that every kit the table names is built, with what its cores
 * take; after that check the pairs are handled alike, hence the one widening below.
 */
const mount = <T extends object>(table: T, kits: KitsOf<T>): [string, LambdaHandler][] =>
  (Object.values(table) as Checked[]).map((declared) => [
    declared.route.operation,
    lambdaOf(declared, kits as Readonly<Record<string, () => unknown>>),
  ]);

const declared = new Map<string, LambdaHandler>([
  ...mount(audit, auditKits),
  ...mount(credentials, credentialKits),
  ...mount(dashboard, dashboardKits),
  ...mount(documents, documentKits),
  ...mount(events, eventKits),
  ...mount(flows, flowKits),
  ...mount(partner, partnerKits),
  ...mount(registry, registryKits),
  ...mount(session, sessionKits),
  ...mount(standards, standardKits),
  ...mount(users, userKits),
  ...mount(webhooks, webhookKits),
]);

/**
 * Every declared console operation's Lambda handler, keyed by operation: the mock server calls
 * these, as infra deploys one function per declared operation. An operation missing here is
 * served by the not-implemented entry (501).
 */
export const implemented: Partial<Record<Operation, LambdaHandler>> = Object.fromEntries(
  operations.flatMap((op) => {
    const h = declared.get(op);
    return h === undefined ? [] : [[op, h]];
  }),
);

/** The partner API's functions: each partner call's, and the OpenAPI document's. */
export type PartnerFunction = PartnerOperation | 'partner-openapi';

/** A partner call has no 501 stand-in: its route lands in the contract with its declaration. */
const partnerHandlerOf = (op: string): LambdaHandler => {
  const h = declared.get(op);
  if (h === undefined) throw new Error(`The partner call ${op} is declared in no operations.ts`);
  return h;
};

/**
 * Every function's handler, by operation: each console operation's (`not-implemented` until its
 * feature lands), each partner call's and the partner API's OpenAPI document's. The offline
 * console mounts this one table, as infra deploys one function per entry.
 */
export const handlers: Record<Operation | PartnerFunction, LambdaHandler> = {
  ...(Object.fromEntries(operations.map((op) => [op, implemented[op] ?? notImplemented])) as Record<
    Operation,
    LambdaHandler
  >),
  ...(Object.fromEntries(
    partnerRouteList.map((route) => [route.operation, partnerHandlerOf(route.operation)]),
  ) as Record<PartnerOperation, LambdaHandler>),
  'partner-openapi': partnerOpenApi,
};
export type { LambdaHandler } from '../http/router';
