import { mayManageCredentials, seesCredential } from '@ccsc/contract/credential-access';
import type { webhookConsoleRoutes as routes } from '@ccsc/contract/webhooks';
import { actorOf, sourceOf } from '../core/audit-entry';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Registry } from '../core/ports/registry';
import type { WebhookEndpoint } from '../core/ports/webhooks';
import type { Caller, Core, RequestContext } from '../core/request';
import {
  changeEndpoint,
  deleteEndpoint,
  deliveriesTo,
  endpointsOf,
  redeliver,
  rotateSecret,
  subscribe,
  type WebhookDeps,
  type WebhookOwner,
} from './webhook-endpoints';

/**
 * A system's webhook endpoints in the console (issue 36): what the system may do for itself
 * through the partner API (webhook-endpoints.ts), done by an administrator for it. Who may is the
 * credentials' rule, since an endpoint, like a credential, is the system's link to the outside:
 * every role reads within its reach; a PlatformAdmin, or the system's organisation's OrgAdmin,
 * changes. A system or endpoint out of the caller's reach is 404, as if it did not exist; one in
 * reach that the caller may not change is 403. Each change is audited as the administrator, and
 * so is each refusal (operations.ts).
 */
export interface ConsoleWebhookDeps extends WebhookDeps {
  registry: Pick<Registry, 'get'>;
  audit: Pick<AuditTrail, 'append' | 'appendAll'>;
}

type Console<N extends keyof typeof routes> = Core<(typeof routes)[N], ConsoleWebhookDeps>;

const NO_SYSTEM = 'No such system.';
const NO_ENDPOINT = 'No webhook endpoint with that id.';
const MAY_NOT = "You may change the webhook endpoints of your own organisation's systems only.";

const ownerOf = (
  ctx: RequestContext<Caller>,
  target: { systemId: string; organisationId: string },
): WebhookOwner => ({
  systemId: target.systemId,
  organisationId: target.organisationId,
  actor: actorOf(ctx.caller),
  source: sourceOf(ctx),
  requestId: ctx.requestId,
});

/** The system, if the caller sees it (404 otherwise). */
const seenSystem = async (deps: ConsoleWebhookDeps, ctx: RequestContext<Caller>, id: string) => {
  const system = await deps.registry.get('system', id);
  if (system === null || !seesCredential(ctx.caller, system.organisationId)) {
    throw new NotFoundError(NO_SYSTEM);
  }
  return system;
};

/** The endpoint, if the caller sees its system (404 otherwise) and, for a change, manages it. */
const endpointFor = async (
  deps: ConsoleWebhookDeps,
  ctx: RequestContext<Caller>,
  endpointId: string,
  change: boolean,
): Promise<WebhookEndpoint> => {
  const endpoint = await deps.store.endpoint(endpointId);
  if (endpoint === null || !seesCredential(ctx.caller, endpoint.organisationId)) {
    throw new NotFoundError(NO_ENDPOINT);
  }
  if (change && !mayManageCredentials(ctx.caller, endpoint.organisationId)) {
    throw new ForbiddenError(MAY_NOT);
  }
  return endpoint;
};

export const listEndpoints: Console<'list-webhook-endpoints'> = async (input, ctx, deps) => {
  const system = await seenSystem(deps, ctx, input.systemId);
  const organisation = await deps.registry.get('organisation', system.organisationId);
  return {
    system: {
      systemId: system.systemId,
      name: system.name,
      kind: system.kind,
      status: system.status,
      organisationId: system.organisationId,
      organisationName: organisation?.name ?? system.organisationId,
    },
    endpoints: await endpointsOf(deps, system.systemId),
  };
};

export const createEndpoint: Console<'create-webhook-endpoint'> = async (input, ctx, deps) => {
  const { systemId, ...subscription } = input;
  const system = await seenSystem(deps, ctx, systemId);
  if (!mayManageCredentials(ctx.caller, system.organisationId)) throw new ForbiddenError(MAY_NOT);
  if (system.status !== 'active') {
    throw new ConflictError('The system is inactive: activate it before subscribing endpoints.');
  }
  return subscribe(deps, ownerOf(ctx, system), subscription);
};

export const updateEndpoint: Console<'update-webhook-endpoint'> = async (input, ctx, deps) =>
  changeEndpoint(deps, ownerOf(ctx, await endpointFor(deps, ctx, input.endpointId, true)), input);

export const rotateEndpointSecret: Console<'rotate-webhook-secret'> = async (input, ctx, deps) =>
  rotateSecret(deps, ownerOf(ctx, await endpointFor(deps, ctx, input.endpointId, true)), input);

export const deleteEndpointOf: Console<'delete-webhook-endpoint'> = async (input, ctx, deps) =>
  deleteEndpoint(deps, ownerOf(ctx, await endpointFor(deps, ctx, input.endpointId, true)), input);

export const listDeliveries: Console<'list-webhook-deliveries'> = async (input, ctx, deps) =>
  deliveriesTo(deps, await endpointFor(deps, ctx, input.endpointId, false), input);

export const redeliverTo: Console<'redeliver-webhook'> = async (input, ctx, deps) =>
  redeliver(deps, ownerOf(ctx, await endpointFor(deps, ctx, input.endpointId, true)), input);
