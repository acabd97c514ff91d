import { webhookPartnerRoutes as routes } from '@ccsc/contract/webhooks';
import { declareOperation as op } from '../core/operation';
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
