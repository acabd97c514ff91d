import { describe, expect, it } from 'vitest';
import { eventRecordSchema } from '@ccsc/contract/events';
import { endpointDisabledRecords } from './webhook-disabled';

const endpoint = {
  endpointId: `whe_${'b'.repeat(26)}`,
  organisationId: 'SITE',
  systemId: 'sys-1',
  url: 'https://hooks.nord.example.com/ccsc',
  failingSince: '2026-12-04T10:00:00.000Z',
};
const at = new Date('2026-12-07T05:35:05.000Z');

describe('an endpoint the hub disabled', () => {
  it('is an event for its organisation, linking to the system’s endpoints, and an audit record', () => {
    const { event, audit } = endpointDisabledRecords(endpoint, at);
    expect(event.key).toBe(`webhook-disabled:${endpoint.endpointId}:2026-12-07T05:35:05.000Z`);
    expect(event.draft).toEqual({
      kind: 'webhook.disabled',
      organisationId: 'SITE',
      subject: { type: 'webhook', id: endpoint.endpointId, name: endpoint.url, systemId: 'sys-1' },
      counterpart: null,
      reason: 'failing-since-2026-12-04',
    });
    // As the events feed and the webhooks give it.
    expect(() =>
      eventRecordSchema.parse({
        ...event.draft,
        eventId: '01JF3KB2C4D6E8F0G2H4J6K8M0',
        sequence: '1',
        at: at.toISOString(),
      }),
    ).not.toThrow();
    expect(audit).toMatchObject({
      action: 'webhook.endpoint-disabled',
      actor: null,
      organisationId: 'SITE',
      target: { type: 'webhook-endpoint', id: endpoint.endpointId },
      after: { status: 'disabled', disabledReason: 'failing' },
    });
    // Again: the same key and request, so a step run again writes nothing twice.
    expect(endpointDisabledRecords(endpoint, at)).toEqual({ event, audit });
  });
});
