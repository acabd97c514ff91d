import {
  webhookConsoleRoutes as consoleRoutes,
  webhookPartnerRoutes as routes,
} from '@ccsc/contract/webhooks';
import type { AuditEntry } from '../core/ports/audit-trail';
import { declareOperation as op } from '../core/operation';
import { refusalsAudited as audited } from '../core/refusals-audited';
import * as admin from './console-webhooks.core';
import * as partner from './partner-webhooks.core';

// Webhooks (issue 36): a system's own endpoints through the partner API, one line each. The
// changes are journaled writes with their audit record; a redelivery sends (outbound HTTPS).
const WRITE = ['webhooks.write', 'audit.append', 'journal.entry'] as const;
export const partnerListWebhooks = /* @__PURE__ */ op(
  routes,
  'partner-list-webhooks',
  partner.listWebhooks,
  'webhooks',
  ['webhooks.read'],
);
export const partnerCreateWebhook = /* @__PURE__ */ op(
  routes,
  'partner-create-webhook',
  partner.createWebhook,
  'webhooks',
  WRITE,
);
export const partnerUpdateWebhook = /* @__PURE__ */ op(
  routes,
  'partner-update-webhook',
  partner.updateWebhook,
  'webhooks',
  WRITE,
);
export const partnerRotateWebhookSecret = /* @__PURE__ */ op(
  routes,
  'partner-rotate-webhook-secret',
  partner.rotateWebhookSecret,
  'webhooks',
  WRITE,
);
export const partnerDeleteWebhook = /* @__PURE__ */ op(
  routes,
  'partner-delete-webhook',
  partner.deleteWebhook,
  'webhooks',
  WRITE,
);
export const partnerWebhookDeliveries = /* @__PURE__ */ op(
  routes,
  'partner-webhook-deliveries',
  partner.webhookDeliveries,
  'webhooks',
  ['webhooks.read'],
);
// Redelivery: the request audited, the delivery's attempt recorded (the dispatcher's writes).
export const partnerRedeliverWebhook = /* @__PURE__ */ op(
  routes,
  'partner-redeliver-webhook',
  partner.redeliverWebhook,
  'webhooks',
  ['webhooks.deliver', 'audit.append'],
);

// The same, by an administrator in the console for a system in reach (console-webhooks.core.ts);
// each change's refusal audited with the action it would have had.
type Target = NonNullable<AuditEntry['target']>;
const endpoint = (i: { endpointId: string }): Target => ({
  type: 'webhook-endpoint',
  id: i.endpointId,
});
const system = (i: { systemId: string }): Target => ({ type: 'system', id: i.systemId });
const CONSOLE_WRITE = ['registry.read', 'webhooks.write', 'audit.append', 'journal.entry'] as const;
export const listWebhookEndpoints = /* @__PURE__ */ op(
  consoleRoutes,
  'list-webhook-endpoints',
  admin.listEndpoints,
  'consoleWebhooks',
  ['registry.read', 'webhooks.read'],
);
export const createWebhookEndpoint = /* @__PURE__ */ op(
  consoleRoutes,
  'create-webhook-endpoint',
  /* @__PURE__ */ audited(
    { action: 'webhook.endpoint-created', target: system },
    admin.createEndpoint,
  ),
  'consoleWebhooks',
  CONSOLE_WRITE,
);
export const updateWebhookEndpoint = /* @__PURE__ */ op(
  consoleRoutes,
  'update-webhook-endpoint',
  /* @__PURE__ */ audited(
    { action: 'webhook.endpoint-changed', target: endpoint },
    admin.updateEndpoint,
  ),
  'consoleWebhooks',
  CONSOLE_WRITE,
);
export const rotateWebhookSecret = /* @__PURE__ */ op(
  consoleRoutes,
  'rotate-webhook-secret',
  /* @__PURE__ */ audited(
    { action: 'webhook.secret-rotated', target: endpoint },
    admin.rotateEndpointSecret,
  ),
  'consoleWebhooks',
  CONSOLE_WRITE,
);
export const deleteWebhookEndpoint = /* @__PURE__ */ op(
  consoleRoutes,
  'delete-webhook-endpoint',
  /* @__PURE__ */ audited(
    { action: 'webhook.endpoint-deleted', target: endpoint },
    admin.deleteEndpointOf,
  ),
  'consoleWebhooks',
  CONSOLE_WRITE,
);
export const listWebhookDeliveries = /* @__PURE__ */ op(
  consoleRoutes,
  'list-webhook-deliveries',
  admin.listDeliveries,
  'consoleWebhooks',
  ['webhooks.read'],
);
export const redeliverWebhook = /* @__PURE__ */ op(
  consoleRoutes,
  'redeliver-webhook',
  /* @__PURE__ */ audited(
    { action: 'webhook.redelivery-requested', target: endpoint },
    admin.redeliverTo,
  ),
  'consoleWebhooks',
  ['webhooks.deliver', 'audit.append'],
);
