import type { webhookPartnerRoutes as routes } from '@ccsc/contract/webhooks';
import type { Core, PartnerContext } from '../core/request';
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
 * A system's own webhook endpoints through the partner API (issue 36, scope webhooks.manage):
 * the calling system acts for itself (webhook-endpoints.ts does the rest), audited as
 * `system:<id>`. Only its own endpoints exist for it (any other is 404).
 */
const ownerOf = (ctx: PartnerContext): WebhookOwner => ({
  systemId: ctx.client.systemId,
  organisationId: ctx.client.organisationId,
  actor: { sub: `system:${ctx.client.systemId}`, email: null, role: null },
  source: { ip: ctx.sourceIp, userAgent: ctx.userAgent },
  requestId: ctx.requestId,
});

type Partner<N extends keyof typeof routes> = Core<(typeof routes)[N], WebhookDeps>;

export const listWebhooks: Partner<'partner-list-webhooks'> = async (_input, ctx, deps) => ({
  endpoints: await endpointsOf(deps, ctx.client.systemId),
});

export const createWebhook: Partner<'partner-create-webhook'> = (input, ctx, deps) =>
  subscribe(deps, ownerOf(ctx), input);

export const updateWebhook: Partner<'partner-update-webhook'> = (input, ctx, deps) =>
  changeEndpoint(deps, ownerOf(ctx), input);

export const rotateWebhookSecret: Partner<'partner-rotate-webhook-secret'> = (input, ctx, deps) =>
  rotateSecret(deps, ownerOf(ctx), input);

export const deleteWebhook: Partner<'partner-delete-webhook'> = (input, ctx, deps) =>
  deleteEndpoint(deps, ownerOf(ctx), input);

export const webhookDeliveries: Partner<'partner-webhook-deliveries'> = (input, ctx, deps) =>
  deliveriesTo(deps, ownerOf(ctx), input);

export const redeliverWebhook: Partner<'partner-redeliver-webhook'> = (input, ctx, deps) =>
  redeliver(deps, ownerOf(ctx), input);
