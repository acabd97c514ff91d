import type { AuditEntry } from '../core/ports/audit-trail';
import type { EventDraft } from '../core/ports/events';
import type { WebhookEndpoint } from '../core/ports/webhooks';

/**
 * What the hub's disabling of a failing endpoint leaves behind (issue 36): an event for its
 * organisation (`webhook.disabled`: its feed, its administrators' notifications and e-mails as
 * their preferences say, a link to the system's endpoints) and an audit record of the change, by
 * no person (the delivery job). The event's key is the endpoint's and the moment it was disabled,
 * so the job's step run again writes it once.
 */
export const endpointDisabledRecords = (
  endpoint: Pick<
    WebhookEndpoint,
    'endpointId' | 'organisationId' | 'systemId' | 'url' | 'failingSince'
  >,
  at: Date,
): { event: { key: string; draft: EventDraft }; audit: AuditEntry } => {
  const since = endpoint.failingSince ?? at.toISOString();
  return {
    event: {
      key: `webhook-disabled:${endpoint.endpointId}:${at.toISOString()}`,
      draft: {
        kind: 'webhook.disabled',
        organisationId: endpoint.organisationId,
        subject: {
          type: 'webhook',
          id: endpoint.endpointId,
          name: endpoint.url,
          systemId: endpoint.systemId,
        },
        counterpart: null,
        reason: `failing-since-${since.slice(0, 10)}`,
      },
    },
    audit: {
      action: 'webhook.endpoint-disabled',
      outcome: 'success',
      actor: null,
      target: { type: 'webhook-endpoint', id: endpoint.endpointId, label: endpoint.url },
      organisationId: endpoint.organisationId,
      source: { ip: 'scheduled-job', userAgent: 'webhook-deliveries' },
      requestId: `webhook-disabled-${endpoint.endpointId}-${at.toISOString()}`,
      before: { status: 'active' },
      after: { status: 'disabled', disabledReason: 'failing', failingSince: since },
    },
  };
};
